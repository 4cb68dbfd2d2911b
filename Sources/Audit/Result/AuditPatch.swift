import Foundation

/// One check's fix as a patch to the app's code, and what the audit measured with it applied (audit.json `patches`).
package struct AuditPatch: Codable, Sendable {
    package enum Status: String, Codable, Sendable {
        /// Applied, built, replayed: the check passes on every trace; the file is written.
        case written
        /// The lines the fix edits are not in this app's code (moved or changed): no file.
        case notApplicable = "not applicable"
        /// Applied, but the patched code does not build against the stand-ins: no file.
        case doesNotBuild = "does not build"
        /// Applied and built, but the check still fails: no file.
        case doesNotPass = "does not pass"
        /// The fix is not an edit the audit can make (`AppFixes.noPatch`): no file.
        case noPatch = "no patch"
    }

    package var check: AuditCheckID
    package var status: Status
    /// The file name in the patches folder when written (`<check>.diff`).
    package var file: String?
    /// Why no file was written.
    package var reason: String?
    /// The check's p95 before and after (in `unit`), and whether it passes after on every trace.
    package var before: Double
    package var after: Double?
    package var passesAfter: Bool?
    package var unit: String
    /// The unified diff (with its header), when the fix applied.
    package var diff: String?

    enum CodingKeys: String, CodingKey {
        case check, status, file, reason, before, after, passesAfter = "passes_after", unit, diff
    }

    package init(check: AuditCheckID, status: Status, file: String? = nil, reason: String? = nil, before: Double, after: Double? = nil,
                 passesAfter: Bool? = nil, unit: String, diff: String? = nil) {
        (self.check, self.status, self.file, self.reason, self.before, self.after) = (check, status, file, reason, before, after)
        (self.passesAfter, self.unit, self.diff) = (passesAfter, unit, diff)
    }

    /// "recenter-idempotent: 3881 px → 0.40 px with recenter-idempotent.diff", or why there is no patch.
    package var line: String {
        let measured = after.map { "\(CheckResult.number(before, unit)) → \(CheckResult.number($0, unit))" } ?? CheckResult.number(before, unit)
        switch status {
        case .written: return "\(check.rawValue): \(measured) with \(file ?? "")"
        case .doesNotPass: return "\(check.rawValue): \(measured) with its fix — still fails, not written"
        case .notApplicable, .doesNotBuild, .noPatch: return "\(check.rawValue): \(status.rawValue) — \(reason ?? "")"
        }
    }
}

/// Every fix together (`all.diff`) and the whole audit measured after it.
package struct CombinedPatch: Codable, Sendable {
    package var file: String
    package var checks: [AuditCheckID]
    /// The counted checks that still fail with every patch applied, and whether the audit then passes.
    package var stillFailing: [AuditCheckID]
    package var auditPasses: Bool
    package var diff: String

    enum CodingKeys: String, CodingKey { case file, checks, stillFailing = "still_failing", auditPasses = "audit_passes", diff }

    package init(file: String, checks: [AuditCheckID], stillFailing: [AuditCheckID], auditPasses: Bool, diff: String) {
        (self.file, self.checks, self.stillFailing, self.auditPasses, self.diff) = (file, checks, stillFailing, auditPasses, diff)
    }

    package var line: String {
        "\(file) (\(checks.map(\.rawValue).joined(separator: ", "))): the audit \(auditPasses ? "passes" : "still fails")"
            + (stillFailing.isEmpty ? "" : " — still failing: \(stillFailing.map(\.rawValue).joined(separator: ", "))")
    }
}

/// The patches of one audit (`parallax audit --patches OUT`).
package struct AuditPatches: Codable, Sendable {
    package var directory: String
    package var patches: [AuditPatch]
    package var combined: CombinedPatch?

    package init(directory: String, patches: [AuditPatch], combined: CombinedPatch?) {
        (self.directory, self.patches, self.combined) = (directory, patches, combined)
    }

    /// The one command that applies `file`, run from the app's folder.
    package func command(applying file: String) -> String {
        "git apply \((directory as NSString).appendingPathComponent(file))"
    }
}
