import Foundation
import Reporting
import Geometry
import Golden
import Projection
import Rendering
import Scenes
import Splatting
import Tracking
import Vocabulary

/// What a frame shows: the cube room `{cube: screen|app-cube|app-portrait|"W,H,D", textures: {back: photo.png}}`
/// or a Gaussian-splat scene `{splat: scene.ply, mode: inria|metalsplatter, view: translate|splat, flip_y: true,
/// fit: true, scale: 1}` (placement as `parallax render splat`). Values are decoded into their types here, so a
/// bad one is reported at its line.
package struct SceneSpec: Decodable, Sendable {
    package var cube: RoomPreset?
    package var textures: [CubeRoom.Face: String]
    package var splat: String?
    package var mode: SplatMode
    package var view: OffAxisProjection.ViewPreset
    package var flipY: Bool
    package var fit: Bool
    package var scale: Double
    /// Cube only: `reference` (unlit opaque room) or `app` (the app's SceneKit look), with optional
    /// `app_look` parameter overrides ("key=value,…", as `--app-look`).
    package var look: CubeLook
    package var appLook: AppLookParameters

    enum CodingKeys: String, CodingKey, CaseIterable {
        case cube, textures, splat, mode, view, fit, scale, look
        case flipY = "flip_y"
        case appLook = "app_look"
    }

    package init(from decoder: Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let c = try decoder.container(keyedBy: CodingKeys.self)
        cube = try c.decodeIfPresent(String.self, forKey: .cube).map { text in
            do { return try RoomPreset(parsing: text) } catch {
                throw DecodingError.dataCorruptedError(forKey: .cube, in: c, debugDescription: "\(error)")
            }
        }
        var textures: [CubeRoom.Face: String] = [:]
        for (name, path) in try c.decodeIfPresent([String: String].self, forKey: .textures) ?? [:] {
            guard let face = CubeRoom.Face(rawValue: name) else {
                throw DecodingError.dataCorruptedError(forKey: .textures, in: c, debugDescription:
                    "unknown face '\(name)'; expected \(CubeRoom.Face.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            textures[face] = path
        }
        self.textures = textures
        splat = try c.decodeIfPresent(String.self, forKey: .splat)
        mode = try c.decodeEnumIfPresent(SplatMode.self, forKey: .mode) ?? .inria
        view = try c.decodeEnumIfPresent(OffAxisProjection.ViewPreset.self, forKey: .view) ?? .translate
        flipY = try c.decodeIfPresent(Bool.self, forKey: .flipY) ?? false
        fit = try c.decodeIfPresent(Bool.self, forKey: .fit) ?? true
        scale = try c.decodeIfPresent(Double.self, forKey: .scale) ?? 1
        look = try c.decodeEnumIfPresent(CubeLook.self, forKey: .look) ?? .reference
        guard look == .reference || splat == nil else {
            throw DecodingError.dataCorruptedError(forKey: .look, in: c, debugDescription: "expected reference or app (app only for a cube), found '\(look.rawValue)'")
        }
        let appLookText = try c.decodeIfPresent(String.self, forKey: .appLook)
        guard appLookText == nil || look == .app else {
            throw DecodingError.dataCorruptedError(forKey: .appLook, in: c, debugDescription: "app_look applies to look: app only")
        }
        do { appLook = try AppLookParameters.parse(appLookText ?? "") } catch var error as FieldError {
            // The coding path names `app_look`; the message names the parameter inside it.
            error.path = FieldPath(Array(error.path.steps.dropFirst()))
            throw DecodingError.dataCorruptedError(forKey: .appLook, in: c, debugDescription: error.description)
        }
        guard (cube == nil) != (splat == nil) else {
            throw DecodingError.dataCorrupted(DecodingError.Context(codingPath: decoder.codingPath, debugDescription: "give exactly one of 'cube' or 'splat'"))
        }
    }

    package var description: String {
        if let splat { return "splat \(splat) (\(mode.rawValue), view \(view.rawValue)\(flipY ? ", flip-y" : ""))" }
        let textureNames = textures.keys.map(\.rawValue).sorted()
        let lookSuffix = look == .app ? ", look app" : ""
        return textureNames.isEmpty ? "cube \(cube!)\(lookSuffix)" : "cube \(cube!) (textures: \(textureNames.joined(separator: ", ")))\(lookSuffix)"
    }

    /// The scene to render, with file paths resolved by `resolve` (relative to the suite file).
    func source(samples: Int, resolve: (String) -> String) -> SceneSource {
        if let splat {
            let placement = ScenePlacement(fit: fit, scale: scale, flipY: flipY)
            return .splat(SceneSource.SplatSettings(path: resolve(splat), mode: mode, placement: placement))
        }
        return .cube(SceneSource.CubeSettings(room: cube!, textures: textures.mapValues(resolve), samples: samples, look: look, appLook: appLook))
    }
}
