import Foundation
import Geometry
import Projection
import TestedApp
import Testing

/// The audit's model as an app under test (`PipelineApp`), against hand-computed frames.
struct PipelineAppTests {
    /// A still, upright phone; the head steps 10 mm right after the first sample. As shipped: no offsets, the EMA at
    /// α = 0.25 from the first sample, the eye s = 1.5 times the head in x and y. Reset at 0.5 s (sample 30) stores the
    /// smoothed head of sample 29 as the origin, 10·(1 − 0.75²⁹) mm, and restarts the smoother: the head then reads what
    /// the smoother had not yet caught up, 10·0.75²⁹ mm — the shipped app's off-by-the-lag origin.
    @Test func aStepThroughTheShippedPipeline() throws {
        let samples = (0..<60).map { i in
            SensorSample(t: Double(i) / 60, anchor: Vec3(i == 0 ? 0 : 0.01, 0, 0.35), tracked: true, attitude: .identity, rotationRate: Vec3(0, 0, 0))
        }
        let screen = try ScreenModel.device("iphone-15-pro")
        let runs = try PipelineApp().run([AppRun(screen: screen, samples: samples), AppRun(screen: screen, samples: samples, presses: [0.5])])
        for (k, frame) in runs[0].enumerated() {
            let head = 0.01 * (1 - pow(0.75, Double(k)))
            #expect(abs(frame.head.x - head) < 1e-12 && abs(frame.eye.x - 1.5 * head) < 1e-12 && frame.eye.z == 0.35, "frame \(k)")
            #expect(abs(frame.tiltOffset.x) < 1e-15 && abs(frame.tiltOffset.y) < 1e-15)
        }
        let reset = try #require(samples.firstIndex { $0.t >= 0.5 })
        #expect(reset == 30)
        for frame in runs[1][reset...] {
            #expect(abs(frame.head.x - 0.01 * pow(0.75, 29)) < 1e-12 && abs(frame.eye.x - 1.5 * 0.01 * pow(0.75, 29)) < 1e-12)
        }
        #expect(PipelineApp().defaults() == AppSettings(smoothingAlpha: 0.25, movementScale: 1.5))
    }
}
