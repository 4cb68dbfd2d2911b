import Foundation

/// What the app look draws, in world meters: double- or single-sided rectangular faces with their materials,
/// opaque constant-coloured cylinders, and the lights. Made from the model's constants (`model(room:parameters:)`:
/// `CubeRoom` and `AppLookParameters`, the transcription of `CubeSceneController`) or from the scene graph the
/// app's own code built (`Scenes.AppSceneDrawing`); `AppLookRenderer` draws either the same way.
package struct AppLookWorld: Sendable, Equatable {
    /// A face's surface (SceneKit: a material with `.aOne` transparency).
    package struct Material: Sendable, Equatable {
        package enum Lighting: Sendable, Equatable {
            /// `AppLookShading` (the model of SceneKit's physically based shading).
            case physicallyBased
            /// SceneKit's `.constant`: the diffuse colour, unlit.
            case constant
        }
        /// Linear diffuse colour (an image on the face replaces it).
        package var albedo: SIMD3<Double>
        /// α = opacity × the image's α (SceneKit: transparency × the diffuse α).
        package var opacity: Double
        /// Linear colour added independently of lighting.
        package var emission: SIMD3<Double>
        package var lighting: Lighting

        package init(albedo: SIMD3<Double>, opacity: Double, emission: SIMD3<Double> = .zero, lighting: Lighting = .physicallyBased) {
            self.albedo = albedo
            self.opacity = opacity
            self.emission = emission
            self.lighting = lighting
        }
    }

    /// A rectangle given by its corners as its image's (top-left, top-right, bottom-right, bottom-left).
    package struct Face: Sendable, Equatable {
        package var corners: [SIMD3<Double>]
        package var material: Material
        /// Single-sided faces are seen only from the side (top-left → top-right) × (top-left → bottom-left) points to.
        package var doubleSided: Bool
        /// Which of the caller's images shows on the face, if any.
        package var image: Int?

        package init(corners: [SIMD3<Double>], material: Material, doubleSided: Bool = true, image: Int? = nil) {
            self.corners = corners
            self.material = material
            self.doubleSided = doubleSided
            self.image = image
        }
    }

    /// A solid capped cylinder: in its local frame (`local = linear · world + offset`, `linear` by rows) it is
    /// x² + z² ≤ radius², |y| ≤ height / 2 (SceneKit's `SCNCylinder`); the map may scale unevenly (a room node
    /// scaled by zoom), so in the world it can be elliptical.
    package struct Cylinder: Sendable, Equatable {
        package var linear: [SIMD3<Double>]
        package var offset: SIMD3<Double>
        package var radius: Double
        package var height: Double
        /// Linear colour (opaque, unlit).
        package var color: SIMD3<Double>

        package init(linear: [SIMD3<Double>], offset: SIMD3<Double>, radius: Double, height: Double, color: SIMD3<Double>) {
            self.linear = linear
            self.offset = offset
            self.radius = radius
            self.height = height
            self.color = color
        }

        /// The cylinder whose axis runs from `start` to `end` in a frame `scale`d per axis from the world (the room node's
        /// scale), with `across` a unit vector perpendicular to the axis there.
        package init(from start: SIMD3<Double>, to end: SIMD3<Double>, scale: SIMD3<Double>, across: SIMD3<Double>, radius: Double,
                     color: SIMD3<Double>) {
            let delta = end - start
            let length = (delta * delta).sum().squareRoot()
            let y = delta / length, x = across
            let z = SIMD3(x.y * y.z - x.z * y.y, x.z * y.x - x.x * y.z, x.x * y.y - x.y * y.x)
            let centre = (start + end) / 2
            // local = R⁻¹ · (S⁻¹ · world − centre), R = [x y z] orthonormal.
            let inverseScale = 1 / scale
            self.init(linear: [x * inverseScale, y * inverseScale, z * inverseScale],
                      offset: -SIMD3((x * centre).sum(), (y * centre).sum(), (z * centre).sum()),
                      radius: radius, height: length, color: color)
        }
    }

    /// Lights in SceneKit intensity / 1000, times their linear colour.
    package struct Lights: Sendable, Equatable {
        package var ambient: SIMD3<Double>
        /// Each directional light: the unit vector toward it and its intensity.
        package var directional: [(toward: SIMD3<Double>, intensity: SIMD3<Double>)]

        package init(ambient: SIMD3<Double>, directional: [(toward: SIMD3<Double>, intensity: SIMD3<Double>)]) {
            self.ambient = ambient
            self.directional = directional
        }

        package static func == (a: Lights, b: Lights) -> Bool {
            a.ambient == b.ambient && a.directional.count == b.directional.count
                && zip(a.directional, b.directional).allSatisfy { $0.toward == $1.toward && $0.intensity == $1.intensity }
        }
    }

    package var faces: [Face]
    package var cylinders: [Cylinder]
    package var lights: Lights

    package init(faces: [Face], cylinders: [Cylinder], lights: Lights) {
        self.faces = faces
        self.cylinders = cylinders
        self.lights = lights
    }

    /// The model: `room`'s five faces (image i on face `CubeRoom.Face.allCases[i]`), black at `opacity`, the twelve
    /// edges of the room node scaled by (1, 1, zoom) (`CubeSceneController.buildEdges`), the app's two lights.
    package static func model(room: CubeRoom, parameters p: AppLookParameters) -> AppLookWorld {
        let faces = CubeRoom.Face.allCases.enumerated().map { index, face in
            Face(corners: room.corners(of: face).map { SIMD3($0.x, $0.y, $0.z) },
                 material: Material(albedo: .zero, opacity: p.opacity), image: index)
        }
        let w = room.width / 2, h = room.height / 2, d = room.depth / p.zoom
        let corners: [SIMD3<Double>] = [SIMD3(-w, h, 0), SIMD3(w, h, 0), SIMD3(-w, -h, 0), SIMD3(w, -h, 0),
                                        SIMD3(-w, h, -d), SIMD3(w, h, -d), SIMD3(-w, -h, -d), SIMD3(w, -h, -d)]
        let pairs = [(0, 4), (1, 5), (2, 6), (3, 7), (4, 5), (6, 7), (4, 6), (5, 7), (0, 1), (2, 3), (0, 2), (1, 3)]
        let cylinders: [Cylinder] = p.edgeRadius <= 0 ? [] : pairs.map { a, b in
            // Depth edges run along z (across: x); the others along x or y (across: z).
            let across: SIMD3<Double> = corners[a].z != corners[b].z ? SIMD3(1, 0, 0) : SIMD3(0, 0, 1)
            return Cylinder(from: corners[a], to: corners[b], scale: SIMD3(1, 1, p.zoom), across: across, radius: p.edgeRadius,
                            color: SIMD3(repeating: p.edgeIntensity))
        }
        return AppLookWorld(faces: faces, cylinders: cylinders,
                            lights: Lights(ambient: SIMD3(repeating: p.ambient),
                                           directional: [(p.towardLight, SIMD3(repeating: p.directional))]))
    }
}
