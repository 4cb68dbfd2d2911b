import Foundation

/// A small suite in a temporary folder as a reviewer meets it in CI: three cube frames with goldens, then a
/// deliberate change to one frame's head, so that the run fails on that frame (and the numeric golden).
/// Shared by the review-loop tests and the browser test.
public struct ReviewFixture {
    public static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    public let directory: TemporaryDirectory
    public var url: URL { directory.url }
    public var suite: String { directory.path("suite.yml") }

    public static let suiteText = """
        name: review fixture
        output: report
        goldens: goldens
        traces: [\(repository.appendingPathComponent("Traces/step.csv").path)]
        smoothers: ["ema:alpha=0.25"]
        budgets:
          - {metric: lag_ms, max: 500}
        numbers: {golden: numbers/fixture, absolute: 1.0e-9, relative: 1.0e-6}
        frames:
          - {name: fx/a-center, scene: {cube: screen}, head: [0, 0, 0.35], scale: 0.2}
          - {name: fx/b-offset, scene: {cube: screen}, head: [0.03, -0.02, 0.28], scale: 0.2}
          - {name: fx/c-side, scene: {cube: screen}, head: [-0.04, 0.02, 0.3], scale: 0.2}

        """

    /// Goldens recorded, then frame fx/b-offset moved to another head (the deliberate change).
    public init() throws {
        directory = try TemporaryDirectory(prefix: "review-fixture")
        try Self.suiteText.write(toFile: suite, atomically: true, encoding: .utf8)
        let record = try parallax(["record", "suite.yml"])
        guard record.status == 0 else { throw FixtureError(message: "record: \(record.stdout) \(record.stderr)") }
        try Self.suiteText.replacingOccurrences(of: "head: [0.03, -0.02, 0.28]", with: "head: [0.05, -0.02, 0.28]")
            .write(toFile: suite, atomically: true, encoding: .utf8)
    }

    /// `parallax ARGS` in the fixture's folder, without CI variables unless given.
    public func parallax(_ arguments: [String], environment: [String: String] = [:]) throws -> ParallaxRun {
        try ParallaxProcess.run(arguments, environment: ["PATH": "/usr/bin:/bin"].merging(environment) { $1 }, in: url)
    }

    public struct FixtureError: Error, CustomStringConvertible { public var message: String; public var description: String { message } }
}
