@testable import Audit
import AuditOutput
import Testing

/// The audit's report section: an audit that does not gate the run says so, and its failing checks read
/// "fail (informational)" rather than a plain red "fail"; every check's row has its anchor id.
struct AuditReportSectionTests {
    static func result() throws -> AuditResult {
        let check = try #require(AuditCheck.all.first { $0.isGated })
        var failing = CheckResult(check, samples: [], limit: 1, notes: [])
        failing.passed = false
        return AuditResult(traces: [TraceSource(trace: "sway", source: "parallax synth 0.1.0")], screens: ["iphone-15-pro"], scope: .cube, modes: [.cube], arkitFrame: .gravity,
                           fixes: [], checks: [failing], devices: [])
    }

    static func html(informational: Bool) throws -> String {
        let sections = AuditReport.sections(try result(), informational: informational)
        let section = try #require(sections.first)
        return section.title + "\n" + section.content.map(\.rendered).joined()
    }

    @Test func anUngatedAuditLabelsItsFailuresInformational() throws {
        let html = try Self.html(informational: true)
        #expect(html.hasPrefix("App audit (informational)"))
        #expect(html.contains("Informational: </strong>this audit does not gate the run"))
        #expect(html.contains("<span class=\"badge fail informational\">fail (informational)</span>"))
        #expect(!html.contains(">fail</span>"))
    }

    @Test func aGatedAuditShowsPlainFailures() throws {
        let html = try Self.html(informational: false)
        #expect(html.hasPrefix("App audit\n"))
        #expect(html.contains("<span class=\"badge fail\">fail</span>") && !html.contains("informational"))
    }

    @Test func everyCheckRowIsAnchored() throws {
        let result = try Self.result()
        // Check ids are lowercase words and hyphens, which the anchor keeps as they are.
        #expect(try Self.html(informational: true).contains("<tr id=\"audit-\(result.checks[0].id.rawValue)\" data-status=\""))
    }
}
