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

/// Compares `actual` with the golden `name`; returns the comparison when it passes and throws
/// `GoldenMismatch` otherwise. On a mismatch it writes `ARTIFACTS/NAME.expected.png`, `.actual.png`,
/// `.diff.png` and `.strip.png` (golden | actual | diff); on a missing golden it writes `.actual.png` and the
/// error names the exact record command. Usable from Swift Testing (`try expectFrame(…)` in a throwing
/// `@Test`) and from XCTest (a throwing test method) alike; no test framework is imported.
@discardableResult
public func expectFrame(_ actual: RGBAImage, matchesGolden name: String, tolerance: Tolerance = Tolerance(),
                        configuration: GoldenTestConfiguration? = nil, function: String = #function) throws -> FrameComparison {
    let config = configuration ?? .fromEnvironment(test: function)
    let store = config.store
    let golden: RGBAImage
    do {
        golden = try store.load(name)
    } catch let error as GoldenError {
        guard case .missing = error else { throw GoldenMismatch(name: name, description: "\(error)", artifacts: [], comparison: nil) }
        if config.record {
            let path = try store.record(image: actual, name: name, parameters: config.parameters, environment: config.environment)
            throw GoldenMismatch(name: name, description: "recorded golden '\(name)' at \(path) (PARALLAX_RECORD=1); run again without it to compare",
                                 artifacts: [path], comparison: nil)
        }
        let written = try writeArtifacts(name: name, directory: config.artifactsDirectory, images: [("actual", actual)])
        throw GoldenMismatch(name: name, description: "\(error)\n  actual frame written to \(written.joined(separator: ", "))",
                             artifacts: written, comparison: nil)
    }
    let comparison: FrameComparison
    do {
        comparison = try FrameComparator.compare(golden: golden, actual: actual, tolerance: tolerance,
                                                 goldenName: try store.imagePath(for: name), actualName: "actual frame")
    } catch let error as ComparisonError {
        let written = try writeArtifacts(name: name, directory: config.artifactsDirectory, images: [("expected", golden), ("actual", actual)])
        throw GoldenMismatch(name: name, description: "frame '\(name)': \(error)\n  artifacts: \(written.joined(separator: ", "))",
                             artifacts: written, comparison: nil)
    }
    if comparison.passed { return comparison }
    if config.record {
        let path = try store.record(image: actual, name: name, parameters: config.parameters, environment: config.environment)
        throw GoldenMismatch(name: name, description: "re-recorded golden '\(name)' at \(path) (PARALLAX_RECORD=1); run again without it to compare",
                             artifacts: [path], comparison: comparison)
    }
    let diff = DiffImage.make(golden: golden, actual: actual, threshold: tolerance.maxChannelDiff)
    let strip = DiffImage.strip(golden: golden, actual: actual, diff: diff)
    let written = try writeArtifacts(name: name, directory: config.artifactsDirectory,
                                     images: [("expected", golden), ("actual", actual), ("diff", diff), ("strip", strip)])
    let report = ComparisonReport.text(comparison, golden: try store.imagePath(for: name), actual: "frame '\(name)'")
    throw GoldenMismatch(name: name, description: report + "\n  artifacts: " + written.joined(separator: ", "),
                         artifacts: written, comparison: comparison)
}

private func writeArtifacts(name: String, directory: String, images: [(String, RGBAImage)]) throws -> [String] {
    try GoldenStore.validate(name: name)
    let base = (directory as NSString).appendingPathComponent(name)
    try FileManager.default.createDirectory(atPath: (base as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    var written: [String] = []
    for (kind, image) in images {
        let path = "\(base).\(kind).png"
        try PNGCodec.write(image, to: path)
        written.append(path)
    }
    return written
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
