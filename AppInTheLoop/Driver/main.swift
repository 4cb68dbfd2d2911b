// The replay driver: compiled together with the app's own files (same module, the app's default main-actor
// isolation) against the Apple stand-ins, and run by every `parallax` command that takes --app-source. It builds
// the app as AppState makes it — the head tracker, the device motion service, the motion effects service and the
// cube scene's CubeSceneController (AristidesAI/Splat-Frame @ 4ca7217, Models/AppState.swift:203–217) — plays the
// SceneKit view around the controller (CubeSceneView.makeUIView: scene, pointOfView = cameraNode, delegate = the
// controller), and reads everything it reports from the app itself: the head from the tracker, the tilt offset from
// the motion service, the eye, projection and view from the camera node the controller moved. The glue between
// head and camera is the app's (CubeSceneController.updateHeadPosition, :440–453), never re-modelled here.
//
// Settings are applied through the properties the app's Settings sliders set (Views/Settings/SettingsView.swift:
// 31–41): `headTracker.smoothingAlpha`, `cubeController.movementScale`; the values the app holds are read back
// from those properties as built and after each change.
//
// The script is the platform's schedule (parallax's DeliverySchedule), everything on the main queue, in order:
//   - `P` a press of the reset button in the app's order (Views/MainTabView.swift:214–218): cubeController.resetView(),
//     headTracker.resetOrigin(), deviceMotion.resetReference(); `V` an event: `room cube|portrait`
//     (setRoomShape(isRectangleMode:)), `zoom S` (setZoomScale), `reset-view` (resetView() alone),
//     `wobble|inertia|bounce|line-wobble|line-inertia|line-bounce on|off` (the controller's switches, as
//     MainTabView's onChange handlers set them);
//   - `A` ARKit: the session takes the frame (currentFrame, its camera.transform; didUpdate frame) and calls its
//     delegate on the main queue (Apple: delegateQueue nil) — didAdd, didUpdate or didRemove as the schedule says; the app's session(_:didUpdate:) starts a Task on the main actor
//     (HeadTrackingService.swift:64), which runs before the next record (`afterQueued`), as it would before the
//     next delivery;
//   - `M` CoreMotion: the manager runs the app's handler on the queue it was given (.main, DeviceMotionService.swift:33);
//   - `D` a display frame: the view calls the delegate's renderer(_:updateAtTime:) as SceneKit does before it draws —
//     on the main queue, or (render-thread other) on another thread; the app hops to the main actor
//     (CubeSceneController.swift:532–536) and its Task runs before the next record (`afterQueued`);
//   - `O` the frame is read from the app (and, when the run asks, the scene graph the SceneKit stand-in recorded).
// Each run ends with `H`: how many anchor deliveries changed the tracker's head within the delegate call and how many
// only after the app's queued work (a main-actor hop), and the same for display frames and the camera (`Landing`;
// frames rendered on another thread, render-thread other, are not counted).
// `Y` sets the stand-ins' switches for the run: SceneKit's Euler composition, CMAttitude's product order and the
// renderer's thread.
//
// The driver is a chain of main-queue blocks, not an async task: the main actor's jobs are main-queue
// work on Linux too, first in first out with the blocks, and a block costs no thread hand-off (an awaiting task
// there costs several). On Linux the main queue is drained on a dispatch worker thread, serially all the same.
@_spi(Simulation) import ARKit
@_spi(Simulation) import CoreMotion
@_spi(Simulation) import SceneKit
@_spi(Simulation) import UIKit
import Foundation

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("replay driver: \(message)\n".utf8))
    exit(3)
}

/// The 16 elements of `m`, row by row.
func rows(_ m: simd_float4x4) -> [Float] {
    let (c0, c1, c2, c3) = m.columns
    return [c0.x, c1.x, c2.x, c3.x, c0.y, c1.y, c2.y, c3.y, c0.z, c1.z, c2.z, c3.z, c0.w, c1.w, c2.w, c3.w]
}

