// Simulation: the scene graph as the app set it, for ParallaxLab to render (`parallax render cube --app-source`).
// Every node in depth-first order with its path from the root (`rootNode.childNodes[0].childNodes[3]`), its
// transform and world transform (rows of the matrix acting on column vectors), and what it holds: a plane or
// cylinder with its materials, a light, a camera. Contents are recorded by kind: a colour (UIColor's extended-sRGB
// components), an image, a video (a SpriteKit scene showing an AVPlayer), or another kind by its type's name —
// which the renderer then refuses by the node's path rather than drawing it wrong.
@_spi(Simulation) import AVFoundation
@_spi(Simulation) import SpriteKit
@_spi(Simulation) import UIKit

@_spi(Simulation) public struct SCNSceneRecord: Codable, Equatable {
    public struct Contents: Codable, Equatable {
        /// "none", "color", "image", "video" or "other".
        public var kind: String
        public var rgba: [Float]?
        public var detail: String?
    }

    public struct Material: Codable, Equatable {
        public var diffuse: Contents
        public var emission: Contents
        public var transparency: Float
        /// "aOne", "rgbZero", "singleLayer" or "dualLayer".
        public var transparencyMode: String
        public var lightingModel: String
        public var isDoubleSided: Bool
    }

    public struct Geometry: Codable, Equatable {
        /// "plane", "cylinder", or the type's name.
        public var kind: String
        public var width: Float?
        public var height: Float?
        public var radius: Float?
        public var materials: [Material]
    }

    public struct Light: Codable, Equatable {
        public var type: String
        public var intensity: Float
        public var color: Contents
    }

    public struct Camera: Codable, Equatable {
        /// The projection the app set (rows), nil when it set none.
        public var projection: [Float]?
        public var zNear: Double
        public var zFar: Double
        public var orthographic: Bool
    }

    public struct Node: Codable, Equatable {
        public var path: String
        public var name: String?
        /// A name the simulation gives the node (e.g. "face back"), nil if none.
        public var role: String?
        public var transform: [Float]
        public var worldTransform: [Float]
        public var geometry: Geometry?
        public var light: Light?
        public var camera: Camera?
    }

    public var nodes: [Node]
    /// The path of the renderer's point of view, if it is in the scene.
    public var pointOfView: String?

    /// The record of `scene`; `roles` names nodes (by identity) for messages.
    public init(scene: SCNScene, pointOfView: SCNNode?, roles: [(SCNNode, String)] = []) {
        var nodes: [Node] = []
        var povPath: String?
        func visit(_ node: SCNNode, _ path: String) {
            if node === pointOfView { povPath = path }
            nodes.append(Node(path: path, name: node.name, role: roles.first { $0.0 === node }?.1,
                              transform: Self.rows(node.simdTransform), worldTransform: Self.rows(node.simdWorldTransform),
                              geometry: node.geometry.map(Self.geometry), light: node.light.map(Self.light),
                              camera: node.camera.map(Self.camera)))
            for (index, child) in node.childNodes.enumerated() { visit(child, "\(path).childNodes[\(index)]") }
        }
        visit(scene.rootNode, "rootNode")
        self.nodes = nodes
        self.pointOfView = povPath
    }

    static func rows(_ m: simd_float4x4) -> [Float] {
        let c = [m.columns.0, m.columns.1, m.columns.2, m.columns.3]
        return (0..<4).flatMap { i in (0..<4).map { j in c[j][i] } }
    }

    static func contents(_ value: Any?) -> Contents {
        switch value {
        case nil: return Contents(kind: "none")
        case let color as UIColor:
            let c = color.components
            return Contents(kind: "color", rgba: [Float(c.red), Float(c.green), Float(c.blue), Float(c.alpha)])
        case let image as UIImage: return Contents(kind: "image", detail: image.simulatedName)
        case let scene as SKScene where scene.children.contains(where: { $0 is SKVideoNode }):
            return Contents(kind: "video", detail: "a SpriteKit scene showing an AVPlayer")
        case let other?: return Contents(kind: "other", detail: String(describing: type(of: other)))
        }
    }

    static func geometry(_ g: SCNGeometry) -> Geometry {
        let materials = g.materials.map { m in
            Material(diffuse: contents(m.diffuse.contents), emission: contents(m.emission.contents),
                     transparency: Float(m.transparency),
                     transparencyMode: ["aOne", "rgbZero", "singleLayer", "dualLayer"][m.transparencyMode.rawValue],
                     lightingModel: m.lightingModel.rawValue, isDoubleSided: m.isDoubleSided)
        }
        switch g {
        case let plane as SCNPlane:
            return Geometry(kind: "plane", width: Float(plane.width), height: Float(plane.height), materials: materials)
        case let cylinder as SCNCylinder:
            return Geometry(kind: "cylinder", height: Float(cylinder.height), radius: Float(cylinder.radius), materials: materials)
        default:
            return Geometry(kind: String(describing: type(of: g)), materials: materials)
        }
    }

    static func light(_ l: SCNLight) -> Light {
        Light(type: l.type.rawValue, intensity: Float(l.intensity), color: contents(l.color))
    }

    static func camera(_ c: SCNCamera) -> Camera {
        Camera(projection: c.projectionSet.map { rows(simd_float4x4($0)) }, zNear: c.zNear, zFar: c.zFar,
               orthographic: c.usesOrthographicProjection)
    }
}
