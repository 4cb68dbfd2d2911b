import Foundation
import Plumbing
import Vocabulary

/// How long each unit of a run took (`SuiteUnit`: trace × smoother, frame, audit, tune), in seconds: timings.json
/// beside report.json, kept out of report.json so that the report stays the same bytes for the same inputs (like
/// junit.xml's times, these are the only things that differ between identical runs). `parallax run --shard i/n
/// --durations REPORT` balances the shards by them; `parallax merge-reports` writes the union of its parts'.
struct SuiteTimings: Codable, Equatable, Sendable {
    static let file = "timings.json"

    var schema = 1
    /// Unit (as written: `frame suite/cube-center`) → seconds.
    var units: [String: Double]

    init(_ timings: [SuiteUnit: Double]) {
        units = Dictionary(uniqueKeysWithValues: timings.map { ($0.key.description, $0.value) })
    }

    /// The measured units (an entry that is not a unit's name is ignored: it belongs to no unit of this suite).
    var byUnit: [SuiteUnit: Double] {
        var result: [SuiteUnit: Double] = [:]
        for (text, seconds) in units { if let unit = try? SuiteUnit(parsing: text) { result[unit] = seconds } }
        return result
    }

    func write(to directory: String) throws {
        let encoder = JSONEncoder.deterministic()
        try AtomicFile.write(try encoder.encode(self), to: (directory as NSString).appendingPathComponent(Self.file))
    }

    /// `--durations REPORT`: a report folder, its report.json or its timings.json; the timings beside it.
    static func read(report path: String) throws -> SuiteTimings {
        var isDirectory: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
        let file = exists && isDirectory.boolValue ? (path as NSString).appendingPathComponent(file)
            : (path as NSString).lastPathComponent == file ? path
            : ((path as NSString).deletingLastPathComponent as NSString).appendingPathComponent(file)
        guard FileManager.default.fileExists(atPath: file) else {
            throw FieldError("durations", expected: "a report folder (or its report.json) with \(Self.file), written by parallax run or merge-reports",
                             found: exists ? "no \(file)" : "no file \(path)")
        }
        let data = Data(try FileContents.read(file))
        let decoder = JSONDecoder()
        guard let timings = try? decoder.decode(SuiteTimings.self, from: data), timings.schema == 1,
              timings.units.values.allSatisfy({ $0.isFinite && $0 >= 0 }) else {
            throw FieldError("durations", expected: "timings (schema 1: unit → seconds ≥ 0)", found: "something else in \(file)").located(file: file)
        }
        return timings
    }
}
