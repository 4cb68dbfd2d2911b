import Geometry
import TestedApp

/// The image shift between two runs of the app's own code — the app as shipped, and the same code with one
/// behaviour taken away by its inputs (the anchor read relative to the camera, the phone's attitude held) — per
/// sample: each frame drawn by its own projection · view (`ImageModel.drawn(by:)`), on the probe points the true
/// window shows, at the same instant (the hand-off delay, the same on both sides, is hand-off's check). A branch is
/// judged against itself, never against the model.
enum CodeShift {
    /// `appSample`: which sample of the straight run the app's frame `i` is (hand-off's drawn frame is the one before).
    static func samples(_ audit: AuditCase, configured: AppPipeline, app: [AppFrame], corrected: [AppFrame],
                        appSample: (Int) -> Int = { $0 }) -> [CheckSample] {
        let panel = audit.image(configured)
        let points = ProbePoints.points(screen: audit.screen, mode: audit.mode)
        let truth = audit.trueEyes(configured), viewers = audit.trueEyes(configured, exaggerated: false)
        let window = audit.image(configured.fixingAll().with(behaviourOf: .exaggeration, from: configured))
        return app.indices.compactMap { i in
            guard audit.measures(i) else { return nil }
            return ProbePoints.compare(points, app: (panel.drawn(by: app[i]), app[i].eye), reference: (panel.drawn(by: corrected[i]), corrected[i].eye),
                                       visibleIn: (window, truth[i]), viewer: viewers[i]).map { found in
                CheckSample(value: found.shift, place: audit.place(i), frame: FramePose(appEye: app[i].eye, referenceEye: corrected[i].eye, codeSample: appSample(i)), viewer: found.viewer)
            }
        }
    }
}
