import Projection
import Vocabulary

/// screen-size: the image scaled by true/believed size; px over the trace and the gain error
/// body/display − 1 of the app's table.
enum ScreenSizeCheck: AuditCheck {
    static let id = AuditCheckID.screenSize
    static let unit = MetricUnit.pixels
    static let defaultLimit = 2.0
    static let modes: Set<AppMode> = [.cube, .splat]
    static let reachable = true
    static let mechanism = "the app sizes the frustum from its own body-size table, not the display's active area, so the image is scaled by display/body"
    static let fixDescription = "the display's true active area"
    static let modelOnly: String? = "its reference needs the display's true active area in the app's own table, a constant per model the replay cannot swap without editing the table"
    static var fix: WritableKeyPath<AppPipeline, Bool> { \.sizesScreenFromAppTable }

    static func evaluate(_ audit: AuditCase, configured: AppPipeline) -> CheckEvaluation {
        let samples = IsolatedShift.evaluate(id, audit, configured: configured)
        var notes: [String] = []
        if let record = audit.screen.record {
            let size = AppScreenTable.size(for: record)
            let portrait = audit.screen.oriented(.portrait)
            let gx = (size.width / portrait.width - 1) * 100, gy = (size.height / portrait.height - 1) * 100
            notes.append("\(record.model): app table \(format(size.width * 1000)) × \(format(size.height * 1000)) mm vs display \(format(portrait.width * 1000)) × \(format(portrait.height * 1000)) mm, gain error \(format(gx)) % / \(format(gy)) %")
        }
        return CheckEvaluation(samples: samples, notes: notes)
    }
}

func format(_ value: Double, digits: Int = 1) -> String { String(format: "%.\(digits)f", value) }
