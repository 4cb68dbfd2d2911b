import Foundation
import Plumbing
import Scientific

/// One check's outcome over every case: mean, p95 and worst of its values (with where the worst was),
/// against its limit. A gated check fails when its p95 exceeds the limit.
public struct CheckResult: Codable, Sendable {
    public var id: AuditCheckID
    public var unit: String
    public var mechanism: String
    public var limit: Double
    public var gated: Bool
    public var count: Int
    public var mean: Double
    public var p95: Double
    public var worst: Double
    public var worstAt: String
    public var passed: Bool
    public var notes: [String]
    /// The file name of the frames at the worst instant (app | true window | difference), when written.
    public var frame: String?
    /// The eyes at the worst instant, for image-shift checks.
    var worstFrame: FramePose?

    enum CodingKeys: String, CodingKey {
        case id, unit, mechanism, limit, gated, count, mean, p95, worst, worstAt, passed, notes, frame
    }

    init(_ id: AuditCheckID, samples: [CheckSample], limit: Double, notes: [String]) {
        self.id = id
        unit = id.unit
        mechanism = id.mechanism
        self.limit = limit
        gated = id.isGated
        count = samples.count
        let values = samples.map(\.value)
        mean = values.isEmpty ? 0 : values.reduce(0, +) / Double(values.count)
        p95 = values.isEmpty ? 0 : Statistics.quantile(values, 0.95)
        let worstIndex = values.indices.max { values[$0] < values[$1] }
        worst = worstIndex.map { values[$0] } ?? 0
        worstAt = worstIndex.map { samples[$0].place } ?? "no instances"
        worstFrame = worstIndex.flatMap { samples[$0].frame }
        passed = !id.isGated || p95 <= limit
        self.notes = notes
    }

    public var verdict: String { gated ? (passed ? "pass" : "FAIL") : "reported" }
}

/// A device and its worst px error over the gated px checks.
public struct DeviceRank: Codable, Sendable {
    public var screen: String
    public var worstPx: Double
}

/// The audit's result: every check, the device ranking, and whether every gated check held.
public struct AuditResult: Codable, Sendable {
    public var schema = 1
    public var traces: [String]
    public var screens: [String]
    public var modes: [AppMode]
    public var fixes: [AuditCheckID]
    public var checks: [CheckResult]
    public var ranking: [DeviceRank]

    public var passed: Bool { checks.allSatisfy(\.passed) }
    public var failing: [CheckResult] { checks.filter { !$0.passed } }

    /// Deterministic JSON (sorted keys).
    public func jsonData() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return try encoder.encode(self) + Data("\n".utf8)
    }

    /// The text table.
    public var text: String {
        var lines = ["App audit: \(traces.count) traces × \(screens.count) screens × \(modes.map(\.rawValue).joined(separator: "+"))"
                     + (fixes.isEmpty ? " (the app as shipped)" : " with fixes: \(fixes.map(\.rawValue).joined(separator: ", "))")]
        let header = ["check", "mean", "p95", "worst", "limit", "status", "worst at"]
        var rows = [header]
        for c in checks {
            rows.append([c.id.rawValue, Self.number(c.mean, c.unit), Self.number(c.p95, c.unit), Self.number(c.worst, c.unit),
                         c.gated ? "≤ " + Self.number(c.limit, c.unit) : "—", c.verdict, c.worstAt])
        }
        let widths = header.indices.map { i in rows.map { $0[i].count }.max()! }
        for row in rows {
            lines.append(row.indices.map { i in row[i].padding(toLength: widths[i], withPad: " ", startingAt: 0) }.joined(separator: "  "))
        }
        for c in checks where !c.passed { lines.append("\(c.id.rawValue): \(c.mechanism)") }
        if ranking.count > 1 {
            lines.append("devices by worst error: " + ranking.map { "\($0.screen) \(Self.number($0.worstPx, "px"))" }.joined(separator: ", "))
        }
        let failing = failing.map(\.id.rawValue)
        lines.append(failing.isEmpty ? "PASS: every check within its limit" : "FAIL: \(failing.joined(separator: ", "))")
        return lines.joined(separator: "\n") + "\n"
    }

    static func number(_ value: Double, _ unit: String) -> String {
        let digits = abs(value) >= 100 ? 0 : (abs(value) >= 10 ? 1 : 2)
        return String(format: "%.\(digits)f", value) + " " + unit
    }
}
