import SceneKit
import SpriteKit
import AVFoundation
import Observation

/// The sample's cube scene, built with the SceneKit calls a head-tracked room uses, its numbers chosen so the
/// scene has a closed form (README.md): a room node scaled by (1, 1, zoom) (zoom 0.625) holding five black faces at 50 %
/// opacity and twelve white edge cylinders of radius 1/1024 m, every rotation an exact quarter turn (set as a
/// transform), an ambient light of 500 and a directional light of 250 shining straight down; the camera at the
/// eye with the off-axis projection.
@Observable
final class CubeSceneController: NSObject {
    enum RoomShape { case cube, portrait }

    let scene = SCNScene()
    let cameraNode = SCNNode()
    private let roomContainer = SCNNode()
    private var faces: [CubeFace: SCNNode] = [:]
    private var offAxis = OffAxisProjection()
    private let screen = ScreenCalibration.forCurrentDevice()
    private let cubeSize: (width: Float, height: Float, depth: Float) = (0.0625, 0.125, 0.25)
    private let portraitSize: (width: Float, height: Float, depth: Float) = (0.03125, 0.125, 0.25)
    private(set) var currentShape = RoomShape.cube
    private(set) var zoomScale: Float = 0.625
    private var lastRenderTime: TimeInterval = 0

    weak var headTracker: HeadTrackingService?
    weak var deviceMotion: DeviceMotionService?
    var motionEffects: MotionEffectsService?
    var wobbleEnabled = false
    var inertiaEnabled = false
    var bounceEnabled = false
    var lineWobbleEnabled = false
    var lineInertiaEnabled = false
    var lineBounceEnabled = false

    /// How much head x and y move the eye (a Settings slider sets it; the projection holds it).
    var movementScale: Float {
        get { offAxis.movementScale }
        set { offAxis.movementScale = newValue }
    }

    override init() {
        super.init()
        scene.rootNode.addChildNode(roomContainer)
        let camera = SCNCamera()
        camera.zNear = 0.01
        camera.zFar = 100
        cameraNode.camera = camera
        cameraNode.simdPosition = SIMD3(0, 0, 0.5)
        scene.rootNode.addChildNode(cameraNode)
        build(cubeSize)
        let ambient = SCNNode()
        ambient.light = SCNLight()
        ambient.light?.type = .ambient
        ambient.light?.intensity = 500
        ambient.light?.color = UIColor.white
        scene.rootNode.addChildNode(ambient)
        let down = SCNNode()
        down.light = SCNLight()
        down.light?.type = .directional
        down.light?.intensity = 250
        // A quarter turn about x: the node's −z (where the light shines) becomes −y.
        down.transform = Self.quarterTurn(x: (1, 0, 0), y: (0, 0, -1), z: (0, 1, 0), at: SCNVector3(0, 0, 0))
        scene.rootNode.addChildNode(down)
        roomContainer.simdScale = SIMD3(1, 1, zoomScale)
    }

    /// A transform whose rotation columns are the given axes (each a unit axis, ± exact) and translation `p`.
    static func quarterTurn(x: (Float, Float, Float), y: (Float, Float, Float), z: (Float, Float, Float), at p: SCNVector3) -> SCNMatrix4 {
        SCNMatrix4(m11: x.0, m12: x.1, m13: x.2, m14: 0, m21: y.0, m22: y.1, m23: y.2, m24: 0,
                   m31: z.0, m32: z.1, m33: z.2, m34: 0, m41: p.x, m42: p.y, m43: p.z, m44: 1)
    }

