import Foundation
import Geometry
import Smoothing
import Testing
import Tracking

@Suite struct OneEuroFilterTests {
    /// Paper variant on a ramp of speed v: the filtered value lags by L, so the derivative of the filtered
    /// signal reads (x − x̂_prev)/Te = v·(1 + L/Te); and an EMA's ramp lag is τ = Te(1 − α)/α. The steady
    /// state is the fixed point τ = 1/(2π·fc), fc = mincutoff + β·v·(1 + τ/Te), i.e. the positive root of
    /// 2πβv/Te·τ² + 2π(mincutoff + βv)·τ − 1 = 0.
    @Test func paperVariantRampLagIsTheFixedPoint() throws {
        let te = 1.0 / 60, minCutoff = 1.0, beta = 10.0, v = 0.2
        let a = 2 * Double.pi * beta * v / te, b = 2 * Double.pi * (minCutoff + beta * v), c = -1.0
        let tau = (-b + (b * b - 4 * a * c).squareRoot()) / (2 * a)
        #expect(abs(tau - 0.0260) < 0.00005)  // 26.0 ms
        let samples = TestSignals.ramp(seconds: 10, velocity: Vec3(v, 0, 0))
        let out = try TestSignals.run("one-euro:mincutoff=1,beta=10,dcutoff=1", samples)
        let lag = (samples.last!.position.x - out.last!.x) / v
        #expect(abs(lag - tau) < 1e-6, "lag \(lag)")
    }

    /// Legacy variant: the derivative is of the raw signal, v exactly, so fc = mincutoff + β·v = 3 Hz
    /// and τ = 1/(2π·3) = 53.1 ms.
    @Test func legacyVariantRampLag() throws {
        let tau = 1 / (2 * Double.pi * (1 + 10 * 0.2))
        #expect(abs(tau - 0.0531) < 0.00005)
        let samples = TestSignals.ramp(seconds: 10, velocity: Vec3(0.2, 0, 0))
        let out = try TestSignals.run("one-euro:mincutoff=1,beta=10,dcutoff=1,variant=legacy", samples)
        let lag = (samples.last!.position.x - out.last!.x) / 0.2
        #expect(abs(lag - tau) < 1e-6, "lag \(lag)")
    }

    /// speed=norm uses the 3D speed: a diagonal ramp of speed 0.2 m/s lags like a 1D ramp of 0.2 m/s
    /// (26.0 ms), while the per-axis default sees 0.2/√2 m/s on each axis and lags more.
    @Test func normSpeedUsesTheThreeDimensionalSpeed() throws {
        let te = 1.0 / 60, beta = 10.0
        func fixedPoint(_ v: Double) -> Double {
            let a = 2 * Double.pi * beta * v / te, b = 2 * Double.pi * (1 + beta * v)
            return (-b + (b * b + 4 * a).squareRoot()) / (2 * a)
        }
        let component = 0.2 / 2.0.squareRoot()
        let samples = TestSignals.ramp(seconds: 10, velocity: Vec3(component, component, 0))
        let norm = try TestSignals.run("one-euro:speed=norm", samples)
        let axis = try TestSignals.run("one-euro:speed=axis", samples)
        let normLag = (samples.last!.position.x - norm.last!.x) / component
        let axisLag = (samples.last!.position.x - axis.last!.x) / component
        #expect(abs(normLag - fixedPoint(0.2)) < 1e-6)
        #expect(abs(axisLag - fixedPoint(component)) < 1e-6)
    }

    /// Five samples with uneven timestamps, worked by hand from the formulas (mincutoff 1, β 10,
    /// dcutoff 1, paper variant): α(f, Te) = 1/(1 + 1/(2π·f·Te)).
    @Test func fiveUnevenSamplesByHand() throws {
        let t = [0.0, 0.015, 0.035, 0.050, 0.070]
        let x = [0.0, 0.010, 0.018, 0.030, 0.036]
        // k = 0: first output = input, derivative 0.                                   ŷ₀ = 0
        // k = 1: Te = 0.015; dx = (0.010 − 0)/0.015 = 0.666667; α_d = 1/(1 + 1/(2π·1·0.015)) = 0.0861302
        //        dx̂ = 0.0861302·0.666667 = 0.0574201; fc = 1 + 10·0.0574201 = 1.574201
        //        α = 1/(1 + 1/(2π·1.574201·0.015)) = 0.1291967; ŷ₁ = 0.1291967·0.010 = 0.00129197
        // k = 2: Te = 0.020; dx = (0.018 − 0.00129197)/0.020 = 0.835402; α_d = 0.1116352
        //        dx̂ = 0.0574201 + 0.1116352·(0.835402 − 0.0574201) = 0.144270; fc = 2.442703
        //        α = 0.2348651; ŷ₂ = 0.00129197 + 0.2348651·(0.018 − 0.00129197) = 0.00521610
        // k = 3: Te = 0.015; dx = (0.030 − 0.00521610)/0.015 = 1.652260; α_d = 0.0861302
        //        dx̂ = 0.144270 + 0.0861302·(1.652260 − 0.144270) = 0.274154; fc = 3.741537
        //        α = 0.2607004; ŷ₃ = 0.00521610 + 0.2607004·(0.030 − 0.00521610) = 0.01167727
        // k = 4: Te = 0.020; dx = (0.036 − 0.01167727)/0.020 = 1.216136; α_d = 0.1116352
        //        dx̂ = 0.274154 + 0.1116352·(1.216136 − 0.274154) = 0.379312; fc = 4.793121
        //        α = 0.3759055; ŷ₄ = 0.01167727 + 0.3759055·(0.036 − 0.01167727) = 0.02082032
        let expected = [0.0, 0.00129197, 0.00521610, 0.01167727, 0.02082032]
        let samples = (0..<5).map { HeadSample(t: t[$0], position: Vec3(x[$0], 0, 0.35)) }
        let out = try TestSignals.run("one-euro:mincutoff=1,beta=10,dcutoff=1", samples)
        for k in 0..<5 {
            #expect(abs(out[k].x - expected[k]) < 5e-9, "sample \(k): \(out[k].x) vs \(expected[k])")
            #expect(out[k].z == 0.35)
        }
    }

    /// A repeated timestamp keeps the last Te instead of dividing by zero.
    @Test func nonIncreasingTimestampKeepsThePreviousRate() throws {
        let samples = [HeadSample(t: 0, position: Vec3(0, 0, 0)), HeadSample(t: 0.02, position: Vec3(0.01, 0, 0)),
                       HeadSample(t: 0.02, position: Vec3(0.02, 0, 0))]
        let out = try TestSignals.run("one-euro", samples)
        #expect(out.allSatisfy { $0.isFinite })
        #expect(out[2].x > out[1].x && out[2].x < 0.02)
    }
}
