import Audit
import Foundation
import Plumbing
import Reporting
import Tracking

/// The app audit run with the suite (`audit:`): `{screens: [iphone-15-pro], mode: shipped, arkit_frame: gravity, fix: [], gate: false}`.
/// Ungated (`gate: false`, the default) its failures are reported only; gated they fail the run.
public struct AuditSpec: Decodable, Sendable {
    /// Suite trace names to audit (default: all).
    public var traces: [String]?
    public var screens: [String]
    public var mode: String
    public var arkitFrame: String
    public var fix: [String]
    public var gate: Bool

    enum CodingKeys: String, CodingKey, CaseIterable { case traces, screens, mode, fix, gate, arkitFrame = "arkit_frame" }

    public init(from decoder: Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let c = try decoder.container(keyedBy: CodingKeys.self)
        traces = try c.decodeIfPresent([String].self, forKey: .traces)
        screens = try c.decodeIfPresent([String].self, forKey: .screens) ?? ["iphone-15-pro"]
        mode = try c.decodeIfPresent(String.self, forKey: .mode) ?? AuditScope.shipped.rawValue
        arkitFrame = try c.decodeIfPresent(String.self, forKey: .arkitFrame) ?? ARKitFrame.gravity.rawValue
        fix = try c.decodeIfPresent([String].self, forKey: .fix) ?? []
        gate = try c.decodeIfPresent(Bool.self, forKey: .gate) ?? false
    }
}

/// The suite's audit: runs it on the suite's traces, writes audit.json beside the report and returns the
/// report section and whether the run must fail.
struct SuiteAudit {
    var sections: [ReportPage.Section]
    var failsRun: Bool

    static func run(_ spec: AuditSpec, traces: [(name: String, trace: HeadTrace)], loader: SuiteLoader, outputDirectory: String) throws -> SuiteAudit {
        if let unknown = spec.traces?.first(where: { name in !traces.contains { $0.name == name } }) {
            throw loader.error("audit.traces: '\(unknown)' is not a trace of the suite (\(traces.map(\.name).joined(separator: ", ")))", at: [.key("audit"), .key("traces")])
        }
        let result: AuditResult
        do {
            var pipeline = AppPipeline.shipped
            pipeline.arkitFrame = try AuditOptions.arkitFrame(parsing: spec.arkitFrame)
            let options = AuditOptions(traces: traces.filter { spec.traces?.contains($0.name) ?? true },
                                       screens: try AuditOptions.screens(parsing: spec.screens),
                                       scope: try AuditOptions.scope(parsing: spec.mode), fixes: try AuditOptions.fixes(parsing: spec.fix), pipeline: pipeline)
            let framesDirectory = (outputDirectory as NSString).appendingPathComponent(AuditReport.framesFolder)
            try? FileManager.default.removeItem(atPath: framesDirectory)
            result = try AppAudit.run(options, framesDirectory: framesDirectory)
        } catch let error as FieldError {
            throw loader.located(error, under: FieldPath("audit"))
        } catch {
            throw loader.error("audit: \(error)", at: [.key("audit")])
        }
        try FileManager.default.createDirectory(atPath: outputDirectory, withIntermediateDirectories: true)
        try AtomicFile.write(try result.jsonData(), to: (outputDirectory as NSString).appendingPathComponent("audit.json"))
        return SuiteAudit(sections: AuditReport.sections(result, informational: !spec.gate), failsRun: spec.gate && !result.passed)
    }
}
