import Plumbing

/// gyro-tilt: the back-wall shift the cube's tilt offset adds. Uses the trace's `pitch,roll` columns; a
/// trace without them is evaluated as a still phone tilted by `scriptedTilt` in pitch and roll from its
/// reference attitude (a tilt the hand makes while holding the phone).
enum GyroTiltCheck: AuditCheck {
    static let id = AuditCheckID.gyroTilt
    static let unit = MetricUnit.pixels
    static let defaultLimit = 2.0
    static let modes: Set<AppMode> = [.cube]
    static let reachable = true
    static let mechanism = "the cube adds (roll·g, −pitch·g), g = 0.03 m/rad, to the head: a tilted phone moves the room with the head still"
    static let fixDescription = "no tilt offset"
    static var fix: WritableKeyPath<AppPipeline, Bool> { \.addsTiltOffset }

    static let scriptedTilt = 5 * Double.pi / 180

    static func evaluate(_ audit: AuditCase, configured: AppPipeline) -> CheckEvaluation {
        let scripted = audit.attitude == nil
        let attitude = audit.attitude ?? Array(repeating: (scriptedTilt, scriptedTilt), count: audit.trace.count)
        let samples = IsolatedShift.evaluate(id, audit, configured: configured, attitude: attitude)
        return CheckEvaluation(samples: samples, notes: scripted ? ["\(audit.traceName): no pitch,roll columns; phone tilted 5° in pitch and roll"] : [])
    }
}
