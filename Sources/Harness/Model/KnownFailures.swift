import Audit
import Foundation
import Plumbing
import Yams

/// The audit failures an app's team has accepted (`parallax-known-failures.yml` beside the suite, or the file
/// `audit.known_failures` names): each check that fails with the value it failed at and why it is accepted.
/// A gated audit then fails the run only on a failure not listed or one worse than its recorded value
/// (`KnownFailureGate`). `parallax init` writes the file from the app's current audit.
///
/// ```yaml
/// known_failures:
///   - {check: latency, value: 119.4, unit: ms, reason: "the EMA's α is a product decision"}
/// ```
package struct KnownFailures: Sendable, Equatable {
    package struct Entry: Sendable, Equatable {
        package var check: AuditCheckID
        /// The check's value when it was accepted, in its unit: the p95 its verdict is decided on (`KnownFailureGate.value`).
        package var value: Double
        package var reason: String
        /// The entry's line in the file.
        package var line: Int
    }

    /// The file's name beside a suite.
    package static let fileName = "parallax-known-failures.yml"

    package var path: String
    package var entries: [Entry]

    package init(path: String, entries: [Entry]) {
        self.path = path
        self.entries = entries
    }

    package func entry(for check: AuditCheckID) -> Entry? { entries.first { $0.check == check } }

    /// Reads and checks the file; every problem is one `SuiteError` naming `file:line` and the field.
    package static func read(_ path: String) throws -> KnownFailures {
        func fail(_ line: Int?, _ message: String) -> SuiteError { SuiteError(file: path, line: line, message: message) }
        guard let bytes = try? FileContents.read(path) else { throw fail(nil, "cannot read the known-failures file") }
        guard let text = String(data: Data(bytes), encoding: .utf8) else { throw fail(nil, "not UTF-8 text") }
        do { try YAMLAliasBudget.check(text) } catch { throw fail(error.line, error.description) }
        let root: Node?
        do { root = try Yams.compose(yaml: text) } catch let error as YamlError {
            throw fail(SuiteLoader.line(of: error), "YAML syntax error: \(SuiteLoader.reason(of: error))")
        }
        guard let root, let mapping = root.mapping else {
            throw fail(root?.mark?.line ?? 1, "expected a mapping with known_failures: [{check, value, reason}, …]")
        }
        for (key, _) in mapping where key.string != "known_failures" {
            throw fail(key.mark?.line, "unknown key '\(key.string ?? "?")'; expected known_failures")
        }
        guard let list = mapping["known_failures"] else { throw fail(root.mark?.line, "known_failures: missing; expected a list of {check, value, reason}") }
        if list.null != nil { return KnownFailures(path: path, entries: []) }
        guard let items = list.sequence else { throw fail(list.mark?.line, "known_failures: expected a list of {check, value, reason}") }
        var entries: [Entry] = []
        for (i, item) in items.enumerated() {
            let field = "known_failures[\(i)]"
            let line = item.mark?.line ?? 0
            guard let entry = item.mapping else { throw fail(line, "\(field): expected a mapping {check, value, reason}") }
            for (key, _) in entry where !["check", "value", "unit", "reason"].contains(key.string ?? "") {
                throw fail(key.mark?.line, "\(field): unknown key '\(key.string ?? "?")'; expected check, value, unit or reason")
            }
            func value(_ key: String) throws -> Node {
                guard let node = entry[key] else { throw fail(line, "\(field).\(key): missing") }
                return node
            }
            let checkNode = try value("check")
            guard let checkText = checkNode.string, let check = AuditCheckID.named(checkText) else {
                throw fail(checkNode.mark?.line, "\(field).check: expected a check id (\(AuditCheckID.allCases.map(\.rawValue).joined(separator: ", "))), found '\(checkNode.string ?? "?")'")
            }
            if let earlier = entries.first(where: { $0.check == check }) {
                throw fail(checkNode.mark?.line, "\(field).check: '\(checkText)' is already listed (line \(earlier.line))")
            }
            let valueNode = try value("value")
            guard valueNode.scalar != nil, let number = valueNode.float, number.isFinite, number >= 0 else {
                throw fail(valueNode.mark?.line, "\(field).value: expected a number ≥ 0 (the check's p95 in \(check.unit)), found '\(valueNode.string ?? "?")'")
            }
            if let unitNode = entry["unit"], unitNode.string != check.unit {
                throw fail(unitNode.mark?.line, "\(field).unit: expected '\(check.unit)' (\(checkText)'s unit), found '\(unitNode.string ?? "?")'")
            }
            let reasonNode = try value("reason")
            guard reasonNode.scalar != nil, let reason = reasonNode.string else {
                throw fail(reasonNode.mark?.line, "\(field).reason: expected text (why the failure is accepted)")
            }
            entries.append(Entry(check: check, value: number, reason: reason, line: line))
        }
        return KnownFailures(path: path, entries: entries)
    }
}
