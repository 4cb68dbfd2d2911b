import Testing
@testable import Scientific

@Suite struct RandomSourceTests {
    let n = 200_000

    @Test func sameSeedSameSequenceDifferentSeedDifferentSequence() {
        let a = RandomSource(seed: 42), b = RandomSource(seed: 42), c = RandomSource(seed: 43)
        let xa = (0..<100).map { _ in a.uniform() }
        let xb = (0..<100).map { _ in b.uniform() }
        let xc = (0..<100).map { _ in c.uniform() }
        #expect(xa == xb)
        #expect(xa != xc)
    }

    @Test func streamsAreIndependentOfEachOther() {
        let a = RandomSource(seed: 7, stream: 0), b = RandomSource(seed: 7, stream: 1)
        #expect((0..<10).map { _ in a.uniform() } != (0..<10).map { _ in b.uniform() })
        #expect(RandomSource.mix(7, 0) != RandomSource.mix(7, 1))
    }

    @Test func mt19937MatchesTheReferenceSequence() {
        // Matsumoto & Nishimura's mt19937 with init_genrand(5489): first output 3499211612.
        // GSL's uniform() is that integer / 2^32.
        let random = RandomSource(seed: 5489)
        #expect(random.uniform() == 3_499_211_612.0 / 4_294_967_296.0)
    }

    @Test func gaussianHasTheConfiguredSigma() {
        let random = RandomSource(seed: 1)
        let sigma = 0.003
        let values = (0..<n).map { _ in random.gaussian(sigma: sigma) }
        // Sample σ of n normals: relative standard error 1/√(2n); allow 4 standard errors.
        let bound = 4 / (2.0 * Double(n)).squareRoot()
        #expect(abs(Statistics.standardDeviation(values) / sigma - 1) < bound)
        #expect(abs(Statistics.mean(values)) < 4 * sigma / Double(n).squareRoot())
    }

    @Test func uniformExponentialAndBernoulliHaveTheirMeans() {
        let random = RandomSource(seed: 2)
        let uniform = (0..<n).map { _ in random.uniform(in: 2.0..<4.0) }
        #expect(abs(Statistics.mean(uniform) - 3) < 4 * (4.0 / 12 / Double(n)).squareRoot())
        #expect(uniform.allSatisfy { $0 >= 2 && $0 < 4 })
        let exponential = (0..<n).map { _ in random.exponential(mean: 0.3) }
        #expect(abs(Statistics.mean(exponential) - 0.3) < 4 * 0.3 / Double(n).squareRoot())
        let p = 0.07
        let hits = (0..<n).filter { _ in random.bernoulli(p) }.count
        let expected = p * Double(n)
        #expect(abs(Double(hits) - expected) < 4 * (expected * (1 - p)).squareRoot())
    }
}
