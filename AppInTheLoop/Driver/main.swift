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
//      session(_:didUpdate:) starts a Task on the main actor (HeadTrackingService.swift:64), which runs next;
//   3. CoreMotion: the manager runs the app's handler on the queue it was given (.main, DeviceMotionService.swift:33);
//   4. the display frame: the renderer's hop to the main actor (CubeSceneController.swift:532–536) reads
//      currentPosition after everything above, and the glue of CubeSceneController.updateHeadPosition
//      (CubeSceneController.swift:440–453) is reproduced here: the tilt offset added to x and y when the
//      motion service is active, the app's OffAxisProjection (its default movementScale, which
//      CubeSceneController.swift:95 sets again from its own 1.5) for the projection and the camera position;
//      the view is the inverse of the camera node's transform, a pure translation by −position (SceneKit:
//      a camera node looks along its −z; the app never rotates it).
//
// Each stage ends with two round trips of the driver's task through the main queue, which run every block and
// main-actor job the stage enqueued and the ones those enqueue in turn (the app's hops are one level deep).
@_spi(Simulation) import ARKit
@_spi(Simulation) import CoreMotion
@_spi(Simulation) import UIKit
import Foundation

/// Runs everything enqueued on the main queue so far, and what that enqueues in turn: the driver's task goes to the
/// back of the main actor's queue (the main dispatch queue, first in first out) twice. On Linux the main queue is
/// drained on a dispatch worker thread, not the process's first thread; it is serial all the same.
func settle() async {
    MainActor.assertIsolated("the replay driver runs on the main actor, as the app's code does")
    await Task.yield()
    await Task.yield()
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("replay driver: \(message)\n".utf8))
    exit(3)
}

/// Float's shortest round-trip text.
func text(_ values: [Float]) -> String { values.map { "\($0)" }.joined(separator: " ") }

/// The 16 elements of `m`, row by row.
func rows(_ m: simd_float4x4) -> [Float] {
    let c = [m.columns.0, m.columns.1, m.columns.2, m.columns.3]
    return (0..<4).flatMap { i in (0..<4).map { j in c[j][i] } }
}

func write(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
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

guard CommandLine.arguments.count == 2, let script = try? String(contentsOfFile: CommandLine.arguments[1], encoding: .utf8) else {
    fail("usage: driver SCRIPT")
}
var lines = script.split(separator: "\n", omittingEmptySubsequences: true)[...]
guard lines.popFirst() == "parallax-app-replay 1" else { fail("the script's first line is not 'parallax-app-replay 1'") }
let emptyFace = ARFaceGeometry(vertices: [], triangleIndices: [])
var app: AppUnderTest?
var runs = 0

for line in lines {
    let fields = line.split(separator: " ").map(String.init)
    switch fields.first {
    case "run":
        guard fields.count == 4, let w = Double(fields[2]), let h = Double(fields[3]) else { fail("bad run line '\(line)'") }
        app = AppUnderTest(machine: fields[1], nativeWidth: w, nativeHeight: h)
        write("run \(runs)")
        runs += 1
    case "press":
        guard let app, fields.count == 1 else { fail("bad press line '\(line)'") }
        app.pressReset()
    case "sample", "feed":  // a feed's frame is computed, not printed
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
        let frame = app.frame()
        if fields[0] == "sample" { write("f \(t) " + text(frame)) }
    case "end":
        write("done")
        exit(0)
    default:
        fail("unknown line '\(line)'")
    }
}
fail("the script has no 'end' line")
