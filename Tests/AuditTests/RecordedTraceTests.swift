import Audit
import DeviceFacts
import Foundation
import Geometry
import ParallaxTestSupport
import Testing
import Tracking

/// A recording made into a trace in the frame it decided: positions in the screen's axes relative to the camera
/// (the synthesizer's truth, known in closed form), device_q upright where the phone is, tracked flags kept.
struct RecordedTraceTests {
    /// The synthesizer's head relative to the camera in the device's (screen's) axes: R⁻¹·(head − camera).
    static func truth(_ s: DeviceRecordingSynthesizer, localTime: Double, gravity: Bool) -> Vec3 {
        // The synthesizer's phone, camera and head at local time (its functions are internal: recomputed here).
        var phone = Quaternion.identity, camera = Vec3(0, 0, 0)
        if localTime >= 3, localTime < 23 {
            let u = localTime - 3, block = min(Int(u / (20.0 / 3)), 2), local = u - Double(block) * 20.0 / 3
            phone = Quaternion(axis: [Vec3(1, 0, 0), Vec3(0, 0, 1), Vec3(0, 1, 0)][block], angle: 30 * .pi / 180 * sin(2 * .pi * local / (10.0 / 3)))
            camera = Vec3(0.004 * sin(1.7 * localTime), 0.004 * cos(1.3 * localTime), 0.002 * sin(0.9 * localTime))
        }
        // Under gravity the trace ignores the phone's translation (not recorded in the world vector's meaning).
        return phone.conjugate.rotate(Vec3(0, 0, 0.35) - (gravity ? Vec3(0, 0, 0) : camera))
    }

    @Test(arguments: [DeviceRecordingSynthesizer.Truth.gravity, .camera])
    func positionsAreTheHeadInTheScreensAxes(_ truth: DeviceRecordingSynthesizer.Truth) throws {
        let synthesizer = DeviceRecordingSynthesizer(truth: truth, recordedAxes: [(1, 1), (0, -1), (2, -1)])
        let recorded = try RecordedTrace(recording: try DeviceRecording.parse(synthesizer.csv(), file: "r.csv"), file: "r.csv")
        #expect(recorded.decision.frame == (truth == .gravity ? .gravity : .camera))
        let trace = recorded.trace, device = try #require(try trace.orientations(.device))
        #expect(trace.samples[0].t == 0)
        var worst = 0.0
        for (k, sample) in trace.samples.enumerated() where sample.tracked && sample.t < 23 {
            // Frame times carry ±1 ms jitter around k/60; the head moves ≤ 0.2 m/s there: ≤ 0.2 mm.
            worst = max(worst, (sample.position - Self.truth(synthesizer, localTime: Double(k) / 60, gravity: truth == .gravity)).length)
        }
        // Face noise σ 1.5 mm per axis (≤ ~8 mm at 3σ over ~1300 samples), attitude noise 0.03°.
        #expect(worst < 0.009, "worst \(worst) m")
        // Upright at the start: device_q takes the screen's up to the world's up.
        #expect((device[0].rotate(Vec3(0, 1, 0)) - Vec3(0, 1, 0)).length < 0.002)
        #expect(trace.samples.filter { !$0.tracked }.count > 50)
        #expect(trace.metadata.contains { $0.key == "arkit_frame" && $0.value == "\(truth == .gravity ? "gravity" : "camera") (measured: r.csv)" })
    }

    @Test func anUndecidedRecordingIsRefused() throws {
        var synthesizer = DeviceRecordingSynthesizer(truth: .camera)
        synthesizer.phoneTurns = false
        #expect { try RecordedTrace(recording: try DeviceRecording.parse(synthesizer.csv(), file: "r.csv"), file: "r.csv") } throws: {
            "\($0)" == "r.csv: the recording leaves the ARKit frame undecided; `parallax arkit-frame r.csv` says why (the protocol: `parallax arkit-frame --protocol`)"
        }
    }
}
