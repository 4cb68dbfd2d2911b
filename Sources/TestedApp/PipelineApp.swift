import Geometry
import Projection
import Vocabulary

/// The app's whole head pipeline as a model, run as an app under test: `AppPipeline`'s behaviours (the input
/// frame, origin and Reset, the smoother, the tilt glue with its gain, the eye model, the movement scale) through
/// `HeadPipeline`, and the projection of the screen the app believes (its own table's, unless that behaviour is
/// corrected). The audit's model of the shipped app: compared frame by frame with the app's code (`AppComparison`),
/// where `ModelApp` is the smoother alone. Its frames are the cube's, before the hand-off; the tilt offset is what it
/// adds before the scale (eye/s − head in x and y).
package struct PipelineApp: AppUnderTest {
    package var pipeline: AppPipeline

    package init(_ pipeline: AppPipeline = .shipped) {
        self.pipeline = pipeline
    }

    package var identity: AppIdentity {
        AppIdentity(kind: .model, source: "the app's pipeline (\(pipeline.arkitFrame.rawValue) frame, EMA α \(pipeline.smoothingAlpha), movement scale \(pipeline.appliedMovementScale))")
    }

    package func defaults() -> AppSettings {
        AppSettings(smoothingAlpha: pipeline.alpha, movementScale: pipeline.movementScale)
    }

    package func run(_ runs: [AppRun]) throws -> [[AppFrame]] {
        try runs.map { run in
            var configured = pipeline
            if let settings = run.settings {
                configured.alpha = settings.smoothingAlpha
                configured.movementScale = settings.movementScale
            }
            var screen = run.screen
            if configured.sizesScreenFromAppTable {
                guard let record = screen.record else { throw FieldError("screen", expected: "a display-table iPhone", found: "'\(screen.name)'") }
                screen = try ScreenModel.device(record, source: .appTable)
            }
            let believed = try OffAxisProjection(screen: screen)
            var head = HeadPipeline(configured, cameraOffset: run.screen.cameraOffset, mode: .cube)
            var presses = run.presses.sorted()[...]
            let s = configured.appliedMovementScale
            var frames: [AppFrame] = []
            for (i, sample) in run.samples.enumerated() {
                while let press = presses.first, press <= sample.t {
                    presses.removeFirst()
                    head.recenter()
                }
                let eye = head.update(HeadInput(position: sample.anchor, tracked: sample.tracked, attitude: sample.attitude))
                guard i >= run.firstReturned, let smoothed = head.smoothedHead else { continue }
                frames.append(AppFrame(t: sample.t, head: smoothed, tiltOffset: (eye.x / s - smoothed.x, eye.y / s - smoothed.y), eye: eye,
                                       projection: believed.projectionMatrix(eye: eye), view: Mat4.translation(-eye)))
            }
            return frames
        }
    }
}
