import Foundation
import Golden
import Imaging

/// A frame that does not match its golden (or a golden that is missing or was just recorded). Thrown by
/// `expectFrame`; the description is the full comparison report plus where the artifacts were written,
/// so a throwing Swift Testing `@Test` or XCTest method fails with it.
public struct GoldenMismatch: Error, CustomStringConvertible {
    public var name: String
    public var description: String
    /// Files written for inspection (expected, actual, diff, strip), empty when none were written.
    public var artifacts: [String]
    /// The comparison, when one ran.
    public var comparison: FrameComparison?
}

/// Settings for `expectFrame`, read from the environment by default:
/// - `PARALLAX_GOLDENS` — golden root (default `Tests/Goldens`, relative to the working directory, which
///   is the package root under `swift test`);
/// - `PARALLAX_ARTIFACTS` — where failures write files (default `.build/golden-artifacts`);
/// - `PARALLAX_RECORD=missing|failed|all|never` — when to record goldens (`RecordMode`; default never, `1` means
///   failed; refused when `CI` is set).
public struct GoldenTestConfiguration: Sendable {
    public var store: GoldenStore
    public var artifactsDirectory: String
    public var recordMode: RecordMode
    /// `PARALLAX_RECORD` held a value that is not a mode: `expectFrame` fails with it rather than guess.
    public var invalidRecordMode: String?
    public var environment: [String: String]
    /// Sidecar parameters used when recording.
    public var parameters: GoldenParameters

    public init(store: GoldenStore, artifactsDirectory: String, record: Bool = false,
                environment: [String: String] = ProcessInfo.processInfo.environment,
                parameters: GoldenParameters = GoldenParameters(renderer: "swift-test", scene: "", headPose: [], screen: "", version: "")) {
        self.store = store
        self.artifactsDirectory = artifactsDirectory
        self.recordMode = record ? .failed : .never
        self.environment = environment
        self.parameters = parameters
    }

    /// From the environment; `test` (e.g. `#function`) makes the printed record command exact.
    public static func fromEnvironment(test: String? = nil,
                                       environment: [String: String] = ProcessInfo.processInfo.environment) -> GoldenTestConfiguration {
        let filter = test.map { " --filter '\($0.split(separator: "(").first.map(String.init) ?? $0)'" } ?? ""
        let store = GoldenStore(root: environment["PARALLAX_GOLDENS"] ?? "Tests/Goldens",
                                recordCommand: { _ in "PARALLAX_RECORD=1 swift test\(filter)" })
        var configuration = GoldenTestConfiguration(store: store, artifactsDirectory: environment["PARALLAX_ARTIFACTS"] ?? ".build/golden-artifacts",
                                                    environment: environment)
        if let mode = RecordMode(environmentValue: environment["PARALLAX_RECORD"]) {
            configuration.recordMode = mode
        } else {
            configuration.invalidRecordMode = environment["PARALLAX_RECORD"]
        }
        return configuration
    }
}

/// Compares `actual` with the golden `name` (through `GoldenVerification`, as suites and `parallax compare`
/// do); returns the comparison when it passes and throws `GoldenMismatch` otherwise. When it does not pass
/// it writes `ARTIFACTS/NAME.golden.png`, `.actual.png`, `.diff.png` and `.strip.png` (golden | actual | diff);
/// on a missing golden it writes `.actual.png` and the error names the exact record command. Usable from Swift
/// Testing (`try expectFrame(…)` in a throwing `@Test`) and from XCTest (a throwing test method) alike; no test
/// framework is imported.
@discardableResult
public func expectFrame(_ actual: RGBAImage, matchesGolden name: String, tolerance: Tolerance = Tolerance(),
                        configuration: GoldenTestConfiguration? = nil, function: String = #function) throws -> FrameComparison {
    let config = configuration ?? .fromEnvironment(test: function)
    if let invalid = config.invalidRecordMode {
        throw GoldenMismatch(name: name, description: "PARALLAX_RECORD=\(invalid): expected one of \(RecordMode.allCases.map(\.rawValue).joined(separator: ", ")) (or 1)",
                             artifacts: [], comparison: nil)
    }
    let store = config.store
    let goldenPath = try store.imagePath(for: name)
    let stem = (config.artifactsDirectory as NSString).appendingPathComponent(name)
    let recording = config.recordMode != .never
    let verification = GoldenVerification(tolerance: tolerance, artifactPaths: recording ? [:] : GoldenVerification.paths(stem: stem),
                                          timing: .unlessPassed)
    let outcome = try verification.verify(actual, golden: { try store.load(name) }, goldenName: goldenPath, actualName: "actual frame")
    if config.recordMode.records(outcome.verdict) {
        let path = try store.record(image: actual, name: name, parameters: config.parameters, environment: config.environment)
        let what = outcome.verdict == .missing ? "recorded" : "re-recorded"
        throw GoldenMismatch(name: name, description: "\(what) golden '\(name)' at \(path) (PARALLAX_RECORD=\(config.recordMode.rawValue)); run again without it to compare",
                             artifacts: [path], comparison: outcome.comparison)
    }
    if outcome.verdict == .pass, let comparison = outcome.comparison { return comparison }
    let written = GoldenVerification.Artifact.allCases.compactMap { outcome.artifacts[$0] }
    FrameAttachments.attach(written)
    let description: String
    switch outcome.verdict {
    case .missing: description = "\(outcome.message ?? "")\n  actual frame written to \(written.joined(separator: ", "))"
    case .fail: description = ComparisonReport.text(outcome.comparison!, golden: goldenPath, actual: "frame '\(name)'")
        + "\n  artifacts: " + written.joined(separator: ", ")
    case .error, .pass: description = "frame '\(name)': \(outcome.message ?? "")\n  artifacts: \(written.joined(separator: ", "))"
    }
    throw GoldenMismatch(name: name, description: description, artifacts: written, comparison: outcome.comparison)
}

/// The same check as `expectFrame`, returning nil when the frame matches and the failure description
/// otherwise — for assertion styles such as `XCTAssertNil(checkFrame(frame, matchesGolden: "cube/center"))`.
/// Artifacts are written exactly as by `expectFrame`; errors other than a mismatch are described too.
public func checkFrame(_ actual: RGBAImage, matchesGolden name: String, tolerance: Tolerance = Tolerance(),
                       configuration: GoldenTestConfiguration? = nil, function: String = #function) -> String? {
    do {
        try expectFrame(actual, matchesGolden: name, tolerance: tolerance,
                        configuration: configuration ?? .fromEnvironment(test: function), function: function)
        return nil
    } catch {
        return "\(error)"
    }
}
