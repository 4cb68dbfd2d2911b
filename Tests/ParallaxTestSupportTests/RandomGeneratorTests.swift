import ParallaxTestSupport
import Testing

@Suite struct RandomGeneratorTests {
    @Test func splitMix64MatchesTheReferenceSequence() {
        // The first outputs for seed 0 of the reference splitmix64.c (Vigna), as used to seed xoshiro.
        var random = SplitMix64(seed: 0)
        #expect(random.nextBits() == 0xE220_A839_7B1D_CDAF)
        #expect(random.nextBits() == 0x6E78_9E6A_A1B9_65F4)
        #expect(random.nextBits() == 0x06C4_5D18_8009_454F)
    }

    @Test func splitMix64UniformUsesTheTop53Bits() {
        var bits = SplitMix64(seed: 7), unit = SplitMix64(seed: 7), ranged = SplitMix64(seed: 7)
        let top = bits.nextBits() >> 11
        #expect(unit.next() == Double(top) / 9_007_199_254_740_992)
        #expect(ranged.uniform(-2...6) == -2 + 8 * (Double(top) / 9_007_199_254_740_992))
        var many = SplitMix64(seed: 1)
        #expect((0..<1000).map { _ in many.uniform(0.5...3) }.allSatisfy { (0.5..<3).contains($0) })
    }

    @Test func xorShift64StarMatchesHandComputedSteps() {
        // State 1: 1 ^ 1>>12 = 1; 1 ^ 1<<25 = 0x2000001; ^ (0x2000001 >> 27 = 0) → 0x2000001; times M.
        var random = XorShift64Star(seed: 1)
        #expect(random.next() == UInt64(0x200_0001) &* 2_685_821_657_736_338_717)
        #expect(random.state == 0x200_0001)
        // Seed 0 would stay 0 for ever; it starts from a fixed non-zero state instead.
        var zero = XorShift64Star(seed: 0)
        #expect(zero.state != 0 && zero.next() != 0)
        var small = XorShift64Star(seed: 99)
        #expect((0..<1000).map { _ in small.below(7) }.allSatisfy { (0..<7).contains($0) })
    }
}
