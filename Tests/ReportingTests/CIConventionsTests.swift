import Foundation
import FoundationXML
import Testing
@testable import Reporting

/// A small report with one failing frame, one breached budget and one worse baseline metric.
enum ReportFixture {
    static func report(frames: Int = 1, failingBudgets: Int = 1) -> SuiteReport {
        let frame = { (i: Int) in
            FrameResult(status: .fail, name: "cube/f\(i)", scene: "cube screen", screen: "iphone-15-pro", head: [0, 0, 0.35], eye: [0, 0, 0.35],
                        width: 4, height: 4, golden: "Tests/Goldens/cube/f\(i).png", actualImage: "frames/cube__f\(i).actual.png",
                        goldenImage: "frames/cube__f\(i).golden.png", diffImage: "frames/cube__f\(i).diff.png", stripImage: nil,
                        metrics: ["max_channel_diff": 9], checks: [.init(limit: "max-channel-diff", value: 9, bound: 2, relation: .atMost, passed: false)],
                        message: nil, recordCommand: "parallax record s.yml --only cube/f\(i)")
        }
        var frameResults = (0..<frames).map(frame)
        frameResults[0].seconds = 0.25
        let budgets = (0..<failingBudgets).map { i in
            BudgetResult(metric: "lag_ms", unit: "ms", limit: "≤ 50", scenario: "sway × ema 100%, 50:50", value: 61, passed: false, note: nil, line: 12 + i)
        }
        var report = SuiteReport(suite: "s", suiteFile: "ci/s.yml", environment: .init(version: "0.1.0", commit: "abc", machine: "Linux", cores: 2),
                                 budgets: budgets, scenarios: [], frames: frameResults, numbers: nil)
        report.baseline = [BaselineDelta(key: "sway / lag_ms", metric: "lag_ms", baseline: 40, current: 61, state: .worse)]
        return report
    }
}

@Suite struct GitHubAnnotationTests {
    /// GitHub's decoding of a workflow command's data and property values.
    static func unescape(_ text: String) -> String {
        text.replacingOccurrences(of: "%0D", with: "\r").replacingOccurrences(of: "%0A", with: "\n")
            .replacingOccurrences(of: "%3A", with: ":").replacingOccurrences(of: "%2C", with: ",").replacingOccurrences(of: "%25", with: "%")
    }

    /// `::LEVEL k=v,k=v::MESSAGE` → level, properties, message.
    static func parse(_ command: String) -> (level: String, properties: [String: String], message: String)? {
        guard command.hasPrefix("::"), let end = command.dropFirst(2).range(of: "::") else { return nil }
        let head = command[command.index(command.startIndex, offsetBy: 2)..<end.lowerBound]
        let level = head.split(separator: " ", maxSplits: 1).first.map(String.init) ?? ""
        var properties: [String: String] = [:]
        if let rest = head.split(separator: " ", maxSplits: 1).dropFirst().first {
            for pair in rest.split(separator: ",") {
                let parts = pair.split(separator: "=", maxSplits: 1)
                properties[String(parts[0])] = unescape(String(parts[1]))
            }
        }
        return (level, properties, unescape(String(command[end.upperBound...])))
    }

    @Test func percentCarriageReturnAndLineFeedAreEscaped() {
        let annotation = GitHubAnnotation(level: .error, file: "a,b:c.yml", line: 7, title: "t: 100%, x", message: "50% worse\r\nnext line")
        #expect(annotation.command == "::error file=a%2Cb%3Ac.yml,line=7,title=t%3A 100%25%2C x::50%25 worse%0D%0Anext line")
        let parsed = Self.parse(annotation.command)
        #expect(parsed?.message == "50% worse\r\nnext line")
        #expect(parsed?.properties == ["file": "a,b:c.yml", "line": "7", "title": "t: 100%, x"])
        #expect(!annotation.command.contains("\n") && !annotation.command.contains("\r"))
    }

    @Test func failuresPointAtTheirFilesAndLines() throws {
        let annotations = GitHubAnnotation.annotations(for: ReportFixture.report(), reportDirectory: "Reports/pr").compactMap { Self.parse($0.command) }
        #expect(annotations.count == 3)
        #expect(annotations[0].level == "error" && annotations[0].properties["file"] == "Tests/Goldens/cube/f0.png")
        #expect(annotations[0].message.contains("max-channel-diff 9 (limit 2)"))
        #expect(annotations[1].properties["file"] == "ci/s.yml" && annotations[1].properties["line"] == "12")
        #expect(annotations[1].message.contains("sway × ema 100%, 50:50"))
        #expect(annotations[2].message == "sway / lag_ms: 40 → 61")
    }

