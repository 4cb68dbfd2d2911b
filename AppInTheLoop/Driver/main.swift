// The replay driver: compiled together with the app's own files (same module, the app's default main-actor
// isolation) against the Apple stand-ins, and run by `parallax app replay`. It reads a script — the simulated
// device, then per display frame the face anchor, the device attitude and the button presses — feeds them to
// the app's services through the simulated ARKit session and CoreMotion manager, and prints what the app
// computes. The schedule of one display frame k at the script's time t_k (all on the main queue, in order):
//
//   1. the reset button's presses the script puts before the frame: the button's actions, in the app's order
//      (AristidesAI/Splat-Frame @ 4ca7217, Views/MainTabView.swift:214–219): headTracker.resetOrigin(),
//      deviceMotion.resetReference() (cubeController.resetView() belongs to the scene, not replayed here);
//   2. ARKit: the session calls its delegate on the main queue (Apple: delegateQueue nil); the app's
//      session(_:didUpdate:) starts a Task on the main actor (HeadTrackingService.swift:64);
//   3. CoreMotion: the manager runs the app's handler on the queue it was given (.main, DeviceMotionService.swift:33);
//   4. the main queue runs what is queued — the Task of step 2 — and what that queues in turn: the driver goes on
//      in a block queued behind it, twice (`afterQueued`; the app's hops are one level deep);
//   5. the display frame: the renderer's hop to the main actor (CubeSceneController.swift:532–536) reads
//      currentPosition after everything above, and the glue of CubeSceneController.updateHeadPosition
//      (CubeSceneController.swift:440–453) is reproduced here: the tilt offset added to x and y when the
//      motion service is active, the app's OffAxisProjection (its default movementScale, which
//      CubeSceneController.swift:95 sets again from its own 1.5) for the projection and the camera position;
//      the view is the inverse of the camera node's transform, a pure translation by −position (SceneKit:
//      a camera node looks along its −z; the app never rotates it).
//
// Steps 2 and 3 run the app's callbacks there and then (the simulation is on the main queue, where Apple says
// they run). The driver is a chain of main-queue blocks, not an async task: the main actor's jobs are main-queue
// work on Linux too, first in first out with the blocks, and a block costs no thread hand-off (an awaiting task
// there costs several). On Linux the main queue is drained on a dispatch worker thread, serially all the same.
@_spi(Simulation) import ARKit
@_spi(Simulation) import CoreMotion
@_spi(Simulation) import UIKit
import Foundation

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("replay driver: \(message)\n".utf8))
    exit(3)
}

/// The 16 elements of `m`, row by row.
func rows(_ m: simd_float4x4) -> [Float] {
    let c = [m.columns.0, m.columns.1, m.columns.2, m.columns.3]
    return (0..<4).flatMap { i in (0..<4).map { j in c[j][i] } }
}

/// Writes one output record now (a crash then still shows the frames before it).
func write(_ tag: Character, _ t: Double? = nil, _ values: [Float] = []) {
    var record: [UInt8] = [tag.asciiValue!]
    if let t { withUnsafeBytes(of: t.bitPattern.littleEndian) { record += $0 } }
    for value in values { withUnsafeBytes(of: value.bitPattern.littleEndian) { record += $0 } }
    FileHandle.standardOutput.write(Data(record))
}

/// One replay run's app: the services as the app makes them (AppState), started as the app starts them.
struct AppUnderTest {
    let tracker = HeadTrackingService()
    let motion = DeviceMotionService()
    let offAxis = OffAxisProjection()
    let screen: ScreenCalibration

    init(machine: String, nativeWidth: Double, nativeHeight: Double) {
        ARSession.stopAll()
        CMMotionManager.stopAll()
        simulatedMachineIdentifier = machine
        UIScreen.simulatedMain = UIScreen(nativeBounds: CGRect(x: 0, y: 0, width: nativeWidth, height: nativeHeight))
        screen = ScreenCalibration.forCurrentDevice()
        tracker.start()
        motion.start()
    }

    func pressReset() {
        tracker.resetOrigin()
        motion.resetReference()
    }

    /// The display frame: CubeSceneController.updateHeadPosition's glue, reproduced (see the header): the head, the
    /// tilt offset, the eye, then the projection and the view row by row.
    func frame() -> [Float] {
        let position = tracker.currentPosition
        var combined = position
        if motion.isActive {
            combined.x += motion.tiltOffset.x
            combined.y += motion.tiltOffset.y
        }
        let projection = offAxis.projectionMatrix(headPosition: combined, screen: screen)
        let eye = offAxis.cameraPosition(headPosition: combined)
        let view = simd_float4x4.translation(-eye)
        return [position.x, position.y, position.z, motion.tiltOffset.x, motion.tiltOffset.y, eye.x, eye.y, eye.z]
            + rows(projection) + rows(view)
    }
}

guard CommandLine.arguments.count == 2, let script = FileManager.default.contents(atPath: CommandLine.arguments[1]) else {
    fail("usage: driver SCRIPT")
}
/// The script (`parallax-app-replay 2`, ReplayScript in parallax's AppReplay module): binary records, little-endian.
let bytes = [UInt8](script)
let header = Array("parallax-app-replay 2\n".utf8)
guard bytes.starts(with: header) else { fail("the script does not start with 'parallax-app-replay 2'") }
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

let emptyFace = ARFaceGeometry(vertices: [], triangleIndices: [])
var app: AppUnderTest?

/// Runs `body` on the main queue after everything queued there now and what that queues in turn (two levels).
func afterQueued(_ body: @escaping () -> Void) {
    DispatchQueue.main.async { DispatchQueue.main.async(execute: body) }
}

/// Reads the script until a sample's frame must wait for the app's queued work, then continues there.
func step() {
    while true {
        let tag = take(1).first!
        switch tag {
        case UInt8(ascii: "R"):
            let length = Int(take(1).first!)
            let machine = String(decoding: take(length), as: UTF8.self)
            let width = takeInt32(), height = takeInt32()
            app = AppUnderTest(machine: machine, nativeWidth: Double(width), nativeHeight: Double(height))
            write("R")
        case UInt8(ascii: "P"):
            guard let app else { fail("a press before the first run") }
            app.pressReset()
        case UInt8(ascii: "S"), UInt8(ascii: "F"):  // a feed's frame is computed, not written
            guard let app else { fail("a sample before the first run") }
            let n = (0..<12).map { _ in takeDouble() }
            var transform = matrix_identity_float4x4
            transform.columns.3 = SIMD4<Float>(Float(n[1]), Float(n[2]), Float(n[3]), 1)
            ARSession.deliver([ARFaceAnchor(transform: transform, geometry: emptyFace, isTracked: n[4] != 0)])
            CMMotionManager.deliver(attitude: CMQuaternion(x: n[6], y: n[7], z: n[8], w: n[5]),
                                    rotationRate: CMRotationRate(x: n[9], y: n[10], z: n[11]))
            let returned = tag == UInt8(ascii: "S")
            afterQueued {
                let frame = app.frame()
                if returned { write("S", n[0], frame) }
                step()
            }
            return
        case UInt8(ascii: "E"):
            write("E")
            exit(0)
        default:
            fail("unknown record '\(Character(UnicodeScalar(tag)))' at byte \(next - 1)")
        }
    }
}

DispatchQueue.main.async { step() }
dispatchMain()
