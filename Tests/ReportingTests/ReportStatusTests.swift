import Foundation
import Testing
@testable import Plumbing
@testable import Reporting

/// The page says PASS or FAIL with counts, in words and colour; its items have stable, unique, valid anchors the
/// overview links to; its remedies paste as they are.
@Suite struct ReportStatusTests {
    static func page(_ report: SuiteReport = ReportFixture.report(), directory: String = "Reports/latest") -> String {
        HTMLReport.render(report, reportDirectory: directory)
    }

    static func passingReport() -> SuiteReport {
        var frame = ReportFixture.report().frames[0]
        frame.status = .pass
        return SuiteReport(suite: "ParallaxLab default suite", suiteFile: "parallax.yml", environment: .init(version: "0.1.0", commit: "abc", machine: "Linux", cores: 2),
                           budgets: [BudgetResult(metric: "lag_ms", unit: "ms", limit: "≤ 50", scenario: "sway", value: 20, passed: true, note: nil)],
                           scenarios: [], frames: [frame], numbers: nil)
    }

    @Test func titleAndHeaderSayTheVerdictWithCounts() throws {
        let failing = Self.page()
        #expect(failing.contains("<title>FAIL — suite: 1 of 1 frames, 1 of 1 budgets failed; 1 worse than the baseline · ParallaxLab report — s</title>"))
        #expect(failing.contains("<p class=\"run-status fail\" id=\"run-status\">FAIL — suite: 1 of 1 frames, 1 of 1 budgets failed; 1 worse than the baseline</p>"))
        let passing = Self.page(Self.passingReport())
        #expect(passing.contains("<title>PASS — suite: 0 of 1 frames, 0 of 1 budgets failed · ParallaxLab report — ParallaxLab default suite</title>"))
        #expect(passing.contains("<p class=\"run-status pass\" id=\"run-status\">PASS — "))
    }

    @Test func headerStatusIsColouredGreenOrRed() {
        let css = ReportPage.stylesheet
        #expect(css.contains(".run-status.pass{color:var(--pass)}"))
        #expect(css.contains(".run-status.fail,.run-status.error{color:var(--fail)}"))
        #expect(css.contains("--pass:#1a7f37") && css.contains("--fail:#cf222e"))
        #expect(css.contains("scroll-margin-top"), "anchored items land below the sticky navigation bar")
    }

    @Test func anchorIDsAreStableUniqueAndValid() {
        let names = ["suite/cube-offset", "suite_cube-offset", "suite cube-offset", "suite.cube-offset", "suite-cube-offset", "é/ü", "a\"<b>", "x__y", "x/y", ""]
        let ids = names.map(AnchorID.frame)
        #expect(Set(ids).count == names.count, "ids collide: \(ids)")
        #expect(ids == names.map(AnchorID.frame), "ids are not stable")
        #expect(AnchorID.frame("suite/cube-offset") == "frame-suite__cube-offset")
        // A valid HTML id and a plain CSS identifier: starts with a letter, only letters, digits, - and _.
        for id in ids {
            #expect(id.first?.isLetter == true && id.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }, "invalid id \(id)")
        }
    }

    @Test func framesAndBudgetsAreAnchoredAndTheOverviewLinksToThem() throws {
        let report = ReportFixture.report()
        let html = Self.page(report)
        let frameID = AnchorID.frame("cube/f0"), budgetID = AnchorID.budget(report.budgets[0])
        #expect(html.contains("<details id=\"\(frameID)\""))
        #expect(html.contains("<tr id=\"\(budgetID)\" data-status=\"failed\">"))
        #expect(html.contains("<li><a href=\"#\(frameID)\">frame cube/f0: fail"))
        #expect(html.contains("<li><a href=\"#\(budgetID)\">budget lag_ms"))
        let ids = try NSRegularExpression(pattern: " id=\"([^\"]*)\"").matches(in: html, range: NSRange(html.startIndex..., in: html))
            .map { String(html[Range($0.range(at: 1), in: html)!]) }
        #expect(Set(ids).count == ids.count, "duplicate ids: \(ids)")
    }

    @Test func acceptCommandNamesTheRealReportFolderWithACopyButton() {
        let report = ReportFixture.report()
        let html = Self.page(report, directory: "Reports/latest")
        let accept = "parallax accept Reports/latest --only cube/f0"
        #expect(!html.contains("REPORT_DIR"))
        #expect(html.contains("<code>\(accept)</code><button type=\"button\" class=\"copy\" data-copy=\"\(accept)\""))
        // accept is offered first; record only as re-rendering from scratch.
        let acceptAt = html.range(of: "Accept (after looking at the actual frame)")!.lowerBound
        let recordAt = html.range(of: "or re-render from scratch: ")!.lowerBound
        #expect(acceptAt < recordAt)
        #expect(html.contains("navigator.clipboard") && html.contains("execCommand('copy')"))

        let summary = MarkdownSummary.render(report, reportDirectory: "Reports/latest")
        #expect(summary.contains("`\(accept)`") && !summary.contains("REPORT_DIR"))
        let annotation = GitHubAnnotation.annotations(for: report, reportDirectory: "Reports/latest")[0]
        #expect(annotation.message.contains("accept (after looking at the actual frame): \(accept)\nor re-render from scratch: parallax record"))
        #expect(!annotation.message.contains("REPORT_DIR"))
    }

    @Test func aFolderWithSpacesOrQuotesIsQuotedForTheShell() {
        #expect(Remedy.accept(reportDirectory: "My Reports/it's", frame: "cube/f0") == "parallax accept 'My Reports/it'\\''s' --only cube/f0")
        #expect(Remedy.shellWord("Reports/latest") == "Reports/latest")
        #expect(Remedy.shellWord("") == "''")
    }
}
