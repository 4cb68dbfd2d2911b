import Testing
@testable import Scientific

@Suite struct StatisticsTests {
    @Test func descriptiveStatisticsMatchHandComputation() {
        let values = [2.0, 4, 4, 4, 5, 5, 7, 9]
        #expect(Statistics.mean(values) == 5)
        #expect(abs(Statistics.variance(values) - 32.0 / 7) < 1e-12)   // Σ(x−5)² = 32, n − 1 = 7
        #expect(abs(Statistics.standardDeviation(values) - (32.0 / 7).squareRoot()) < 1e-12)
        #expect(abs(Statistics.rms([3, 4]) - (12.5).squareRoot()) < 1e-12)
        #expect(Statistics.minimum(values) == 2)
        #expect(Statistics.maximum(values) == 9)
        #expect(Statistics.peakToPeak(values) == 7)
    }

    @Test func quantilesInterpolateBetweenOrderStatistics() {
        // Type-7 quantiles: position (n − 1)·q in the sorted data.
        let values = [4.0, 1, 3, 2]
        #expect(Statistics.quantile(values, 0) == 1)
        #expect(Statistics.quantile(values, 1) == 4)
        #expect(Statistics.quantile(values, 0.25) == 1.75)
        #expect(Statistics.median(values) == 2.5)
        #expect(abs(Statistics.quantile(Array(1...101).map(Double.init), 0.95) - 96) < 1e-12)
        #expect(Statistics.quantiles(values, [0.5, 0.25]) == [2.5, 1.75])
    }

    @Test func correlationOfLinearlyRelatedSamplesIsOne() {
        let a = [1.0, 2, 3, 4, 5]
        #expect(abs(Statistics.correlation(a, a.map { 3 * $0 + 1 }) - 1) < 1e-12)
        #expect(abs(Statistics.correlation(a, a.map { -$0 }) + 1) < 1e-12)
    }

    @Test func quantileMatchesGSL() {
        let random = RandomSource(seed: 8)
        for n in [1, 2, 3, 10, 101, 1000] {
            var values = (0..<n).map { _ in (random.uniform(in: 0...10) * 4).rounded() / 4 }
            for q in [0, 0.1, 0.5, 0.95, 1] {
                let expected = Statistics.quantile(values, q)
                let got = values.withUnsafeMutableBufferPointer { Statistics.quantile(selectingIn: $0, q) }
                #expect(abs(got - expected) < 1e-12, "n \(n) q \(q)")
            }
        }
    }
}
