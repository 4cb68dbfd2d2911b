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
/// - `PARALLAX_RECORD=1` — record missing or mismatching goldens (explicit; refused when `CI` is set).
public struct GoldenTestConfiguration: Sendable {
    public var store: GoldenStore
    public var artifactsDirectory: String
    public var record: Bool
    public var environment: [String: String]
    /// Sidecar parameters used when recording.
    public var parameters: GoldenParameters

    public init(store: GoldenStore, artifactsDirectory: String, record: Bool = false,
                environment: [String: String] = ProcessInfo.processInfo.environment,
                parameters: GoldenParameters = GoldenParameters(renderer: "swift-test", scene: "", headPose: [], screen: "", version: "")) {
        self.store = store
        self.artifactsDirectory = artifactsDirectory
        self.record = record
        self.environment = environment
        self.parameters = parameters
    }

    /// From the environment; `test` (e.g. `#function`) makes the printed record command exact.
    public static func fromEnvironment(test: String? = nil,
                                       environment: [String: String] = ProcessInfo.processInfo.environment) -> GoldenTestConfiguration {
        let filter = test.map { " --filter '\($0.split(separator: "(").first.map(String.init) ?? $0)'" } ?? ""
        let store = GoldenStore(root: environment["PARALLAX_GOLDENS"] ?? "Tests/Goldens",
                                recordCommand: { _ in "PARALLAX_RECORD=1 swift test\(filter)" })
        return GoldenTestConfiguration(store: store, artifactsDirectory: environment["PARALLAX_ARTIFACTS"] ?? ".build/golden-artifacts",
                                       record: environment["PARALLAX_RECORD"] == "1", environment: environment)
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
    let store = config.store
    let goldenPath = try store.imagePath(for: name)
    let stem = (config.artifactsDirectory as NSString).appendingPathComponent(name)
    let verification = GoldenVerification(tolerance: tolerance, artifactPaths: config.record ? [:] : GoldenVerification.paths(stem: stem),
                                          timing: .unlessPassed)
    let outcome = try verification.verify(actual, golden: { try store.load(name) }, goldenName: goldenPath, actualName: "actual frame")
    if outcome.verdict == .pass, let comparison = outcome.comparison { return comparison }
    if config.record && (outcome.verdict == .missing || outcome.verdict == .fail) {
        let path = try store.record(image: actual, name: name, parameters: config.parameters, environment: config.environment)
        let what = outcome.verdict == .missing ? "recorded" : "re-recorded"
        throw GoldenMismatch(name: name, description: "\(what) golden '\(name)' at \(path) (PARALLAX_RECORD=1); run again without it to compare",
                             artifacts: [path], comparison: outcome.comparison)
    }
    let written = GoldenVerification.Artifact.allCases.compactMap { outcome.artifacts[$0] }
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
