import ParallaxTestSupport
import Testing

@Suite struct NumericToleranceTests {
    @Test func absoluteBoundIsInclusive() {
        let tolerance = NumericTolerance<Double>.absolute(0.5)
        #expect(tolerance.accepts(10.5, 10) && tolerance.accepts(9.5, 10))
        #expect(!tolerance.accepts(10.5000001, 10) && !tolerance.accepts(9.4999999, 10))
    }

    @Test func relativeBoundScalesWithTheExpectedValueOnly() {
        let tolerance = NumericTolerance<Double>.relative(0.25)
        #expect(tolerance.accepts(125, 100) && !tolerance.accepts(126, 100))
        // 100 vs expected 125: |Δ| = 25 ≤ 0.25·125 = 31.25; vs expected 80: |Δ| = 20 = 0.25·80.
        #expect(tolerance.accepts(100, 125) && tolerance.accepts(100, 80) && !tolerance.accepts(101, 80))
        #expect(tolerance.accepts(0, 0) && !tolerance.accepts(1e-300, 0))
    }

    @Test func combinedBoundIsTheLargerOfTheTwo() {
        // max(1e-3, 1e-3·|b|): the absolute part below |b| = 1, the relative part above.
        let tolerance = NumericTolerance<Double>(absolute: 1e-3, relative: 1e-3)
        #expect(tolerance.bound(around: 0.5) == 1e-3 && tolerance.bound(around: -4) == 4e-3)
        #expect(tolerance.accepts(0.5009, 0.5) && !tolerance.accepts(0.5011, 0.5))
        #expect(tolerance.accepts(-4.0039, -4) && !tolerance.accepts(-4.0041, -4))
    }

    @Test func nanAndInfinityAreNeverClose() {
        let loose = NumericTolerance<Double>.absolute(1e300)
        #expect(!loose.accepts(.nan, 0) && !loose.accepts(0, .nan) && !loose.accepts(.infinity, 0))
        #expect(!isClose(Double.infinity, .infinity, within: loose))  // ∞ − ∞ is NaN
    }

    @Test func floatValuesAreComparedInFloat() {
        // 1 + 2⁻²³ is the next Float after 1: one ulp apart passes a one-ulp tolerance and fails half of it.
        let ulp = Float(1).ulp
        #expect(isClose(Float(1) + ulp, 1, within: .absolute(ulp)))
        #expect(!isClose(Float(1) + ulp, 1, within: .absolute(ulp / 2)))
    }

    @Test func descriptionsStateTheTolerance() {
        #expect(NumericTolerance<Double>.absolute(0.5).description == "±0.5")
        #expect(NumericTolerance<Double>.relative(0.25).description == "±0.25·|expected|")
        #expect(NumericTolerance<Double>(absolute: 0.5, relative: 0.25).description == "±max(0.5, 0.25·|expected|)")
    }

    @Test func failureMessagesPrintBothValuesAndTheTolerance() {
        #expect(closenessFailure(1.5, 1.25, within: .absolute(0.125), "scalar")
                == "scalar: actual 1.5 vs expected 1.25: difference 0.25 exceeds tolerance ±0.125")
        #expect(closenessFailure([1.0, 2.0, 3.0], [1.0, 2.5, 2.0], within: .absolute(0.25), "array")
                == "array: 2 of 3 elements outside the tolerance; worst at [2]: actual 3.0 vs expected 2.0: difference 1.0 exceeds tolerance ±0.25")
        #expect(closenessFailure([1.0], [1.0, 2.0], within: .absolute(0.25), "counts") == "counts: count 1 ≠ expected count 2")
        #expect(closenessFailure(1.0, 1.0, within: .absolute(0)) == nil)
    }

    @Test func passingComparisonsRecordNothing() {
        // Any recorded issue would fail this test.
        expectClose(1.0 + 1e-12, 1.0, within: .relative(1e-11))
        expectClose([Float(0.5), 2], [0.5, 2], within: .absolute(0))
        expectClose([Double](), [], within: .absolute(0))
    }
}
