import Foundation
import Plumbing
import Reporting
import Tuning

/// A shard's part of a suite run (`parallax run --shard i/n`): a folder with part.json (this file's model: which
/// suite, commit and shard, the plan's units and the ones this shard ran, and what its stages found), timings.json,
/// and the files its stages wrote (frames/, audit/ and audit.json, tune.json and tune.html). `parallax
/// merge-reports` checks that the parts belong together and cover the suite once, and writes the one report.
struct SuitePart: Codable, Sendable {
    static let file = "part.json"
    static let kindName = "parallax-suite-part"

    var schema = 1
    var kind = Self.kindName
    var suite: String
    /// The suite file as the run was given it, and a fingerprint of its bytes.
    var suiteFile: String
    var suiteFingerprint: String
    var version: String
    var commit: String
    var shard: ShardInfo
    var balance: ShardPlan.Balance
    /// Every unit of the suite in its order (the same in every part of one run), and those this shard ran.
    var units: [SuiteUnit]
    var ran: [SuiteUnit]
    var results: SuiteStageResults

    func write(to directory: String) throws {
        let encoder = JSONEncoder.deterministic(.compact, keys: .snakeCase, nonFinite: .text)
        try AtomicFile.write(try encoder.encode(self), to: (directory as NSString).appendingPathComponent(Self.file))
    }

    /// Reads the part in `directory` (a part folder, or its part.json).
    static func read(_ path: String) throws -> (part: SuitePart, directory: String) {
        let directory = (path as NSString).lastPathComponent == file ? (path as NSString).deletingLastPathComponent : path
        let location = (directory as NSString).appendingPathComponent(file)
        guard FileManager.default.fileExists(atPath: location) else {
            throw SuiteError(file: path, line: nil, message: FileManager.default.fileExists(atPath: path)
                ? "expected a part folder written by parallax run --shard i/n (with \(file)), found none"
                : "no such part folder")
        }
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        decoder.nonConformingFloatDecodingStrategy = .convertFromString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        do {
            let part = try decoder.decode(SuitePart.self, from: Data(try FileContents.read(location)))
            guard part.kind == kindName, part.schema == 1 else {
                throw SuiteError(file: location, line: nil, message: "expected a suite part (kind \(kindName), schema 1), found kind \(part.kind), schema \(part.schema)")
            }
            return (part, directory)
        } catch let error as DecodingError {
            throw SuiteError(file: location, line: nil, message: "not a suite part: \(error.fieldDescription)")
        }
    }

    /// `part-i-of-n`, the default folder of a part beside the suite's output (`Reports/latest-part-1-of-3`).
    static func defaultOutput(_ output: String, shard: ShardInfo) -> String {
        let trimmed = output.hasSuffix("/") && output.count > 1 ? String(output.dropLast()) : output
        return "\(trimmed)-part-\(shard.index)-of-\(shard.count)"
    }
}
