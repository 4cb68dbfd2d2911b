import DeviceFacts
import TestedApp
import Vocabulary

/// One audit check, as a value: its id, unit and limit, the modes it exists in, what it rests on, how it measures a
/// case, and its fix. A check is one file in `Checks/` (its id and its value, and the code it measures with) and one
/// line of `AuditCheck.all`; an audit runs the list its options hold (`AuditOptions.checks`).
package struct AuditCheck: Sendable {
    /// The check's values on one case, with the given pipeline as the app's.
    package typealias Measure = @Sendable (AuditCase, AppPipeline) throws -> CheckEvaluation
    /// The check's values on one case from the app's code's runs (`AppCodeEvidence`); nil for a case they cannot
    /// measure (the model's values then stand).
    package typealias MeasureOnCode = @Sendable (AuditCase, AppCodeEvidence, AppPipeline) throws -> CheckEvaluation?

    /// The stable id (its raw value is the check's name in JSON).
    package let id: AuditCheckID
    /// The unit a person reads the value in.
    package let unit: MetricUnit
    /// The limit a value must not exceed unless the evaluation gives a case's own (`CheckEvaluation.limit`).
    package let defaultLimit: Double
    /// Which app modes the behaviour exists in.
    package let modes: Set<AppMode>
    /// Whether the shipped app can show the behaviour. Its tab bar holds only Camera (the cube) and Settings
    /// (AristidesAI/Splat-Frame at `AppDefaults.appCommit`, `Splat Frame/Views/MainTabView.swift:70–78`): the
    /// splat viewer is compiled but never shown.
    package let reachable: Bool
    /// Whether exceeding the limit fails the check.
    package let isGated: Bool
    /// One line: how the app produces the error (a case's evaluation may state it as measured, `CheckEvaluation.mechanism`).
    package let mechanism: String
    /// What `--fix` turns on.
    package let fixDescription: String
    /// The fix as Swift that compiles in the app, where the audit can state it (nil: described only).
    package let fixCode: String?
    /// What the fix needs beyond the app's code to be right (a hypothesis to settle, a device check), if anything.
    package let fixCaveat: String?
    /// The `AppPipeline` switch of the behaviour: true as shipped, false fixed (nil: the model has none).
    package let fix: (WritableKeyPath<AppPipeline, Bool> & Sendable)?
    /// What the check's number depends on beyond the app's code.
    package let assumptions: Set<AuditAssumption>
    /// Whether the values depend on the case; if not, the check is evaluated once, on the first case of its modes.
    package let dependsOnCase: Bool
    /// With `--app-source`, why the check is not measured on the app's code (nil: it is, on the as-shipped
    /// baseline — both sides are the code's runs: its settings, its reset button, or simulated-sensor events —
    /// by `measureOnCode`).
    package let modelOnly: String?
    /// The baseline the check is always measured on, whatever the audit's (nil: the audit's, `AuditBaseline`):
    /// checks that measure the app as configured, or compare against an all-corrected reference by construction.
    package let ownBaseline: AuditBaseline?
    private let measure: Measure
    private let measureOnCode: MeasureOnCode?

    package init(id: AuditCheckID, unit: MetricUnit, defaultLimit: Double, modes: Set<AppMode>, reachable: Bool, isGated: Bool = true,
                 mechanism: String, fixDescription: String, fixCode: String? = nil, fixCaveat: String? = nil,
                 fix: (WritableKeyPath<AppPipeline, Bool> & Sendable)?, assumptions: Set<AuditAssumption> = [.eye], dependsOnCase: Bool = true,
                 modelOnly: String?, ownBaseline: AuditBaseline? = nil, evaluate: @escaping Measure, measureOnCode: MeasureOnCode? = nil) {
        (self.id, self.unit, self.defaultLimit, self.modes, self.reachable, self.isGated) = (id, unit, defaultLimit, modes, reachable, isGated)
        (self.mechanism, self.fixDescription, self.fixCode, self.fixCaveat, self.fix) = (mechanism, fixDescription, fixCode, fixCaveat, fix)
        (self.assumptions, self.dependsOnCase, self.modelOnly, self.ownBaseline) = (assumptions, dependsOnCase, modelOnly, ownBaseline)
        measure = evaluate
        self.measureOnCode = measureOnCode
    }

    /// Whether the check measures the app's code where the case has its runs.
    package var measuresTheCode: Bool { measureOnCode != nil }

    /// The check's values on one case, with `configured` as the app's pipeline: from the app's code's runs where the
    /// case has them for this pipeline on the check's baseline (the app as shipped: `AuditCase.codeEvidence(for:)`),
    /// else from the model. The one place the audit chooses between them.
    package func evaluate(_ audit: AuditCase, configured: AppPipeline) throws -> CheckEvaluation {
        if let measureOnCode, let code = (ownBaseline.map(audit.on) ?? audit).codeEvidence(for: configured),
           var evaluation = try measureOnCode(audit, code, configured) {
            evaluation.measuredOnCode = true
            return evaluation
        }
        return try measure(audit, configured)
    }
}

extension AuditCheck {
    /// Every check of the audit, in report order.
    package static let all: [AuditCheck] = [
        .worldAlignment,
        .screenSize,
        .cameraOffset,
        .eyePoint,
        .recenterIdempotent,
        .trackingLoss,
        .gyroTilt,
        .handOff,
        .latency,
        .splatPinning,
        .clipDepth,
        .splatColour,
        .jacobianClamp,
        .exaggeration,
    ]

    /// The registered check with `id` (nil: none of `all`).
    package static func registered(_ id: AuditCheckID) -> AuditCheck? { all.first { $0.id == id } }
}
