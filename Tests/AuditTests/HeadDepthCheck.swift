@testable import Audit
import Geometry
import Vocabulary

// A check of the tests' own, added as a new check is: this one file and one line of a check list
// (`AddedCheckTests`). It measures how far the depth the app reads departs from the true head's.

extension AuditCheckID {
    static let headDepth = AuditCheckID("head-depth")
}

extension AuditCheck {
    /// head-depth: per sample, |measured z − true z| in mm: the tracker's depth error, which no behaviour of the app fixes.
    static let headDepth = AuditCheck(
        id: .headDepth,
        unit: .millimeters,
        defaultLimit: 10,
        modes: [.cube],
        reachable: true,
        mechanism: "the tracker reports the head's depth with an error the app passes on",
        fixDescription: "none in the app: a better depth measurement",
        fix: nil,
        assumptions: [.truth],
        modelOnly: "a property of the trace, not of the app",
        evaluate: { audit, _ in
            let measured = audit.trace.samples.map(\.position.z)
            return CheckEvaluation(samples: zip(measured, audit.truth).enumerated().map { i, pair in
                CheckSample(value: abs(pair.0 - pair.1.z) * 1000, place: audit.place(i))
            })
        })
}
