import Geometry
import TestedApp

/// The image shift between two runs of the app's own code — the app as shipped, and the same code with one
/// behaviour taken away by its inputs (the anchor read relative to the camera, the phone's attitude held) — per
/// sample: each run's eyes after the hand-off delay, drawn by the shipped image (the app's frustum on its table's
/// screen), on the probe points the true window shows. A branch is judged against itself, never against the model.
enum CodeShift {
    static func samples(_ audit: AuditCase, configured: AppPipeline, app: [AppFrame], corrected: [AppFrame]) -> [CheckSample] {
        IsolatedShift.shifts(audit, variant: (configured, audit.handedOff(app.map(\.eye), configured)),
                             reference: (configured, audit.handedOff(corrected.map(\.eye), configured)), judgedByTheTrueWindow: true)
    }
}
