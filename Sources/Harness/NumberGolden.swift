import Foundation
import Plumbing
import Projection
import Reporting
import Tracking
import Vocabulary

/// The numeric golden: a flat, sorted `key → number` JSON of every scenario metric and every frame's
/// projection and view matrix, so a change in the smoothing or projection math is caught even when no pixel
/// moves. Compared within |actual − golden| ≤ absolute + relative·|golden|.
enum NumberGolden {
    static func values(scenarios: [ScenarioResult], matrices: [String: CameraSetup]) -> [String: Double] {
        values(scenarios: scenarios).merging(values(matrices: matrices)) { a, _ in a }
    }

    /// Every scenario metric.
    static func values(scenarios: [ScenarioResult]) -> [String: Double] {
        var values: [String: Double] = [:]
        for scenario in scenarios {
            for (metric, value) in scenario.metrics { values["scenario/\(scenario.id)/\(metric)"] = value }
        }
        return values
    }

    /// Every frame's projection and view matrix (a shard keeps those of its frames in its part).
    static func values(matrices: [String: CameraSetup]) -> [String: Double] {
        var values: [String: Double] = [:]
        for (name, camera) in matrices {
            for (label, matrix) in [("projection", camera.projection), ("view", camera.view)] {
                for (r, row) in matrix.rowArrays.enumerated() {
                    for (c, value) in row.enumerated() { values["frame/\(name)/\(label)[\(r)][\(c)]"] = value }
                }
            }
        }
        return values
    }

    static func encode(_ values: [String: Double]) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        return try encoder.encode(["schema": 1.0].merging(values.mapKeys { "value/" + $0 }) { a, _ in a })
    }

    static func decode(_ data: Data, file: String) throws -> [String: Double] {
        guard let object = try? JSONDecoder().decode([String: Double].self, from: data) else {
            throw SuiteError(file: file, line: nil, message: "not a numbers golden (expected a JSON object of numbers)")
        }
        var values: [String: Double] = [:]
        for (key, value) in object where key.hasPrefix("value/") { values[String(key.dropFirst(6))] = value }
        return values
    }

    static func compare(actual: [String: Double], path: String, tolerance: NumberTolerance, recordCommand: String) -> NumbersResult {
        guard let data = FileManager.default.contents(atPath: path) else {
            return NumbersResult(status: .missing, golden: path, compared: 0, mismatches: [], recordCommand: recordCommand)
        }
        let golden: [String: Double]
        do { golden = try decode(data, file: path) } catch {
            return NumbersResult(status: .fail, golden: path, compared: 0, mismatches: [.init(key: "\(error)", golden: nil, actual: nil)], recordCommand: recordCommand)
        }
        var mismatches: [NumbersResult.Mismatch] = []
        for key in Set(golden.keys).union(actual.keys).sorted() {
            switch (golden[key], actual[key]) {
            case let (g?, a?):
                if !(abs(a - g) <= tolerance.absolute + tolerance.relative * abs(g)) { mismatches.append(.init(key: key, golden: g, actual: a)) }
            case let (g, a):
                mismatches.append(.init(key: key, golden: g, actual: a))
            }
        }
        return NumbersResult(status: Verdict(passed: mismatches.isEmpty), golden: path, compared: golden.count,
                             mismatches: mismatches, recordCommand: recordCommand)
    }
}

extension Dictionary {
    func mapKeys<K: Hashable>(_ transform: (Key) -> K) -> [K: Value] {
        Dictionary<K, Value>(uniqueKeysWithValues: map { (transform($0.key), $0.value) })
    }
}
