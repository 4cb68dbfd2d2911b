import Foundation
import ParallaxTestSupport
import Reporting
import Testing
@testable import Harness
import Vocabulary

@Suite struct BaselineBandsTests {
    @Test func aSuiteOverridesBandsPerMetric() throws {
        let suite = try SuiteLoaderTests().load("baseline_bands:\n  lag_ms: {relative: 0.2, absolute: 2}\n")
        #expect(suite.baselineBands == ["lag_ms": NoiseBand(relative: 0.2, absolute: 2)])
        #expect(NoiseBand.band(for: "lag_ms", overrides: suite.baselineBands).width(around: 50) == 10)
        #expect(try SuiteLoaderTests().load("name: x\n").baselineBands.isEmpty)
    }

    @Test func negativeOrMissingBandPartsAreRefusedWithTheLine() {
        let negative = SuiteLoaderTests().error("name: x\nbaseline_bands:\n  lag_ms: {relative: -0.1, absolute: 2}\n")
        #expect(negative?.message.contains("baseline_bands.lag_ms: expected relative and absolute ≥ 0") == true, "\(String(describing: negative))")
        #expect(negative?.line != nil)
        #expect(SuiteLoaderTests().error("baseline_bands:\n  lag_ms: {relative: 0.1}\n") != nil)
    }
}
