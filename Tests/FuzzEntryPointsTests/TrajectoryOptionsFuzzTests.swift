import Foundation
import FuzzEntryPoints
import ParallaxTestSupport
import Testing

/// `evaluate`'s options on the `trajectory` surface (the bytes after a NUL): every value a library caller may
/// pass — zero, negative and extreme deltas and counts, NaN and ±inf times — is evaluated or refused with a
/// one-line error naming the field, never a trap (a trap ends this test process).
@Suite struct TrajectoryOptionsFuzzTests {
    static let seed = Array(try! Data(contentsOf: FuzzCorpusTests.corpora.appendingPathComponent("trajectory/seed-tum.txt")))

    /// The option bytes as `FuzzBytes` reads them: choices as bytes, numbers as 64-bit little-endian patterns.
    static func input(interpolate: Bool = false, maxDifference: Double = 0.01, offset: Double = 0, maxGap: Double = 0.1, alignment: UInt8 = 0,
                      alignFirst: Int? = nil, delta: Int = 1) -> [UInt8] {
        var bytes: [UInt8] = [interpolate ? 1 : 0]
        func append(_ bits: UInt64) { bytes += (0..<8).map { UInt8(truncatingIfNeeded: bits >> (8 * $0)) } }
        append(maxDifference.bitPattern)
        append(offset.bitPattern)
        append(maxGap.bitPattern)
        bytes.append(alignment)
        bytes.append(alignFirst == nil ? 0 : 1)
        if let alignFirst { append(UInt64(bitPattern: Int64(alignFirst))) }
        append(UInt64(bitPattern: Int64(delta)))
        return seed + [0] + bytes
    }

    @Test(arguments: [
        (input(delta: 0), "delta: expected a number of frames ≥ 1, found 0"),
        (input(delta: -1), "delta: expected a number of frames ≥ 1, found -1"),
        (input(delta: .min), "delta: expected a number of frames ≥ 1, found \(Int.min)"),
        (input(alignment: 1, alignFirst: 0), "align_first: expected a number of pairs ≥ 1, found 0"),
        (input(maxDifference: .nan), "max_difference: expected a time ≥ 0 s, found nan"),
        (input(offset: .infinity), "offset: expected a finite time in s, found inf"),
        (input(interpolate: true, maxGap: -.infinity), "max_gap: expected a time > 0 s, found -inf"),
    ])
    func anOptionOutOfRangeIsRefusedNamingItsField(_ bytes: [UInt8], _ message: String) {
        #expect(FuzzSurface.trajectory.run(bytes) == .rejected(message))
    }

    @Test func extremeButValidOptionsEvaluate() {
        #expect(FuzzSurface.trajectory.run(Self.input(alignment: 2, alignFirst: .max, delta: .max)) == .accepted)
        #expect(FuzzSurface.trajectory.run(Self.input(interpolate: true, maxGap: .greatestFiniteMagnitude, alignment: 1, alignFirst: 3)) == .accepted)
        // No option bytes: every field zero, the first refused is the gap.
        #expect(FuzzSurface.trajectory.run(Self.seed + [0]) == .rejected("max_gap: expected a time > 0 s, found 0.0"))
    }

    /// Random bit patterns for every option (seeded): each input is evaluated or refused, and the outcomes include
    /// both.
    @Test func randomOptionsNeverTrap() {
        var random = SplitMix64(seed: 33)
        var outcomes: [FuzzSurface.Outcome] = []
        for _ in 0..<300 {
            let options = (0..<44).map { _ in UInt8(truncatingIfNeeded: random.nextBits()) }
            outcomes.append(FuzzSurface.trajectory.run(Self.seed + [0] + options))
        }
        #expect(outcomes.contains(.accepted))
        #expect(outcomes.contains { if case .rejected = $0 { true } else { false } })
    }
}
