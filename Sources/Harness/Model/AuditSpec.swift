import Audit
import Foundation
import Projection
import Reporting
import TestedApp
import Tracking
import Vocabulary

/// The app audit run with the suite (`audit:`): `{screens: [iphone-15-pro], mode: shipped, arkit_frame: gravity, fix: [], gate: false,
/// probe: PROBE.json, sensitivity: false}`.
/// Ungated (`gate: false`, the default) its failures are reported only; gated they fail the run — with a known-failures
/// file, only the new ones and those worse than their recorded value.
package struct AuditSpec: Decodable, Sendable {
    /// Suite trace names to audit (default: all).
    package var traces: [String]?
    /// Parsed as the suite is read (`all`: every TrueDepth iPhone).
    package var screens: [ScreenModel]
    package var mode: String
    package var arkitFrame: String
    package var fix: [String]
    package var gate: Bool
    /// The app's source folder (`app_source:`, relative to the suite file): its own code gives the shipped side
    /// (`parallax audit --app-source`).
    package var appSource: String?
    /// A ParallaxRecorder recording (`recording:`, relative to the suite file): audited too, under the ARKit frame it
    /// decides, marked measured (`parallax audit --recording`); `arkit_frame` cannot be given with it.
    package var recording: String?
    /// The known-failures file (`known_failures:`, relative to the suite file); default: `parallax-known-failures.yml`
    /// beside the suite when it exists (`KnownFailures`).
    package var knownFailures: String?
    /// The suite report's scrubber over a few seconds of one audited trace (`motion:`, `MotionSpec`).
    package var motion: MotionSpec
    /// A device probe (`probe:`, relative to the suite file): the app's code runs on the platform it measured and the
    /// entries it decided are marked measured (`parallax audit --probe`).
    package var probe: String?
    /// Whether the audit runs again under each platform alternative on the app's code (`sensitivity: true`,
    /// `parallax audit --sensitivity`).
    package var sensitivity: Bool

    enum CodingKeys: String, CodingKey, CaseIterable {
        case traces, screens, mode, fix, gate, arkitFrame = "arkit_frame", appSource = "app_source", recording, motion
        case knownFailures = "known_failures", probe, sensitivity
    }

    package init(from decoder: Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let c = try decoder.container(keyedBy: CodingKeys.self)
        traces = try c.decodeIfPresent([String].self, forKey: .traces)
        // The audit's screen errors name their own field (`screen`, `screens[i]`), so they go under `audit`.
        screens = try c.decodeIfPresent(.screens, parsedBy: AuditOptions.screens(parsing:)) ?? [.appDefault]
        mode = try c.decodeIfPresent(String.self, forKey: .mode) ?? AuditScope.shipped.rawValue
        arkitFrame = try c.decodeIfPresent(String.self, forKey: .arkitFrame) ?? ARKitFrame.gravity.rawValue
        fix = try c.decodeIfPresent([String].self, forKey: .fix) ?? []
        gate = try c.decodeIfPresent(Bool.self, forKey: .gate) ?? false
        appSource = try c.decodeIfPresent(String.self, forKey: .appSource)
        recording = try c.decodeIfPresent(String.self, forKey: .recording)
        knownFailures = try c.decodeIfPresent(String.self, forKey: .knownFailures)
        motion = try c.decodeIfPresent(MotionSpec.self, forKey: .motion) ?? MotionSpec()
        probe = try c.decodeIfPresent(String.self, forKey: .probe)
        sensitivity = try c.decodeIfPresent(Bool.self, forKey: .sensitivity) ?? false
        if recording != nil, c.contains(.arkitFrame) {
            throw FieldError("arkit_frame", expected: "no arkit_frame with recording (the recording decides the ARKit frame)", found: "'\(arkitFrame)'")
                .decodingError(at: c.codingPath)
        }
    }
}
