import Foundation
import Golden
import Plumbing
import Projection
import Reporting

/// The suite's numeric golden: every scenario metric and frame matrix against the recorded values.
enum SuiteNumbers {
    static func compare(scenarios: [ScenarioResult], matrices: [String: CameraSetup], tolerance: NumberTolerance, store: GoldenStore,
                        options: SuiteRun.Options, outputDirectory: String) throws -> NumbersResult {
        let path = try store.numbersPath(for: tolerance.golden)
        let values = NumberGolden.values(scenarios: scenarios, matrices: matrices)
        // Kept beside the report so that `parallax accept` can promote it without running again.
        try FileManager.default.createDirectory(atPath: outputDirectory, withIntermediateDirectories: true)
        try AtomicFile.write(try NumberGolden.encode(values), to: (outputDirectory as NSString).appendingPathComponent(GoldenAcceptance.numbersFile))
        if options.record && options.only == nil {
            let recorded = try store.recordNumbers([UInt8](try NumberGolden.encode(values)), name: tolerance.golden, environment: options.environment)
            options.progress("recorded \(recorded)")
        }
        return NumberGolden.compare(actual: values, path: path, tolerance: tolerance, recordCommand: "parallax record \(options.suitePath)")
    }
}
