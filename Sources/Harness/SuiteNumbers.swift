import Foundation
import Golden
import Plumbing
import Reporting

/// The suite's numeric golden: every scenario metric and frame matrix against the recorded values.
enum SuiteNumbers {
    /// `frameNumbers`: `NumberGolden.values(matrices:)` of every frame (gathered from the parts of a sharded run).
    static func compare(scenarios: [ScenarioResult], frameNumbers: [String: Double], tolerance: NumberTolerance, store: GoldenStore,
                        options: SuiteRun.Options, outputDirectory: String) throws -> NumbersResult {
        let path = try store.numbersPath(for: tolerance.golden)
        let values = NumberGolden.values(scenarios: scenarios).merging(frameNumbers) { a, _ in a }
        // Kept beside the report so that `parallax accept` can promote it without running again.
        try FileManager.default.createDirectory(atPath: outputDirectory, withIntermediateDirectories: true)
        try AtomicFile.write(try NumberGolden.encode(values), to: (outputDirectory as NSString).appendingPathComponent(GoldenAcceptance.numbersFile))
        if options.record && options.only == nil {
            let recorded = try store.recordNumbers([UInt8](try NumberGolden.encode(values)), name: tolerance.golden, environment: options.environment)
            options.progress("recorded \(recorded)")
        }
        return NumberGolden.compare(actual: values, path: path, tolerance: tolerance, recordCommand: store.recordCommand(tolerance.golden))
    }
}
