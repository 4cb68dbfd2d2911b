import Foundation
import Plumbing
import Reporting
import Tracking
import Vocabulary

/// `--baseline`: this run's report against an earlier one, refused when the two measured different setups.
enum SuiteBaseline {
    static func compare(_ report: SuiteReport, baselinePath: String, bands: [String: NoiseBand], allowDifferentSetup: Bool) throws -> [BaselineDelta] {
        let baseline: SuiteReport
        do { baseline = try ReportWriter.decode(Data(try FileContents.read(baselinePath))) } catch let error as FileError {
            throw SuiteError(file: baselinePath, line: nil, message: "cannot read the baseline report: \(error)")
        } catch {
            throw SuiteError(file: baselinePath, line: nil, message: "not a ParallaxLab report.json (schema 1): \(error)")
        }
        if !allowDifferentSetup {
            var mine = report.setup ?? Self.setup(of: report)
            if baseline.setup == nil { mine.traces = mine.traces.mapValues { _ in "" } }  // an older report: names only
            let lines = mine.differences(from: baseline.setup ?? Self.setup(of: baseline))
            if !lines.isEmpty {
                throw SuiteError(file: baselinePath, line: nil,
                                 message: "the baseline measured a different setup (\(lines.joined(separator: "; "))); compare anyway only by allowing a different setup")
            }
        }
        return BaselineComparison.compare(report, with: baseline, overrides: bands)
    }

    /// The setup a report's scenarios show (for reports written before `setup` was recorded: no fingerprints).
    static func setup(of report: SuiteReport) -> RunSetup {
        func ordered<T: Hashable>(_ values: [T]) -> [T] { var seen = Set<T>(); return values.filter { seen.insert($0).inserted } }
        return RunSetup(traces: Dictionary(report.scenarios.map { ($0.trace, "") }) { a, _ in a },
                        smoothers: ordered(report.scenarios.map(\.smootherSpec)), screens: ordered(report.scenarios.map(\.screen)),
                        movementScales: ordered(report.scenarios.map(\.movementScale)))
    }

    /// FNV-1a over the samples' bit patterns (t, x, y, z, tracked).
    static func fingerprint(_ trace: HeadTrace) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(trace.samples.count * 33)
        for sample in trace.samples {
            for value in [sample.t, sample.position.x, sample.position.y, sample.position.z] {
                withUnsafeBytes(of: value.bitPattern.littleEndian) { bytes += $0 }
            }
            bytes.append(sample.tracked ? 1 : 0)
        }
        return RunSetup.fingerprint(bytes)
    }
}
