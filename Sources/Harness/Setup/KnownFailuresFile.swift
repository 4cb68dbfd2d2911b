import Foundation
import Reporting

/// `parallax-known-failures.yml` as `parallax init` writes it from the app's current audit: each failing check with
/// the value it fails at and an empty reason to fill in (`KnownFailures` reads it).
enum KnownFailuresFile {
    static func text(_ checks: [AuditCheckSummary]) -> String {
        var lines = [
            "# Audit failures of this app accepted as they are (written by `parallax init` from the app's audit).",
            "# value: the check's p95 in its unit (the largest over the traces) when it was accepted. The gated audit of",
            "# parallax.yml fails the run on a failing check not listed here, or one worse than its value beyond the noise",
            "# band (5 %; baseline_bands: {audit_p95: …} in the suite); a check that passes is reported \"better — remove it\".",
            "# Fill in each reason.",
        ]
        let failing = checks.filter { !$0.passed }
        guard !failing.isEmpty else { return (lines + ["known_failures: []", ""]).joined(separator: "\n") }
        lines.append("known_failures:")
        for check in failing {
            lines += [
                "  - check: \(check.check)",
                "    value: \(String(format: "%.6g", check.value))",
                "    unit: \"\(check.unit)\"",
                "    reason: \"\"",
            ]
        }
        return (lines + [""]).joined(separator: "\n")
    }
}
