import Foundation
import Geometry

/// The scene graph the app's own code built, as the SceneKit stand-in records it after a display frame
/// (`SCNSceneRecord` in AppInTheLoop/StandIns/Sources/SceneKit/SceneRecord.swift, one JSON line per frame): every
/// node with its path from the root, its transform and world transform, and what it holds. Values are the app's
/// Floats, widened exactly.
package struct AppSceneGraph: Sendable, Equatable {
    /// A material property's contents, by kind.
    package enum Contents: Sendable, Equatable {
        case none
        /// Extended-sRGB components (UIColor), r, g, b, a.
        case color(SIMD4<Double>)
        case image(String)
        /// A SpriteKit scene showing an AVPlayer: "a video on face F".
        case video
        /// Another kind, by its type's name.
        case other(String)
    }

    package struct Material: Sendable, Equatable {
        package var diffuse: Contents
        package var emission: Contents
        package var transparency: Double
        /// SCNTransparencyMode by name: aOne, rgbZero, singleLayer, dualLayer.
        package var transparencyMode: String
        /// SCNMaterial.LightingModel's raw value: physicallyBased, constant, blinn, …
        package var lightingModel: String
        package var isDoubleSided: Bool
    }

    package enum Shape: Sendable, Equatable {
        /// SCNPlane: width along local x, height along local y, in the plane z = 0.
        case plane(width: Double, height: Double)
        /// SCNCylinder: radius in x and z, height along local y, centred.
        case cylinder(radius: Double, height: Double)
        /// A geometry of another kind, by its type's name.
        case other(String)
    }

    package struct Geometry: Sendable, Equatable {
        package var shape: Shape
        package var materials: [Material]
    }

    package struct Light: Sendable, Equatable {
        /// SCNLight.LightType's raw value: ambient, directional, omni, spot, …
        package var type: String
        package var intensity: Double
        package var color: Contents
    }

    package struct Camera: Sendable, Equatable {
        /// The projection the app set, nil if it set none.
        package var projection: Mat4?
        package var zNear: Double
        package var zFar: Double
        package var orthographic: Bool
    }

    package struct Node: Sendable, Equatable {
        /// `rootNode.childNodes[0].childNodes[3]`.
        package var path: String
        package var name: String?
        /// What the replay driver calls the node: "face back", "camera", or nil.
        package var role: String?
        package var transform: Mat4
        package var worldTransform: Mat4
        package var geometry: Geometry?
        package var light: Light?
        package var camera: Camera?

        /// The path with the node's role or name, for messages: `rootNode.childNodes[0].childNodes[0] (face back)`.
        package var described: String {
            (role ?? name).map { "\(path) (\($0))" } ?? path
        }
    }

    package var nodes: [Node]
    /// The path of the view's point of view.
    package var pointOfView: String?

    package init(nodes: [Node], pointOfView: String?) {
        self.nodes = nodes
        self.pointOfView = pointOfView
    }
}

/// One sampled display frame of the scene: its time and the scene graph after the frame's update.
package struct AppSceneFrame: Sendable, Equatable {
    package var t: Double
    package var graph: AppSceneGraph

    package init(t: Double, graph: AppSceneGraph) {
        self.t = t
        self.graph = graph
    }
}

extension AppSceneGraph {
    /// Decodes the stand-in's record (`SCNSceneRecord` as JSON); nil when it is not one.
    init?(json: [UInt8]) {
        guard let record = try? JSONDecoder().decode(Record.self, from: Data(json)), let graph = record.graph else { return nil }
        self = graph
    }

    /// The JSON as the stand-in writes it (Floats, matrices as 16 numbers row by row).
    struct Record: Decodable {
        struct Contents: Decodable { var kind: String; var rgba: [Float]?; var detail: String? }
        struct Material: Decodable {
            var diffuse: Contents, emission: Contents, transparency: Float, transparencyMode: String, lightingModel: String
            var isDoubleSided: Bool
        }
        struct Geometry: Decodable { var kind: String; var width: Float?; var height: Float?; var radius: Float?; var materials: [Material] }
        struct Light: Decodable { var type: String; var intensity: Float; var color: Contents }
        struct Camera: Decodable { var projection: [Float]?; var zNear: Double; var zFar: Double; var orthographic: Bool }
        struct Node: Decodable {
            var path: String, name: String?, role: String?, transform: [Float], worldTransform: [Float]
            var geometry: Geometry?, light: Light?, camera: Camera?
        }
        var nodes: [Node]
        var pointOfView: String?

        var graph: AppSceneGraph? {
            func matrix(_ values: [Float]) -> Mat4? {
                guard values.count == 16 else { return nil }
                return Mat4(rowArrays: stride(from: 0, to: 16, by: 4).map { values[$0..<($0 + 4)].map(Double.init) })
            }
            func contents(_ c: Contents) -> AppSceneGraph.Contents? {
                switch c.kind {
                case "none": return AppSceneGraph.Contents.none
                case "color":
                    guard let v = c.rgba, v.count == 4 else { return nil }
                    return .color(SIMD4(Double(v[0]), Double(v[1]), Double(v[2]), Double(v[3])))
                case "image": return .image(c.detail ?? "")
                case "video": return .video
                default: return .other(c.detail ?? c.kind)
                }
            }
            var out: [AppSceneGraph.Node] = []
            for node in nodes {
                guard let transform = matrix(node.transform), let world = matrix(node.worldTransform) else { return nil }
                var geometry: AppSceneGraph.Geometry?
                if let g = node.geometry {
                    let shape: AppSceneGraph.Shape
                    switch (g.kind, g.width, g.height, g.radius) {
                    case ("plane", let w?, let h?, _): shape = .plane(width: Double(w), height: Double(h))
                    case ("cylinder", _, let h?, let r?): shape = .cylinder(radius: Double(r), height: Double(h))
                    default: shape = .other(g.kind)
                    }
                    var materials: [AppSceneGraph.Material] = []
                    for m in g.materials {
                        guard let diffuse = contents(m.diffuse), let emission = contents(m.emission) else { return nil }
                        materials.append(AppSceneGraph.Material(diffuse: diffuse, emission: emission, transparency: Double(m.transparency),
                                                                transparencyMode: m.transparencyMode, lightingModel: m.lightingModel,
                                                                isDoubleSided: m.isDoubleSided))
                    }
                    geometry = AppSceneGraph.Geometry(shape: shape, materials: materials)
                }
                var light: AppSceneGraph.Light?
                if let l = node.light {
                    guard let color = contents(l.color) else { return nil }
                    light = AppSceneGraph.Light(type: l.type, intensity: Double(l.intensity), color: color)
                }
                var camera: AppSceneGraph.Camera?
                if let c = node.camera {
                    var projection: Mat4?
                    if let p = c.projection {
                        guard let m = matrix(p) else { return nil }
                        projection = m
                    }
                    camera = AppSceneGraph.Camera(projection: projection, zNear: c.zNear, zFar: c.zFar, orthographic: c.orthographic)
                }
                out.append(AppSceneGraph.Node(path: node.path, name: node.name, role: node.role, transform: transform,
                                              worldTransform: world, geometry: geometry, light: light, camera: camera))
            }
            return AppSceneGraph(nodes: out, pointOfView: pointOfView)
        }
    }
}
