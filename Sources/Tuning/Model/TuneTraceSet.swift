import Foundation
import Scientific
import Tracking
import Vocabulary

/// Which traces to keep out of the search: none, the named files, or a fraction of the files (picked by a
/// fixed-seed shuffle, so the same inputs hold out the same files).
package enum HoldoutChoice: Equatable, Sendable {
    case none
    case files([String])
    case fraction(Double)

    /// The seed of the shuffle that picks a fraction's files.
    package static let shuffleSeed: UInt64 = 20

    package init(parsingFraction text: String) throws {
        guard let value = Double(text), value > 0, value < 1 else {
            throw FieldError("holdout_fraction", expected: "a fraction in (0, 1)", found: "'\(text)'")
        }
        self = .fraction(value)
    }
}

/// The traces a robust sweep runs on: every file once per seed — re-synthesized from its `# spec:` header for
/// the seeds after its own (the file itself is the first seed), recordings (no spec) once and shared by every
/// seed — split into the files the search sees and the held-out files.
package struct TuneTraceSet: Sendable {
    package struct Instance: Sendable {
        /// The file for the file's own seed, `FILE@seed=N` for a re-synthesized one.
        package var name: String
        package var file: String
        /// 0…seeds − 1 for a synthesized trace; nil for a recording (used with every seed).
        package var seedIndex: Int?
        package var trace: HeadTrace
    }

    package let seeds: Int
    package let training: [Instance]
    package let heldOut: [Instance]
    package var heldOutFiles: [String] { Self.files(heldOut) }
    package var trainingFiles: [String] { Self.files(training) }

    /// `files`: (path, trace) in the order given; held-out files named by `holdout` must be among them.
    package init(files: [(String, HeadTrace)], seeds: Int, holdout: HoldoutChoice) throws {
        guard (1...100).contains(seeds) else { throw FieldError("seeds", expected: "1…100 seeds", found: "\(seeds)") }
        guard !files.isEmpty else { throw FieldError("traces", expected: "at least one trace CSV", found: "none") }
        self.seeds = seeds
        let names = files.map(\.0)
        if let repeated = names.enumerated().first(where: { names.firstIndex(of: $0.element) != $0.offset }) {
            throw FieldError("traces", expected: "each trace once", found: "'\(repeated.element)' given twice")
        }
        let held: Set<String>
        switch holdout {
        case .none: held = []
        case .files(let chosen):
            if let unknown = chosen.first(where: { !names.contains($0) }) {
                throw FieldError("holdout", expected: "one of the traces (\(names.joined(separator: ", ")))", found: "'\(unknown)'")
            }
            held = Set(chosen)
        case .fraction(let fraction):
            let count = max(1, Int((fraction * Double(names.count)).rounded()))
            let random = RandomSource(seed: HoldoutChoice.shuffleSeed)
            var order = Array(names.indices)
            for i in stride(from: order.count - 1, to: 0, by: -1) {  // Fisher–Yates
                order.swapAt(i, Int(random.uniform() * Double(i + 1)))
            }
            held = Set(order.prefix(count).map { names[$0] })
        }
        guard held.count < names.count else {
            throw FieldError("holdout", expected: "at least one trace left to tune on", found: "every trace held out")
        }
        var training: [Instance] = [], heldOut: [Instance] = []
        for (file, trace) in files {
            let instances = try Self.instances(of: trace, file: file, seeds: seeds)
            if held.contains(file) { heldOut += instances } else { training += instances }
        }
        self.training = training
        self.heldOut = heldOut
    }

    /// The training instances one seed's search sees: its synthesized traces and every recording.
    package func training(seed k: Int) -> [Instance] {
        training.filter { $0.seedIndex == nil || $0.seedIndex == k }
    }

    static func instances(of trace: HeadTrace, file: String, seeds: Int) throws -> [Instance] {
        guard let spec = try TraceSpec.embedded(in: trace, file: file) else {
            return [Instance(name: file, file: file, seedIndex: nil, trace: trace)]
        }
        // Re-synthesis allocates what the header describes: it must be the file's own spec, not a larger one.
        let described = spec.duration * spec.rate
        guard described <= 4 * Double(trace.count) + 1000 else {
            throw FieldError(FieldPath([.key("'# spec:' header")]), expected: "the spec the file was synthesized from (\(trace.count) samples)",
                             found: "one describing \(String(format: "%.0f", described)) samples", file: file)
        }
        var instances = [Instance(name: file, file: file, seedIndex: seeds > 1 ? 0 : nil, trace: trace)]
        for k in 1..<seeds {
            let seed = spec.seed &+ UInt64(k)
            instances.append(Instance(name: "\(file)@seed=\(seed)", file: file, seedIndex: k,
                                      trace: try spec.synthesizedAsFile(seed: seed)))
        }
        return instances
    }

    static func files(_ instances: [Instance]) -> [String] {
        var seen: [String] = []
        for instance in instances where !seen.contains(instance.file) { seen.append(instance.file) }
        return seen
    }
}
