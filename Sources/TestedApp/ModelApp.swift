import Geometry
import Projection
import Smoothing
import Tracking
import Vocabulary

/// The app as a model: a smoother per head axis on the anchor ARKit reports, then the off-axis projection with the
/// movement scale (eye = (s·x, s·y, max(zMin, z))) — what the headline, `analyze --smoother` and `tune` measured
/// before the app's code could run, and what the alternative smoothers are (they exist only as models). It has no
/// gyro tilt, no origin and no hand-off: `PipelineApp`, the whole pipeline as a model, has them. The reset button restarts the
/// smoother. With settings, α replaces the weight of an `ema` filter (the app's slider) and is ignored by any other.
package struct ModelApp: AppUnderTest {
    package var filter: SmootherSpec
    package var movementScale: Double

    package init(filter: SmootherSpec = .app, movementScale: Double = AppDefaults.movementScale) {
        self.filter = filter
        self.movementScale = movementScale
    }

    /// The app's filter named as the app's constant writes it (`AppDefaults.smootherSpec`, as the label's
    /// documentation shows), any other by its canonical form.
    package var identity: AppIdentity {
        AppIdentity(kind: .model, source: "\(filter == .app ? AppDefaults.smootherSpec : filter.description), movement scale \(movementScale)")
    }

    /// α of a single `ema` stage; for any other filter the app's default, which the model then ignores.
    package func defaults() -> AppSettings {
        AppSettings(smoothingAlpha: emaAlpha(filter) ?? AppDefaults.smoothingAlpha, movementScale: movementScale)
    }

    private func emaAlpha(_ spec: SmootherSpec) -> Double? {
        guard spec.stages.count == 1, spec.stages[0].kind == .ema else { return nil }
        return spec.stages[0].parameters.number("alpha")
    }

    /// The filter with α set as the slider sets it.
    package func filter(for settings: AppSettings) throws -> SmootherSpec {
        guard emaAlpha(filter) != nil else { return filter }
        return try SmootherSpec(parsing: "ema:alpha=\(settings.smoothingAlpha)")
    }

    package func run(_ runs: [AppRun]) throws -> [[AppFrame]] {
        try runs.map { run in
            let settings = run.settings ?? defaults()
            var smoother = try filter(for: settings).makeSmoother()
            let projection = try OffAxisProjection(screen: run.screen, movementScale: settings.movementScale)
            var presses = run.presses.sorted()[...]
            var frames: [AppFrame] = []
            frames.reserveCapacity(max(0, run.samples.count - run.firstReturned))
            for (i, sample) in run.samples.enumerated() {
                while let press = presses.first, press <= sample.t {
                    presses.removeFirst()
                    smoother.reset()
                }
                let head = smoother.smooth(HeadSample(t: sample.t, position: sample.anchor, tracked: sample.tracked))
                guard i >= run.firstReturned else { continue }
                let camera = try projection.camera(head: head)
                frames.append(AppFrame(t: sample.t, head: head, tiltOffset: (0, 0), eye: camera.eye,
                                       projection: camera.projection, view: camera.view))
            }
            return frames
        }
    }
}
