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
