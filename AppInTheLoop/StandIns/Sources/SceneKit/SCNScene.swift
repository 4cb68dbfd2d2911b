// SceneKit's scene and its renderer's per-frame callback (https://developer.apple.com/documentation/scenekit/scnscene,
// …/scnscenerenderer, …/scnscenerendererdelegate/renderer(_:updateattime:)): a scene is a tree of nodes under
// `rootNode`; a renderer (SCNView) calls its delegate's `renderer(_:updateAtTime:)` once per frame, before it
// applies animations and draws, with the frame's system time. Nothing is drawn here: a simulation plays the view,
// calling the delegate at the display rate (`SimulatedSceneRenderer`).
@_exported import Foundation

/// A scene graph (Apple: `class SCNScene : NSObject`).
open class SCNScene: NSObject {
    public let rootNode = SCNNode()
    public override init() { super.init() }
}

/// What renders a scene (Apple: `protocol SCNSceneRenderer : NSObjectProtocol`); only what the app reads.
public protocol SCNSceneRenderer: NSObjectProtocol {
    var scene: SCNScene? { get set }
    var pointOfView: SCNNode? { get set }
}

/// The renderer's per-frame callbacks (Apple: `protocol SCNSceneRendererDelegate : NSObjectProtocol`, every
/// method optional); only the update callback the app implements.
public protocol SCNSceneRendererDelegate: NSObjectProtocol {
    func renderer(_ renderer: any SCNSceneRenderer, updateAtTime time: TimeInterval)
}

extension SCNSceneRendererDelegate {
    public func renderer(_ renderer: any SCNSceneRenderer, updateAtTime time: TimeInterval) {}
}

/// The view a simulation plays: a scene, its point of view, and the delegate it calls each frame.
@_spi(Simulation) open class SimulatedSceneRenderer: NSObject, SCNSceneRenderer {
    public var scene: SCNScene?
    public var pointOfView: SCNNode?
    public weak var delegate: (any SCNSceneRendererDelegate)?

    public init(scene: SCNScene?, pointOfView: SCNNode?, delegate: (any SCNSceneRendererDelegate)?) {
        self.scene = scene
        self.pointOfView = pointOfView
        self.delegate = delegate
        super.init()
    }

    /// One display frame at `time`: the delegate's update callback.
    public func update(atTime time: TimeInterval) {
        delegate?.renderer(self, updateAtTime: time)
    }
}