    @Test func moreThanTenAreSummarisedInANotice() {
        let annotations = GitHubAnnotation.annotations(for: ReportFixture.report(frames: 12, failingBudgets: 3), reportDirectory: "Reports/pr")
        #expect(annotations.count == 11)
        #expect(annotations.prefix(10).allSatisfy { $0.level == .error })
        #expect(annotations.last?.level == .notice)
        #expect(annotations.last?.message.hasPrefix("6 more failures") == true)  // 12 + 3 + 1 − 10
    }
}

@Suite struct JUnitConventionTests {
    @Test func attachmentsAreAbsoluteOrRelativeToTheRootAndCasesHaveFileAndTime() throws {
        let report = ReportFixture.report()
        let document = try XMLDocument(xmlString: JUnitReport.render(report, reportDirectory: "/ci/work/Reports/pr"))
        let frame = try #require(try document.nodes(forXPath: "//testcase[@classname='parallax.frames']").first as? XMLElement)
        #expect(frame.attribute(forName: "file")?.stringValue == "Tests/Goldens/cube/f0.png")
        #expect(frame.attribute(forName: "time")?.stringValue == "0.250")
        let out = try #require(try frame.nodes(forXPath: "system-out").first?.stringValue)
        let attachments = out.split(separator: "\n").filter { $0.hasPrefix("[[ATTACHMENT|") }
        #expect(attachments == ["[[ATTACHMENT|/ci/work/Reports/pr/frames/cube__f0.diff.png]]", "[[ATTACHMENT|/ci/work/Reports/pr/frames/cube__f0.actual.png]]"])
        let budget = try #require(try document.nodes(forXPath: "//testcase[@classname='parallax.budgets']").first as? XMLElement)
        #expect(budget.attribute(forName: "file")?.stringValue == "ci/s.yml")
        #expect(budget.attribute(forName: "line")?.stringValue == "12")

        let rooted = try XMLDocument(xmlString: JUnitReport.render(report, reportDirectory: "/ci/work/Reports/pr", root: "/ci/work"))
        let rootedOut = try #require(try rooted.nodes(forXPath: "//testcase[@classname='parallax.frames']/system-out").first?.stringValue)
        #expect(rootedOut.contains("[[ATTACHMENT|Reports/pr/frames/cube__f0.diff.png]]"))
    }
}

@Suite struct StepSummaryTests {
    @Test func truncationKeepsWholeRowsAndSaysWhatWasLeftOut() {
        let report = ReportFixture.report(frames: 400)
        let full = MarkdownSummary.render(report, reportDirectory: "Reports/pr")
        // A cap 3 KB into the frames table (after 400 failure lines).
        let limit = full.utf8.count - (full.components(separatedBy: "### Frames").last?.utf8.count ?? 0) + 3_000
        let capped = MarkdownSummary.render(report, reportDirectory: "Reports/pr", limit: limit)
        #expect(capped.utf8.count <= limit)
        let lines = capped.split(separator: "\n", omittingEmptySubsequences: false).dropLast()  // text ends with \n
        let fullLines = Set(full.split(separator: "\n", omittingEmptySubsequences: false))
        let note = lines.last ?? ""
        #expect(note.hasPrefix("… ") && note.contains("more lines left out"))
        let left = Int(note.dropFirst(2).prefix { $0.isNumber }) ?? -1
        let fullCount = full.split(separator: "\n", omittingEmptySubsequences: false).count - 1
        #expect(left == fullCount - (lines.count - 2), "kept \(lines.count - 2) of \(fullCount) lines")
        for line in lines.dropLast() { #expect(fullLines.contains(line), "a cut line: \(line)") }
        #expect(lines.dropLast().last == "", "the table is closed before the note")
    }

    @Test func aMultiByteTableIsCutBetweenRows() {
        var report = ReportFixture.report(frames: 1)
        report.baseline = (0..<500).map { BaselineDelta(key: "é × ü \($0) / lag_ms", metric: "lag_ms", baseline: 1, current: 2, state: .worse) }
        let capped = MarkdownSummary.render(report, reportDirectory: "Reports/pr", limit: 3_001)
        #expect(capped.utf8.count <= 3_001)
        #expect(String(validatingUTF8: capped) != nil)
        for line in capped.split(separator: "\n") where line.hasPrefix("|") { #expect(line.hasSuffix("|"), "a cut row: \(line)") }
    }

    @Test func summaryIsAppendedToTheStepSummaryFile() throws {
        let path = NSTemporaryDirectory() + "step-summary-\(UUID().uuidString).md"
        defer { try? FileManager.default.removeItem(atPath: path) }
        try "earlier step\n".write(toFile: path, atomically: true, encoding: .utf8)
        try StepSummary.append("## run 1\n", to: path)
        try StepSummary.append("## run 2\n", to: path)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "earlier step\n## run 1\n## run 2\n")
    }
}
