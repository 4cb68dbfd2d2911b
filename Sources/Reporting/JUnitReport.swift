/// JUnit XML: a testsuite each for frames, budgets and the numeric golden; a testcase per frame and per
/// budget check. A comparison outside its tolerance or a budget breach is a <failure>; a frame that could not
/// be compared (missing golden, size mismatch) is an <error>. Diff images are attached with
/// `[[ATTACHMENT|path]]` lines (Jenkins / GitLab convention): absolute paths, as Jenkins' junit-attachments
/// wants, or relative to `--junit-root` (GitLab resolves them from the project root). Each testcase has a
/// `file` (the golden, or the suite file for budgets) and a `time` (render and compare, s).
package enum JUnitReport {
    package static func escape(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\t", "\n", "\r": out.unicodeScalars.append(scalar)
            default:
                // XML 1.0 forbids most control characters even escaped.
                if scalar.value < 0x20 || (0xD800...0xDFFF).contains(scalar.value) || scalar.value == 0xFFFE || scalar.value == 0xFFFF {
                    out += "?"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }

    /// `reportDirectory`: where the report's frames/ folder is; `root`: write attachment paths relative to it.
    package static func render(_ report: SuiteReport, reportDirectory: String = ".", root: String? = nil) -> String {
        func attachment(_ reportPath: String) -> String { AttachmentPath.resolve(reportPath, reportDirectory: reportDirectory, root: root) }
        var suites: [String] = []
        // Frames.
        var cases: [String] = []
        for frame in report.frames {
            var body = ""
            let checks = frame.checks.map { "\($0.limit): \(Format.value($0.value)) \($0.relation.rawValue) \(Format.value($0.bound)) \($0.passed ? "ok" : "FAILED")" }.joined(separator: "\n")
            switch frame.status {
            case .pass: break
            case .fail:
                body += "<failure message=\"\(escape("frame \(frame.name) outside tolerance"))\" type=\"FrameMismatch\">\(escape(checks + "\nrecord: " + frame.recordCommand))</failure>"
            case .missing, .error:
                body += "<error message=\"\(escape(frame.message ?? frame.status.rawValue))\" type=\"\(frame.status == .missing ? "MissingGolden" : "ComparisonError")\">\(escape("record: " + frame.recordCommand))</error>"
            }
            let attachments = [frame.diffImage, frame.stripImage, frame.actualImage].compactMap { $0 }.map { "[[ATTACHMENT|\(attachment($0))]]" }.joined(separator: "\n")
            body += "<system-out>\(escape(checks + (checks.isEmpty ? "" : "\n") + attachments))</system-out>"
            let time = String(format: "%.3f", frame.seconds ?? 0)
            cases.append("<testcase classname=\"parallax.frames\" name=\"\(escape(frame.name))\" file=\"\(escape(frame.golden))\" time=\"\(time)\">\(body)</testcase>")
        }
        suites.append(suite("frames", cases, failures: report.frames.filter { $0.status == .fail }.count,
                            errors: report.frames.filter { $0.status == .missing || $0.status == .error }.count))
        // Budgets.
        cases = report.budgets.map { budget in
            let name = "\(budget.metric) \(budget.limit) \(budget.unit) — \(budget.scenario)"
            let failure = budget.passed ? "" : "<failure message=\"\(escape("\(budget.metric) = \(Format.value(budget.value, unit: budget.unit)), limit \(budget.limit) \(budget.unit)"))\" type=\"BudgetBreach\">\(escape(budget.note ?? ""))</failure>"
            let line = budget.line.map { " line=\"\($0)\"" } ?? ""
            return "<testcase classname=\"parallax.budgets\" name=\"\(escape(name))\" file=\"\(escape(report.suiteFile))\"\(line) time=\"0\">\(failure)</testcase>"
        }
        suites.append(suite("budgets", cases, failures: report.budgets.filter { !$0.passed }.count, errors: 0))
        // Numbers.
        if let numbers = report.numbers {
            var body = ""
            if numbers.status == .missing {
                body = "<error message=\"\(escape("numbers golden missing: \(numbers.golden)"))\" type=\"MissingGolden\">\(escape("record: " + numbers.recordCommand))</error>"
            } else if !numbers.status.passed {
                let lines = numbers.mismatches.prefix(50).map { "\($0.key): golden \(Format.value($0.golden)), actual \(Format.value($0.actual))" }.joined(separator: "\n")
                body = "<failure message=\"\(escape("\(numbers.mismatches.count) numbers differ from \(numbers.golden)"))\" type=\"NumbersMismatch\">\(escape(lines))</failure>"
            }
            suites.append(suite("numbers", ["<testcase classname=\"parallax.numbers\" name=\"\(escape(numbers.golden))\" file=\"\(escape(numbers.golden))\" time=\"0\">\(body)</testcase>"],
                                failures: numbers.status == .fail ? 1 : 0, errors: numbers.status == .missing ? 1 : 0))
        }
        // The app audit: a testcase per counted check; a failure where the check fails the run (gated: any failing
        // check, or with a known-failures file a new or worse one).
        if let audit = report.audit, let checks = audit.checkValues {
            let file = audit.knownFailures ?? report.suiteFile
            var failed = 0
            let cases = checks.map { check in
                let fails = !audit.informational && (audit.knownFailures == nil ? !check.passed : check.known?.state.failsGate == true)
                if fails { failed += 1 }
                let text = audit.knownFailures.flatMap { check.knownText(file: $0) }
                    ?? "\(check.check): \(Format.value(check.value)) \(check.unit) (limit \(Format.value(check.limit)) \(check.unit)) \(check.passed ? "passes" : "fails")"
                let body = fails ? "<failure message=\"\(escape(text))\" type=\"AuditCheck\">\(escape(check.known?.reason ?? ""))</failure>" : "<system-out>\(escape(text))</system-out>"
                let line = check.known?.line.map { " line=\"\($0)\"" } ?? ""
                return "<testcase classname=\"parallax.audit\" name=\"\(escape(check.check))\" file=\"\(escape(file))\"\(line) time=\"0\">\(body)</testcase>"
            }
            suites.append(suite("audit", cases, failures: failed, errors: 0))
        }
        return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"\(escape(report.suite))\">\n" + suites.joined(separator: "\n") + "\n</testsuites>\n"
    }

    private static func suite(_ name: String, _ cases: [String], failures: Int, errors: Int) -> String {
        "<testsuite name=\"parallax.\(name)\" tests=\"\(cases.count)\" failures=\"\(failures)\" errors=\"\(errors)\" skipped=\"0\">\n"
            + cases.joined(separator: "\n") + "\n</testsuite>"
    }
}