/// The matrix whose rows are r0…r3 (what `simd_float4x4(rows:)` makes, without the array: built on every frame).
func matrix(rows r0: SIMD4<Float>, _ r1: SIMD4<Float>, _ r2: SIMD4<Float>, _ r3: SIMD4<Float>) -> simd_float4x4 {
    simd_float4x4(SIMD4(r0.x, r1.x, r2.x, r3.x), SIMD4(r0.y, r1.y, r2.y, r3.y), SIMD4(r0.z, r1.z, r2.z, r3.z), SIMD4(r0.w, r1.w, r2.w, r3.w))
}

/// The inverse of a rigid transform (rotation and translation, as a camera node's is): Rᵀ and −Rᵀ·t.
func rigidInverse(_ m: simd_float4x4) -> simd_float4x4 {
    let t = m.columns.3
    func row(_ r: SIMD4<Float>) -> SIMD4<Float> {
        SIMD4(r.x, r.y, r.z, -(r.x * t.x + r.y * t.y + r.z * t.z))
    }
    return matrix(rows: row(m.columns.0), row(m.columns.1), row(m.columns.2), SIMD4(0, 0, 0, 1))
}

/// The rotation matrix of the unit quaternion (w, x, y, z), no translation.
func rotation(w: Double, x: Double, y: Double, z: Double) -> simd_float4x4 {
    func row(_ a: Double, _ b: Double, _ c: Double) -> SIMD4<Float> { SIMD4(Float(a), Float(b), Float(c), 0) }
    return matrix(rows:
        row(1 - 2 * (y * y + z * z), 2 * (x * y - w * z), 2 * (x * z + w * y)),
        row(2 * (x * y + w * z), 1 - 2 * (x * x + z * z), 2 * (y * z - w * x)),
        row(2 * (x * z - w * y), 2 * (y * z + w * x), 1 - 2 * (x * x + y * y)),
        SIMD4(0, 0, 0, 1))
}

/// Output: one record now (a crash then still shows the frames before it).
func write(_ tag: Character, _ t: Double? = nil, _ values: [Float] = [], bytes: [UInt8] = []) {
    var record: [UInt8] = [tag.asciiValue!]
    if let t { withUnsafeBytes(of: t.bitPattern.littleEndian) { record += $0 } }
    for value in values { withUnsafeBytes(of: value.bitPattern.littleEndian) { record += $0 } }
    if !bytes.isEmpty || tag == "G" {
        withUnsafeBytes(of: UInt32(bytes.count).littleEndian) { record += $0 }
        record += bytes
    }
    FileHandle.standardOutput.write(Data(record))
}

/// One replay run's app: the services and the controller as AppState makes them, the view around them.
struct AppUnderTest {
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

    /// The settings the app holds, read from the properties its Settings sliders set.
    var settings: [Float] { [tracker.smoothingAlpha, controller.movementScale] }

    /// A Settings slider moved: `key` 1 smoothing (α), 2 sensitivity (movement scale).
    func set(_ key: UInt8, to value: Float) {
        switch key {
        case 1: tracker.smoothingAlpha = value
        case 2: controller.movementScale = value
        default: fail("unknown setting \(key)")
        }
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

    /// The display frame as the app left it: the head, the tilt offset, the camera node's position (the eye), the
    /// camera's projection and the view (the inverse of the node's world transform), row by row.
    func frame() -> [Float] {
        guard let camera = controller.cameraNode.camera else { fail("the controller's camera node has no camera") }
        let position = tracker.currentPosition
        let world = controller.cameraNode.simdWorldTransform
        let eye = world.columns.3
        var values = [position.x, position.y, position.z, motion.tiltOffset.x, motion.tiltOffset.y, eye.x, eye.y, eye.z]
        values.reserveCapacity(40)
        values += rows(simd_float4x4(camera.projectionTransform))
        values += rows(rigidInverse(world))
        return values
    }

    /// The tracker's head, the part of `frame()` an anchor's landing is judged on (read without the scene's transforms).
    func head() -> SIMD3<Float> {
        let position = tracker.currentPosition
        return SIMD3(position.x, position.y, position.z)
    }

    /// The scene as recorded after the frame's update: JSON with sorted keys.
    func sceneGraph() -> [UInt8] {
        let roles = CubeFace.allCases.map { (controller.nodeForFace($0), "face \($0.rawValue)") } + [(controller.cameraNode, "camera")]
        let record = SCNSceneRecord(scene: controller.scene, pointOfView: view.pointOfView, roles: roles)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        guard let data = try? encoder.encode(record) else { fail("the scene record did not encode") }
        return [UInt8](data)
    }
}

guard CommandLine.arguments.count == 2, let script = FileManager.default.contents(atPath: CommandLine.arguments[1]) else {
    fail("usage: driver SCRIPT")
}
/// The script (`parallax-app-replay 5`, ReplayScript in parallax's AppReplay module): binary records, little-endian.
let bytes = [UInt8](script)
let header = Array("parallax-app-replay 5\n".utf8)
guard bytes.starts(with: header) else { fail("the script does not start with 'parallax-app-replay 5'") }
var next = header.count

func take(_ count: Int) -> ArraySlice<UInt8> {
    guard next + count <= bytes.count else { fail("the script ends inside a record at byte \(next)") }
    defer { next += count }
    return bytes[next..<(next + count)]
}

func takeDouble() -> Double {
    Double(bitPattern: UInt64(littleEndian: take(8).withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) }))
}

