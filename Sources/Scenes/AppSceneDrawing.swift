import AppReplay
import Foundation
import Geometry
import Rendering

/// The scene graph the app's own code built (`AppReplay.AppSceneGraph`), as the app look draws it: its planes as
/// faces, its cylinders in their own frames, its ambient and directional lights, seen through its point of view's
/// camera — SceneKit's conventions (Apple's SCNPlane, SCNCylinder, SCNLight and SCNCamera documentation, cited in
/// AppInTheLoop/StandIns/Sources/SceneKit): a plane spans ±width/2 × ±height/2 in its node's x–y plane, its image's
/// top along +y; a cylinder is round in x and z along y; a directional light shines along its node's −z; the camera
/// looks along its node's −z with the projection the app set.
///
/// What the renderer cannot draw faithfully is refused, naming the node by its path: a geometry other than a plane
/// or a cylinder, a face's contents other than a colour (an image or a video: the scene holds no pixels), a
/// transparency mode other than `.aOne`, a lighting model other than physically based or constant (cylinders:
/// constant and opaque only), a light other than ambient or directional, a camera without a projection set or an
/// orthographic one. Not modelled: the material's own ambient colour in the constant model
/// (SceneKit: colour = ambient · Σ ambient lights + diffuse; the app's edges are white, clamped at 1 either way).
package struct AppSceneDrawing: Sendable {
    package var world: AppLookWorld
    package var clipFromWorld: Mat4
    package var eye: Vec3

    /// The most cylinders the renderer's per-pixel culling mask holds.
    package static let maximumCylinders = 64

    package init(graph: AppSceneGraph) throws {
        var faces: [AppLookWorld.Face] = [], cylinders: [AppLookWorld.Cylinder] = []
        var ambient = SIMD3<Double>(repeating: 0)
        var directional: [(toward: SIMD3<Double>, intensity: SIMD3<Double>)] = []
        for node in graph.nodes {
            func refuse(_ what: String) -> AppSceneGraphError { AppSceneGraphError(node: node.described, problem: what) }
            let m = node.worldTransform
            func point(_ x: Double, _ y: Double, _ z: Double) -> SIMD3<Double> {
                let p = m.transform(point: Vec3(x, y, z)).xyz
                return SIMD3(p.x, p.y, p.z)
            }
            if let light = node.light {
                let color = try Self.linear(light.color, refuse: refuse, what: "its light's colour") * (light.intensity / 1000)
                switch light.type {
                case "ambient": ambient += SIMD3(color.x, color.y, color.z)
                case "directional":
                    // It shines along the node's −z: toward it is the node's +z axis.
                    var toward = SIMD3(m[0, 2], m[1, 2], m[2, 2])
                    toward /= (toward * toward).sum().squareRoot()
                    directional.append((toward, SIMD3(color.x, color.y, color.z)))
                default: throw refuse("a light of type \(light.type) (the renderer draws ambient and directional lights)")
                }
            }
            guard let geometry = node.geometry else { continue }
            guard let material = geometry.materials.first else { throw refuse("a geometry without a material") }
            guard material.transparencyMode == "aOne" else {
                throw refuse("transparency mode \(material.transparencyMode) (the renderer draws .aOne)")
            }
            let diffuse = try Self.linear(material.diffuse, refuse: refuse, what: "its diffuse")
            let emission = try Self.linear(material.emission, refuse: refuse, what: "its emission")
            switch geometry.shape {
            case let .plane(width, height):
                let lighting: AppLookWorld.Material.Lighting
                switch material.lightingModel {
                case "physicallyBased": lighting = .physicallyBased
                case "constant": lighting = .constant
                default: throw refuse("lighting model \(material.lightingModel) (the renderer draws physicallyBased and constant faces)")
                }
                let w = width / 2, h = height / 2
                faces.append(AppLookWorld.Face(
                    corners: [point(-w, h, 0), point(w, h, 0), point(w, -h, 0), point(-w, -h, 0)],
                    material: AppLookWorld.Material(albedo: SIMD3(diffuse.x, diffuse.y, diffuse.z), opacity: material.transparency * diffuse.w,
                                                    emission: SIMD3(emission.x, emission.y, emission.z), lighting: lighting),
                    doubleSided: material.isDoubleSided))
            case let .cylinder(radius, height):
                guard material.lightingModel == "constant" else {
                    throw refuse("a cylinder with lighting model \(material.lightingModel) (the renderer draws constant cylinders)")
                }
                guard material.transparency == 1, diffuse.w == 1 else { throw refuse("a transparent cylinder (the renderer draws opaque ones)") }
                guard cylinders.count < Self.maximumCylinders else { throw refuse("more than \(Self.maximumCylinders) cylinders") }
                guard let local = m.inverse else { throw refuse("a cylinder whose world transform has no inverse") }
                let color = SIMD3(min(1, diffuse.x + emission.x), min(1, diffuse.y + emission.y), min(1, diffuse.z + emission.z))
                cylinders.append(AppLookWorld.Cylinder(
                    linear: (0..<3).map { r in SIMD3(local[r, 0], local[r, 1], local[r, 2]) },
                    offset: SIMD3(local[0, 3], local[1, 3], local[2, 3]), radius: radius, height: height, color: color))
            case .other(let kind):
                throw refuse("a geometry of kind \(kind) (the renderer draws SCNPlane and SCNCylinder)")
            }
        }
        guard let path = graph.pointOfView, let pov = graph.nodes.first(where: { $0.path == path }) else {
            throw AppSceneGraphError(node: "the view", problem: "no point of view in the scene")
        }
        guard let camera = pov.camera else { throw AppSceneGraphError(node: pov.described, problem: "the point of view has no camera") }
        guard !camera.orthographic else { throw AppSceneGraphError(node: pov.described, problem: "an orthographic camera") }
        guard let projection = camera.projection else {
            throw AppSceneGraphError(node: pov.described, problem: "a camera whose projectionTransform the app never set")
        }
        guard let view = pov.worldTransform.inverse else {
            throw AppSceneGraphError(node: pov.described, problem: "a camera node whose world transform has no inverse")
        }
        world = AppLookWorld(faces: faces, cylinders: cylinders, lights: AppLookWorld.Lights(ambient: ambient, directional: directional))
        clipFromWorld = projection * view
        eye = pov.worldTransform.transform(point: Vec3(0, 0, 0)).xyz
    }

    /// A colour's linear components (UIColor's extended sRGB decoded, sign-symmetric) and α.
    static func linear(_ contents: AppSceneGraph.Contents, refuse: (String) -> AppSceneGraphError, what: String) throws -> SIMD4<Double> {
        switch contents {
        case .color(let c):
            func decode(_ v: Double) -> Double {
                let a = abs(v)
                let l = a <= 0.04045 ? a / 12.92 : pow((a + 0.055) / 1.055, 2.4)
                return v < 0 ? -l : l
            }
            return SIMD4(decode(c.x), decode(c.y), decode(c.z), c.w)
        case .none: throw refuse("no contents in \(what)")
        case .image(let name): throw refuse("an image (\(name)) in \(what) (the recorded scene holds no pixels; the renderer draws colours)")
        case .video: throw refuse("a video (AVPlayer) in \(what) (the recorded scene holds no pixels; the renderer draws colours)")
        case .other(let kind): throw refuse("contents of kind \(kind) in \(what) (the renderer draws colours)")
        }
    }
}

/// A scene graph the renderer cannot draw: the node (its path, and role or name) and what it holds.
package struct AppSceneGraphError: Error, Equatable, CustomStringConvertible {
    package var node: String
    package var problem: String

    package init(node: String, problem: String) {
        self.node = node
        self.problem = problem
    }

    package var description: String { "the app's scene: node \(node): \(problem)" }
}
