import Foundation
import Testing
@testable import Reporting
import Vocabulary

@Suite struct RunHistoryTests {
    static func scenario(_ lag: Double?) -> ScenarioResult {
        ScenarioResult(id: "s", trace: "t", smoother: "ema", smootherSpec: "ema:alpha=0.25", screen: "x", movementScale: 1,
                       metrics: lag.map { ["lag_ms": $0] } ?? [:], notes: [],
                       series: .init(t: [], truthX: nil, measuredX: [], smoothedX: [], psdFrequency: [], psdPower: [], parallaxErrorPx: []))
    }

    @Test func headlineIsTheMedianOverScenarios() {
        var report = ReportFixture.report()
        report.scenarios = [Self.scenario(30), Self.scenario(10), Self.scenario(20), Self.scenario(nil)]
        let entry = RunHistory.entry(for: report, date: Date(timeIntervalSince1970: 86_400))
        #expect(entry.headline["lag_ms"] == 20)
        #expect(entry.headline["frames_failed"] == 1 && entry.headline["budgets_failed"] == 1)
        #expect(entry.date == "1970-01-02T00:00:00Z" && entry.commit == "abc" && !entry.passed)
        report.scenarios.append(Self.scenario(40))
        #expect(RunHistory.entry(for: report, date: Date()).headline["lag_ms"] == 25)  // (20 + 30) / 2
    }

    @Test func entriesRoundTripAndABadLineIsNamed() throws {
        let path = NSTemporaryDirectory() + "history-\(UUID().uuidString).jsonl"
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(try RunHistory.read(path).isEmpty)
        let entries = [RunHistory.Entry(suite: "s", commit: "a1", date: "2026-01-01T00:00:00Z", passed: true, headline: ["lag_ms": 30]),
                       RunHistory.Entry(suite: "s", commit: "b2", date: "2026-01-02T00:00:00Z", passed: false, headline: ["lag_ms": 35, "frames_failed": 1])]
        try RunHistory.write(entries, to: path)
        #expect(try RunHistory.read(path) == entries)
        #expect(try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").count == 2)
        try "\(try String(contentsOfFile: path, encoding: .utf8)){\"suite\": 3}\n".write(toFile: path, atomically: true, encoding: .utf8)
        let error = try #require(throws: FieldError.self) { try RunHistory.read(path) }
        #expect(error.line == 3 && error.description.hasPrefix(path + ":3: "))
    }

    @Test func trendsShowTheLastRuns() {
        let entries = (1...40).map { RunHistory.Entry(suite: "s", commit: "c\($0)", date: "d", passed: true, headline: ["lag_ms": Double($0)]) }
        let html = ReportPage.document(title: "t", sections: [RunHistory.section(entries)])
        #expect(html.contains("History (40 runs)") && html.contains("Runs 11–40 of the history"))
        #expect(html.components(separatedBy: "<svg").count - 1 == 1, "one chart: only lag_ms is in the entries")
    }
}