func takeInt32() -> Int32 {
    Int32(littleEndian: take(4).withUnsafeBytes { $0.loadUnaligned(as: Int32.self) })
}

func takeString() -> String {
    let length = Int(take(1).first!)
    return String(decoding: take(length), as: UTF8.self)
}

let emptyFace = ARFaceGeometry(vertices: [], triangleIndices: [])
/// The face's eyes for the run (its `R` record): translations in the anchor's frame.
var faceEyes = (left: matrix_identity_float4x4, right: matrix_identity_float4x4)

/// The matrix that translates by (x, y, z).
func translation(_ x: Float, _ y: Float, _ z: Float) -> simd_float4x4 {
    var m = matrix_identity_float4x4
    m.columns.3 = SIMD4(x, y, z, 1)
    return m
}
var app: AppUnderTest?
var sceneGraphs = false
var renderOffMain = false

/// Runs `body` on the main queue after everything queued there now and what that queues in turn (two levels).
func afterQueued(_ body: @escaping () -> Void) {
    DispatchQueue.main.async { DispatchQueue.main.async(execute: body) }
}

/// When the app's updates land, counted over the run (its `H` record): an anchor's effect on the tracker's head,
/// and a display frame's on the camera (eye, projection, view), either within the delegate call itself (what the
/// frame SceneKit then renders shows) or only after the app's queued work (a hop: the next frame shows it). Calls
/// that change nothing are not counted.
struct Landing {
    var anchorsDirect: Float = 0, anchorsQueued: Float = 0, framesDirect: Float = 0, framesQueued: Float = 0

    /// Counts one call from the app's values before it, right after it, and after its queued work.
    static func classify<Values: Equatable>(_ before: Values, _ during: Values, _ after: Values) -> (direct: Float, queued: Float) {
        if during != before { return (1, 0) }
        return after != before ? (0, 1) : (0, 0)
    }
}
var landing = Landing()

/// The run's `H` record: anchors landed directly / after queued work, frames the same.
func writeLanding() {
    write("H", nil, [landing.anchorsDirect, landing.anchorsQueued, landing.framesDirect, landing.framesQueued])
    landing = Landing()
}

