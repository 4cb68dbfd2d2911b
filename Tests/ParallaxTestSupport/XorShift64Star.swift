/// Deterministic pseudo-random integers for test pixels and perturbations (xorshift64*, Vigna 2016).
public struct XorShift64Star: Sendable {
    public private(set) var state: UInt64

    /// Seed 0 (the generator's one fixed point) is replaced by a fixed non-zero state.
    public init(seed: UInt64) { state = seed == 0 ? 0x9E37_79B9_7F4A_7C15 : seed }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state ^= state >> 12
        state ^= state << 25
        state ^= state >> 27
        return state &* 2_685_821_657_736_338_717
    }

    /// In 0..<n (by remainder: the tiny modulo bias does not matter for test data).
    public mutating func below(_ n: Int) -> Int {
        precondition(n > 0, "below(n) needs n > 0")
        return Int(next() % UInt64(n))
    }
}
