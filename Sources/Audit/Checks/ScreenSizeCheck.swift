import Projection
import TestedApp
import Vocabulary

extension AuditCheckID {
    package static let screenSize = AuditCheckID("screen-size")
}

extension AuditCheck {
    /// screen-size: the image scaled by true/believed size; px over the trace and the gain error
    /// body/display − 1 of the app's table.
    static let screenSize = AuditCheck(
        id: .screenSize,
        unit: .pixels,
        defaultLimit: 2.0,
        modes: [.cube, .splat],
        reachable: true,
        mechanism: "the app sizes the frustum from its own body-size table, not the display's active area, so the image is scaled by display/body",
        fixDescription: "the display's true active area",
        fix: \AppPipeline.sizesScreenFromAppTable,
        modelOnly: nil,
        evaluate: { ScreenSizeCheck.evaluate($0, configured: $1) },
        measureOnCode: { ScreenSizeCheck.evaluate($0, code: $1, configured: $2) })
}

/// How screen-size measures (`AuditCheck.screenSize`).
enum ScreenSizeCheck {
    static func evaluate(_ audit: AuditCase, configured: AppPipeline) -> CheckEvaluation {
        CheckEvaluation(samples: IsolatedShift.evaluate(AuditCheckID.screenSize, audit, configured: configured), notes: notes(audit))
    }

    static func evaluate(_ audit: AuditCase, code: AppCodeEvidence, configured: AppPipeline) -> CheckEvaluation {
        CheckEvaluation(samples: codeSamples(audit, code.straight(afterReset: audit.resetTime != nil), configured: configured), notes: notes(audit))
    }

    /// The app's table against the display's active area.
    static func notes(_ audit: AuditCase) -> [String] {
        var notes: [String] = []
        if let record = audit.screen.record {
            let size = AppScreenTable.size(for: record)
            let portrait = audit.screen.oriented(.portrait)
            let gx = (size.width / portrait.width - 1) * 100, gy = (size.height / portrait.height - 1) * 100
            notes.append("\(record.model): app table \(format(size.width * 1000)) × \(format(size.height * 1000)) mm vs display \(format(portrait.width * 1000)) × \(format(portrait.height * 1000)) mm, gain error \(format(gx)) % / \(format(gy)) %")
        }
        return notes
    }

    /// On the code: each frame drawn by its own projection against the true window's frustum from the display's
    /// active area at the same eye (the off-axis frustum, a closed form): the size the app's table believes, alone.
    static func codeSamples(_ audit: AuditCase, _ frames: [AppFrame], configured: AppPipeline) -> [CheckSample] {
        let panel = audit.image(configured), trueFrustum = audit.image(configured.fixing([AuditCheckID.screenSize]))
        let points = ProbePoints.points(screen: audit.screen, mode: audit.mode)
        let truth = audit.trueEyes(configured), viewers = audit.trueEyes(configured, exaggerated: false)
        let window = audit.image(configured.fixingAll().with(behaviourOf: .exaggeration, from: configured))
        return frames.indices.compactMap { i in
            guard audit.measures(i) else { return nil }
            return ProbePoints.compare(points, app: (panel.drawn(by: frames[i]), frames[i].eye), reference: (trueFrustum, frames[i].eye),
                                       visibleIn: (window, truth[i]), viewer: viewers[i]).map { found in
                CheckSample(value: found.shift, place: audit.place(i), frame: FramePose(appEye: frames[i].eye, referenceEye: frames[i].eye), viewer: found.viewer)
            }
        }
    }
}

package func format(_ value: Double, digits: Int = 1) -> String { String(format: "%.\(digits)f", value) }
