// The scene replay driver (`parallax render cube --app-source`): like Driver/main.swift, compiled together with
// the app's own files against the Apple stand-ins, but it also builds the app's CubeSceneController and plays the
// SceneKit view around it, so the app's own code sets the camera, moves the room and its edges. It reads the same
// script (`parallax-app-scene 1`: the text form of Driver/main.swift's records — `run`, `sample`/`feed`, `press`, `end` — plus `event NAME [VALUE]` lines; AppReplay's SceneScript), and
// prints, per `sample`, `s t JSON`: the scene graph as the stand-in records it (SCNSceneRecord).
//
// The app as AppState makes it (AristidesAI/Splat-Frame @ 4ca7217, Models/AppState.swift:203–217): the head
// tracker, the device motion service, the motion effects service and the cube controller from their own init(),
// wired as AppState.init wires them (headTracker, deviceMotion, motionEffects; setRoomShape(.cube),
// setZoomScale(0.6)); the view as CubeSceneView.makeUIView sets it (scene, pointOfView = cameraNode, delegate =
// the controller); the services started as MainTabView starts them. One display frame k at the script's time t_k:
//
//   1. the presses and events before the frame, in order. `press` is the reset button in the app's order
//      (Views/MainTabView.swift:214–218): cubeController.resetView(), headTracker.resetOrigin(),
//      deviceMotion.resetReference(). Events: `room cube|portrait` (setRoomShape(isRectangleMode:)), `zoom S`
//      (setZoomScale), `reset-view` (resetView() alone), `wobble|inertia|bounce|line-wobble|line-inertia|
//      line-bounce on|off` (the controller's switches, as MainTabView's onChange handlers set them);
//   2. ARKit, then CoreMotion, delivered as Driver/main.swift delivers them;
//   3. the display frame: the view calls the delegate's renderer(_:updateAtTime: t_k) as SceneKit does before it
//      draws; the app's hop to the main actor runs (two round trips, as in Driver/main.swift); the scene is recorded.
@_spi(Simulation) import ARKit
@_spi(Simulation) import CoreMotion
@_spi(Simulation) import SceneKit
@_spi(Simulation) import UIKit
import Foundation

/// Runs everything enqueued on the main queue so far, and what that enqueues, twice over.
func settle() async {
    for _ in 0..<2 {
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            DispatchQueue.main.async { done.resume() }
        }
    }
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("scene replay driver: \(message)\n".utf8))
    exit(3)
}

func write(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

/// One replay run's app: the services and the controller as AppState makes them, the view around them.
struct SceneAppUnderTest {
    let tracker: HeadTrackingService
    let motion: DeviceMotionService
    let effects: MotionEffectsService
    let controller: CubeSceneController
    let view: SimulatedSceneRenderer

    init(machine: String, nativeWidth: Double, nativeHeight: Double) {
        ARSession.stopAll()
        CMMotionManager.stopAll()
        // The device first: the controller reads the screen calibration when it is made (as the app does at launch).
        simulatedMachineIdentifier = machine
        UIScreen.simulatedMain = UIScreen(nativeBounds: CGRect(x: 0, y: 0, width: nativeWidth, height: nativeHeight))
        tracker = HeadTrackingService()
        motion = DeviceMotionService()
        effects = MotionEffectsService()
        controller = CubeSceneController()
        controller.headTracker = tracker
        controller.deviceMotion = motion
        controller.motionEffects = effects
        controller.setRoomShape(isRectangleMode: false)
        controller.setZoomScale(0.6)
        view = SimulatedSceneRenderer(scene: controller.scene, pointOfView: controller.cameraNode, delegate: controller)
        tracker.start()
        motion.start()
    }

    func pressReset() {
        controller.resetView()
        tracker.resetOrigin()
        motion.resetReference()
    }

    func apply(event name: String, value: String?) {
        func on() -> Bool {
            guard let value, value == "on" || value == "off" else { fail("event '\(name)' takes on or off") }
            return value == "on"
        }
        switch name {
        case "room":
            guard let value, value == "cube" || value == "portrait" else { fail("event 'room' takes cube or portrait") }
            controller.setRoomShape(isRectangleMode: value == "portrait")
        case "zoom":
            guard let value, let scale = Float(value) else { fail("event 'zoom' takes a number") }
            controller.setZoomScale(scale)
        case "reset-view": controller.resetView()
        case "wobble": controller.wobbleEnabled = on()
        case "inertia": controller.inertiaEnabled = on()
        case "bounce": controller.bounceEnabled = on()
        case "line-wobble": controller.lineWobbleEnabled = on()
        case "line-inertia": controller.lineInertiaEnabled = on()
        case "line-bounce": controller.lineBounceEnabled = on()
        default: fail("unknown event '\(name)'")
        }
    }

    /// The scene as recorded after the frame's update, one JSON line.
    func record() -> String {
        let roles = CubeFace.allCases.map { (controller.nodeForFace($0), "face \($0.rawValue)") } + [(controller.cameraNode, "camera")]
        let record = SCNSceneRecord(scene: controller.scene, pointOfView: view.pointOfView, roles: roles)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        guard let data = try? encoder.encode(record) else { fail("the scene record did not encode") }
        return String(decoding: data, as: UTF8.self)
    }
}

guard CommandLine.arguments.count == 2, let script = try? String(contentsOfFile: CommandLine.arguments[1], encoding: .utf8) else {
    fail("usage: driver SCRIPT")
}
var lines = script.split(separator: "\n", omittingEmptySubsequences: true)[...]
guard lines.popFirst() == "parallax-app-scene 1" else { fail("the script's first line is not 'parallax-app-scene 1'") }
let emptyFace = ARFaceGeometry(vertices: [], triangleIndices: [])
var app: SceneAppUnderTest?
var runs = 0

for line in lines {
    let fields = line.split(separator: " ").map(String.init)
    switch fields.first {
    case "run":
        guard fields.count == 4, let w = Double(fields[2]), let h = Double(fields[3]) else { fail("bad run line '\(line)'") }
        app = SceneAppUnderTest(machine: fields[1], nativeWidth: w, nativeHeight: h)
        write("run \(runs)")
        runs += 1
    case "press":
        guard let app, fields.count == 1 else { fail("bad press line '\(line)'") }
        app.pressReset()
    case "event":
        guard let app, fields.count == 2 || fields.count == 3 else { fail("bad event line '\(line)'") }
        app.apply(event: fields[1], value: fields.count == 3 ? fields[2] : nil)
    case "sample", "feed":  // a feed's frame is updated, not recorded
        guard let app, fields.count == 13 else { fail("bad sample line '\(line)'") }
        let v = fields.dropFirst().map { Double($0) }
        guard v.allSatisfy({ $0 != nil }) else { fail("bad number in '\(line)'") }
        let n = v.map { $0! }
        let t = n[0]
        var transform = matrix_identity_float4x4
        transform.columns.3 = SIMD4<Float>(Float(n[1]), Float(n[2]), Float(n[3]), 1)
        ARSession.deliver([ARFaceAnchor(transform: transform, geometry: emptyFace, isTracked: n[4] != 0)])
        await settle()
        CMMotionManager.deliver(attitude: CMQuaternion(x: n[6], y: n[7], z: n[8], w: n[5]),
                                rotationRate: CMRotationRate(x: n[9], y: n[10], z: n[11]))
        await settle()
        app.view.update(atTime: t)
        await settle()
        if fields[0] == "sample" { write("s \(t) " + app.record()) }
    case "end":
        write("done")
        exit(0)
    default:
        fail("unknown line '\(line)'")
    }
}
fail("the script has no 'end' line")