/// Reads the script until a record must wait for the app's queued work, then continues there.
func step() {
    while true {
        let tag = take(1).first!
        switch tag {
        case UInt8(ascii: "R"):
            let machine = takeString()
            let width = takeInt32(), height = takeInt32()
            sceneGraphs = take(1).first! != 0
            let eyes = (0..<6).map { _ in Float(takeDouble()) }
            faceEyes = (translation(eyes[0], eyes[1], eyes[2]), translation(eyes[3], eyes[4], eyes[5]))
            if app != nil { writeLanding() }
            let made = AppUnderTest(machine: machine, nativeWidth: Double(width), nativeHeight: Double(height))
            app = made
            write("R", nil, made.settings)
        case UInt8(ascii: "C"):
            guard let app else { fail("a setting before the first run") }
            let key = take(1).first!
            app.set(key, to: Float(takeDouble()))
            write("C", nil, app.settings)
        case UInt8(ascii: "P"):
            guard let app else { fail("a press before the first run") }
            app.pressReset()
        case UInt8(ascii: "V"):
            guard let app else { fail("an event before the first run") }
            let name = takeString(), value = takeString()
            app.apply(event: name, value: value.isEmpty ? nil : value)
        case UInt8(ascii: "Y"):
            let switches = take(3)
            SCNNode.simulatedEulerComposition = switches[switches.startIndex] == 0 ? .pitchYawRoll : .rollYawPitch
            CMAttitude.simulatedProduct = switches[switches.startIndex + 1] == 0 ? .inverseFirst : .inverseLast
            renderOffMain = switches[switches.startIndex + 2] != 0
        case UInt8(ascii: "A"):
            guard app != nil else { fail("an anchor before the first run") }
            let n = (0..<12).map { _ in takeDouble() }
            let flags = take(2)
            let call: SimulatedAnchorCall = [.add, .update, .remove][Int(min(2, flags[flags.startIndex + 1]))]
            var transform = rotation(w: n[8], x: n[9], y: n[10], z: n[11])
            transform.columns.3 = SIMD4<Float>(Float(n[1]), Float(n[2]), Float(n[3]), 1)
            let anchor = ARFaceAnchor(transform: transform, geometry: emptyFace, isTracked: flags[flags.startIndex] != 0,
                                      leftEyeTransform: faceEyes.left, rightEyeTransform: faceEyes.right)
            // The frame first (session.currentFrame then holds the anchor's camera), then the anchor's call: the
            // order of the two delegate calls is assumed (Apple documents neither; a device settles it by logging the
            // order of session(_:didUpdate:) for the frame and for the anchors).
            ARSession.deliver(frame: ARFrame(timestamp: n[0], camera: ARCamera(transform: rotation(w: n[4], x: n[5], y: n[6], z: n[7])),
                                           anchors: call == .remove ? [] : [anchor]))
            let before = app!.head()
            ARSession.deliver([anchor], as: call)
            let during = app!.head()
            afterQueued {
                let counted = Landing.classify(before, during, app!.head())
                landing.anchorsDirect += counted.direct
                landing.anchorsQueued += counted.queued
                step()
            }
            return
        case UInt8(ascii: "M"):
            guard app != nil else { fail("a motion sample before the first run") }
            let n = (0..<8).map { _ in takeDouble() }
            CMMotionManager.deliver(attitude: CMQuaternion(x: n[2], y: n[3], z: n[4], w: n[1]),
                                    rotationRate: CMRotationRate(x: n[5], y: n[6], z: n[7]), timestamp: n[0])
        case UInt8(ascii: "D"):
            guard let app else { fail("a display frame before the first run") }
            let t = takeDouble()
            let before = app.frame()
            func counted(_ during: [Float]) {
                let counted = Landing.classify(before[5...], during[5...], app.frame()[5...])
                landing.framesDirect += counted.direct
                landing.framesQueued += counted.queued
                step()
            }
            if renderOffMain {
                nonisolated(unsafe) let view = app.view
                // Where the render thread's update lands is not counted: the app's state cannot be read there.
                DispatchQueue.global().async {
                    view.update(atTime: t)
                    DispatchQueue.main.async { afterQueued { step() } }
                }
            } else {
                app.view.update(atTime: t)
                let during = app.frame()
                afterQueued { counted(during) }
            }
            return
        case UInt8(ascii: "O"):
            guard let app else { fail("a read before the first run") }
            write("S", takeDouble(), app.frame())
            if sceneGraphs { write("G", bytes: app.sceneGraph()) }
        case UInt8(ascii: "E"):
            if app != nil { writeLanding() }
            write("E")
            exit(0)
        default:
            fail("unknown record '\(Character(UnicodeScalar(tag)))' at byte \(next - 1)")
        }
    }
}

DispatchQueue.main.async { step() }
dispatchMain()