    private func build(_ dims: (width: Float, height: Float, depth: Float)) {
        let (w, h, d) = (dims.width / 2, dims.height / 2, dims.depth)
        func face(_ width: Float, _ height: Float) -> SCNNode {
            let plane = SCNPlane(width: CGFloat(width), height: CGFloat(height))
            let material = SCNMaterial()
            material.diffuse.contents = UIColor.black
            material.isDoubleSided = true
            material.lightingModel = .physicallyBased
            material.transparency = 0.5
            material.transparencyMode = .aOne
            plane.firstMaterial = material
            return SCNNode(geometry: plane)
        }
        let back = face(dims.width, dims.height)
        back.position = SCNVector3(0, 0, -d)
        let left = face(d, dims.height)   // its x along +z: a quarter turn about y
        left.transform = Self.quarterTurn(x: (0, 0, 1), y: (0, 1, 0), z: (-1, 0, 0), at: SCNVector3(-w, 0, -d / 2))
        let right = face(d, dims.height)
        right.transform = Self.quarterTurn(x: (0, 0, -1), y: (0, 1, 0), z: (1, 0, 0), at: SCNVector3(w, 0, -d / 2))
        let floor = face(dims.width, d)   // its y along −z: a quarter turn about x
        floor.transform = Self.quarterTurn(x: (1, 0, 0), y: (0, 0, -1), z: (0, 1, 0), at: SCNVector3(0, -h, -d / 2))
        let ceiling = face(dims.width, d)
        ceiling.transform = Self.quarterTurn(x: (1, 0, 0), y: (0, 0, 1), z: (0, -1, 0), at: SCNVector3(0, h, -d / 2))
        faces = [.back: back, .left: left, .right: right, .floor: floor, .ceiling: ceiling]
        for node in [back, left, right, floor, ceiling] { roomContainer.addChildNode(node) }

        let corners: [SIMD3<Float>] = [SIMD3(-w, h, 0), SIMD3(w, h, 0), SIMD3(-w, -h, 0), SIMD3(w, -h, 0),
                                       SIMD3(-w, h, -d), SIMD3(w, h, -d), SIMD3(-w, -h, -d), SIMD3(w, -h, -d)]
        for (a, b) in [(0, 4), (1, 5), (2, 6), (3, 7), (4, 5), (6, 7), (4, 6), (5, 7), (0, 1), (2, 3), (0, 2), (1, 3)] {
            let delta = corners[b] - corners[a]
            let cylinder = SCNCylinder(radius: 1.0 / 1024, height: CGFloat(simd_length(delta)))
            let material = SCNMaterial()
            material.diffuse.contents = UIColor.white
            material.lightingModel = .constant
            material.emission.contents = UIColor.white
            cylinder.firstMaterial = material
            let edge = SCNNode(geometry: cylinder)
            let mid = SCNVector3((corners[a] + corners[b]) / 2)
            // The cylinder's y along the edge: along z, x or y.
            if delta.z != 0 {
                edge.transform = Self.quarterTurn(x: (1, 0, 0), y: (0, 0, 1), z: (0, -1, 0), at: mid)
            } else if delta.x != 0 {
                edge.transform = Self.quarterTurn(x: (0, -1, 0), y: (1, 0, 0), z: (0, 0, 1), at: mid)
            } else {
                edge.position = mid
            }
            roomContainer.addChildNode(edge)
        }
    }

    func setRoomShape(isRectangleMode: Bool) {
        let shape: RoomShape = isRectangleMode ? .portrait : .cube
        guard shape != currentShape else { return }
        currentShape = shape
        roomContainer.childNodes.forEach { $0.removeFromParentNode() }
        build(shape == .cube ? cubeSize : portraitSize)
    }

    /// Pinch zoom in steps of 1/8 (exact in Float): the 0.6 the app's state starts with becomes 0.625.
    func setZoomScale(_ scale: Float) {
        zoomScale = (max(0.25, min(4, scale)) * 8).rounded() / 8
        roomContainer.simdScale = SIMD3(1, 1, zoomScale)
    }

    func resetView() {
        zoomScale = 0.625
        roomContainer.simdScale = SIMD3(1, 1, zoomScale)
        roomContainer.eulerAngles = SCNVector3(0, 0, 0)
        roomContainer.simdPosition = .zero
        motionEffects?.reset()
    }

    func nodeForFace(_ face: CubeFace) -> SCNNode { faces[face]! }

    func updateHeadPosition(_ position: HeadPosition) {
        var combined = position
        if let motion = deviceMotion, motion.isActive {
            combined.x += motion.tiltOffset.x
            combined.y += motion.tiltOffset.y
        }
        cameraNode.camera?.projectionTransform = SCNMatrix4(offAxis.projectionMatrix(headPosition: combined, screen: screen))
        cameraNode.simdPosition = offAxis.cameraPosition(headPosition: combined)
    }
}

extension CubeSceneController: SCNSceneRendererDelegate {
    nonisolated func renderer(_ renderer: any SCNSceneRenderer, updateAtTime time: TimeInterval) {
        Task { @MainActor in
            guard let tracker = self.headTracker else { return }
            self.updateHeadPosition(tracker.currentPosition)
            let dt = self.lastRenderTime > 0 ? Float(time - self.lastRenderTime) : Float(1.0 / 60.0)
            self.lastRenderTime = time
            guard let effects = self.motionEffects, let motion = self.deviceMotion,
                  self.wobbleEnabled || self.inertiaEnabled || self.bounceEnabled else {
                self.roomContainer.eulerAngles = SCNVector3(0, 0, 0)
                self.roomContainer.simdPosition = .zero
                return
            }
            effects.update(rotationRate: motion.rotationRate, dt: dt, wobbleEnabled: self.wobbleEnabled,
                           inertiaEnabled: self.inertiaEnabled, bounceEnabled: self.bounceEnabled)
            let euler = effects.wobbleOffset
            self.roomContainer.eulerAngles = SCNVector3(euler.x, euler.y, euler.z)
            let shift = effects.inertiaOffset + effects.bounceOffset
            self.roomContainer.simdPosition = SIMD3(shift.x, shift.y, 0)
        }
    }
}
