import Foundation
import Geometry

/// Deterministic pseudo-random doubles for tests (SplitMix64).
struct TestRandom {
    var state: UInt64
    init(_ seed: UInt64) { state = seed }
    mutating func next() -> Double {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        z ^= z >> 31
        return Double(z >> 11) / Double(1 << 53)
    }
    mutating func uniform(_ range: ClosedRange<Double>) -> Double { range.lowerBound + (range.upperBound - range.lowerBound) * next() }
}

/// |a − b| ≤ tolerance·|b| (relative to the expected value).
func relativelyClose(_ a: Double, _ b: Double, _ tolerance: Double) -> Bool {
    abs(a - b) <= tolerance * abs(b)
}

/// NDC of a world point under projection · view.
func ndc(_ projection: Mat4, _ view: Mat4, _ p: Vec3) -> Vec3 {
    (projection * view).transformProjecting(point: p)
}
