import Foundation
import Imaging
import Vocabulary

/// The parameters of the app's look of the cube room (`--look app`): what the app sets
/// (AristidesAI/Splat-Frame, `Views/CubeMode/CubeSceneController.swift`: `makePlane`, `makeEdge`,
/// `setupLighting`, `setZoomScale`; `CubeSceneView.swift`) and the constants of ParallaxLab's model of
/// SceneKit's physically based shading, which no device capture has calibrated yet. Every value can be
/// overridden (`parse`), so a capture can calibrate it.
package struct AppLookParameters: Sendable, Equatable {
    /// Face opacity (`material.transparency = 0.5`, `.aOne`: α = texel α × transparency).
    package var opacity: Double = 0.5
    /// Ambient light, SceneKit intensity / 1000 (`ambient.light.intensity = 600`).
    package var ambient: Double = 0.6
    /// Directional light, intensity / 1000 (`directional.light.intensity = 400`).
    package var directional: Double = 0.4
    /// The directional light node's euler angles in radians (pitch x, yaw y, roll z): (−π/4, π/4, 0).
    /// SceneKit lights shine along the node's −z; the rotation applied is Rx(pitch)·Ry(yaw)·Rz(roll)
    /// (roll first, then yaw, then pitch, as SceneKit documents for `eulerAngles`).
    package var lightPitch: Double = -Double.pi / 4
    package var lightYaw: Double = Double.pi / 4
    package var lightRoll: Double = 0
    /// Model constants (not set by the app): dielectric Fresnel reflectance at normal incidence and
    /// perceptual roughness of the GGX specular lobe.
    package var f0: Double = 0.04
    package var roughness: Double = 0.5
    /// Edge cylinders: radius in meters (`edgeRadius = 0.002`) and emitted linear intensity (white
    /// `.constant` material: emission 1 + diffuse 1 × ambient, clamped to 1).
    package var edgeRadius: Double = 0.002
    package var edgeIntensity: Double = 1
    /// Pinch zoom: the room node's z scale (0.3–4.0, default 0.6). The room's depth given to the renderer
    /// already includes it; it also flattens the edge cylinders' cross-sections along z.
    package var zoom: Double = 0.6
    /// Frames per second of image-sequence faces ("video" faces).
    package var faceFPS: Double = 30

    package init() {}

    /// Unit vector toward the directional light (the negated direction the light travels).
    package var towardLight: SIMD3<Double> {
        // d = Rx(pitch)·Ry(yaw)·Rz(roll)·(0, 0, −1); Rz leaves (0, 0, −1) unchanged.
        let y = SIMD3(-sin(lightYaw), 0, -cos(lightYaw))
        let x = SIMD3(y.x, y.y * cos(lightPitch) - y.z * sin(lightPitch), y.y * sin(lightPitch) + y.z * cos(lightPitch))
        return -x
    }

    // A constant table, never written; key paths are not `Sendable` to the compiler, hence the escape.
    nonisolated(unsafe) static let keys: [(String, WritableKeyPath<AppLookParameters, Double>, ClosedRange<Double>)] = [
        ("opacity", \.opacity, 0...1), ("ambient", \.ambient, 0...100), ("directional", \.directional, 0...100),
        ("light-pitch", \.lightPitch, -10...10), ("light-yaw", \.lightYaw, -10...10), ("light-roll", \.lightRoll, -10...10),
        ("f0", \.f0, 0...1), ("roughness", \.roughness, 0.01...1), ("edge-radius", \.edgeRadius, 0...0.1),
        ("edge-intensity", \.edgeIntensity, 0...100), ("zoom", \.zoom, 0.3...4), ("face-fps", \.faceFPS, 0.001...1000),
    ]

    /// Parses overrides `key=value,key=value` (keys: opacity, ambient, directional, light-pitch, light-yaw,
    /// light-roll, f0, roughness, edge-radius, edge-intensity, zoom, face-fps) over the defaults.
    package static func parse(_ text: String) throws -> AppLookParameters {
        var parameters = AppLookParameters()
        for item in text.split(separator: ",", omittingEmptySubsequences: true) {
            let parts = item.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard parts.count == 2, let entry = keys.first(where: { $0.0 == parts[0] }) else {
                throw FieldError("app_look", expected: "key=value with key one of \(keys.map(\.0).joined(separator: ", "))", found: "'\(item)'")
            }
            guard let value = Double(parts[1]), value.isFinite, entry.2.contains(value) else {
                throw FieldError(FieldPath([.key("app_look"), .key(entry.0)]), expected: "a number in \(entry.2.lowerBound)…\(entry.2.upperBound)", found: "'\(parts[1])'")
            }
            parameters[keyPath: entry.1] = value
        }
        return parameters
    }
}
