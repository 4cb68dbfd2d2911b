import Foundation
import Testing
@testable import Analysis
@testable import Smoothing

/// Head-to-photon latency: the filter's delay on steady motion against closed forms, the parts against the sum.
@Suite struct HeadToPhotonTests {
    @Test func theEMAsSteadyMotionLagIsItsClosedForm() throws {
        for alpha in [0.05, 0.25, 0.5, 0.9] {
            let spec = try SmootherSpec(parsing: "ema:alpha=\(alpha)")
            // (1 − α)/α samples at 60 Hz: α = 0.25 → 3 samples = 50 ms.
            #expect(abs(HeadToPhoton.filterLag(of: spec, rate: 60) - (1 - alpha) / alpha / 60) < 1e-9)
        }
        #expect(abs(HeadToPhoton.emaFilterLag(alpha: 0.25, rate: 60) - 0.05) < 1e-15)
    }

    @Test func aConstantVelocityKalmanHasNoSteadyLagAndAPredictorLeads() throws {
        #expect(abs(HeadToPhoton.filterLag(of: try SmootherSpec(parsing: "kalman-cv"), rate: 60)) < 1e-3)
        // An EMA followed by a 30 ms predictor: 50 ms − 30 ms on a ramp (the predictor extrapolates exactly on it).
        let predicted = HeadToPhoton.filterLag(of: try SmootherSpec(parsing: "ema:alpha=0.25|predict:horizon=0.03"), rate: 60)
        #expect(predicted < 0.05)
    }

    @Test func theMeanIsTheSumOfTheParts() {
        let model = HeadToPhoton.model(filterLag: 0.05)
        let times = (0..<600).map { Double($0) / 60 }
        let d = HeadToPhoton.distribution(model, times: times)
        // sensor 33 + filter 50 + hop 16.67 + hand-off and display 33.33 + mean wait 8.33 ms.
        let expected = 0.033 + 0.05 + 1.0 / 60 + 2.0 / 60 + 0.5 / 60
        #expect(abs(d.mean - expected) < 1e-12)
        #expect(abs(HeadToPhoton.parts(model).map(\.seconds).reduce(0, +) - expected) < 1e-12)
        // The wait is uniform over a frame: the largest value is the fixed part plus 31.5/32 of a frame.
        #expect(abs(d.max - (0.033 + 0.05 + 3.0 / 60 + 31.5 / 32 / 60)) < 1e-12)
    }
}
