/// What a smoother does while the tracker has lost the face (`tracked == false`).
public enum TrackingLossPolicy: String, CaseIterable, Sendable {
    /// Keep consuming the (frozen) samples as if they were real — what the app does.
    case hold
    /// Stop updating while `tracked` is false (the output stays at the last filtered position) and
    /// re-initialise on reacquisition as if the first sample had just arrived: the first tracked sample
    /// passes through and every derivative/velocity state starts at zero, so no stale derivative from
    /// before the loss (or from the jump at reacquisition) leaks into the output.
    case freezeAndReinit = "freeze-and-reinit"

    /// One line for where a spec is printed with its `loss=` (every canonical spec carries it).
    public var explanation: String {
        switch self {
        case .hold: return "loss=hold: while the face is lost the smoother keeps consuming the frozen samples, as the app does"
        case .freezeAndReinit: return "loss=freeze-and-reinit: while the face is lost the output stays put; on reacquisition the smoother starts afresh"
        }
    }

    /// The explanations of the policies named in `specs` (canonical spec text), once each, in case order.
    public static func explanations(in specs: [String]) -> [String] {
        allCases.filter { policy in specs.contains { $0.contains("loss=\(policy.rawValue)") } }.map(\.explanation)
    }
}

/// The shared tracking-loss bookkeeping of every filter.
@usableFromInline
struct LossGate: Sendable {
    @usableFromInline enum Action { case update, initialize, freeze }

    @usableFromInline var policy: TrackingLossPolicy
    @usableFromInline var initialized = false
    @usableFromInline var lost = false

    @usableFromInline init(policy: TrackingLossPolicy) { self.policy = policy }

    /// What to do with a sample: freeze (return the last output), initialise from it, or update.
    /// Before the first tracked sample under `freeze-and-reinit` there is nothing to hold: the caller passes
    /// the sample through without initialising (`.freeze` with `initialized == false`).
    @inlinable @inline(__always)
    mutating func admit(_ tracked: Bool) -> Action {
        if !tracked && policy == .freezeAndReinit {
            lost = true
            return .freeze
        }
        if lost || !initialized {
            lost = false
            initialized = true
            return .initialize
        }
        return .update
    }

    @inlinable mutating func reset() {
        initialized = false
        lost = false
    }
}
