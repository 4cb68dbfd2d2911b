import DeviceFacts
import Vocabulary

/// One audit check's registration: everything the audit knows about a check lives in its conforming type
/// (one file in `Checks/`), and `AuditRegistry` maps each `AuditCheckID` to it.
protocol AuditCheck: Sendable {
    /// The stable id (its raw value is the check's name in JSON).
    static var id: AuditCheckID { get }
    /// The unit a person reads the value in.
    static var unit: MetricUnit { get }
    /// The limit a value must not exceed unless the evaluation gives a case's own (`CheckEvaluation.limit`).
    static var defaultLimit: Double { get }
    /// Which app modes the behaviour exists in.
    static var modes: Set<AppMode> { get }
    /// Whether the shipped app can show the behaviour. Its tab bar holds only Camera (the cube) and Settings
    /// (AristidesAI/Splat-Frame at `AppDefaults.appCommit`, `Splat Frame/Views/MainTabView.swift:70–78`): the
    /// splat viewer is compiled but never shown.
    static var reachable: Bool { get }
    /// Whether exceeding the limit fails the check (default true).
    static var isGated: Bool { get }
    /// One line: how the app produces the error.
    static var mechanism: String { get }
    /// What `--fix` turns on.
    static var fixDescription: String { get }
    /// The fix as Swift that compiles in the app, where the audit can state it (nil: described only).
    static var fixCode: String? { get }
    /// What the fix needs beyond the app's code to be right (a hypothesis to settle, a device check), if anything.
    static var fixCaveat: String? { get }
    /// The `AppPipeline` switch of the behaviour: true as shipped, false fixed.
    static var fix: WritableKeyPath<AppPipeline, Bool> { get }
    /// What the check's number depends on beyond the app's code (default: the eye model).
    static var assumptions: Set<AuditAssumption> { get }
    /// Whether the values depend on the case (default true); if not, the check is evaluated once, on the first
    /// case of its modes.
    static var dependsOnCase: Bool { get }
    /// With `--app-source`, why the check is not measured on the app's code (nil: it is, on the as-shipped
    /// baseline — both sides are the code's runs: its settings, its reset button, or simulated-sensor events).
    static var modelOnly: String? { get }
    /// The baseline the check is always measured on, whatever the audit's (nil: the audit's, `AuditBaseline`):
    /// checks that measure the app as configured, or compare against an all-corrected reference by construction.
    static var ownBaseline: AuditBaseline? { get }
    /// The check's values on one case, with `configured` as the app's pipeline.
    static func evaluate(_ audit: AuditCase, configured: AppPipeline) throws -> CheckEvaluation
}

extension AuditCheck {
    static var isGated: Bool { true }
    static var fixCode: String? { nil }
    static var fixCaveat: String? { nil }
    static var assumptions: Set<AuditAssumption> { [.eye] }
    static var dependsOnCase: Bool { true }
    static var ownBaseline: AuditBaseline? { nil }
}
