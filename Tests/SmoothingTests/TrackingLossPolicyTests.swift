import Foundation
import Geometry
import Smoothing
import Testing
import Tracking

@Suite struct TrackingLossPolicyTests {
    /// Moving at 0.2 m/s for 1 s, tracking lost for 0.5 s (the frozen last pose keeps coming, as in the
    /// app), reacquired 0.3 m further on and still.
    static func jumpTrace() -> (samples: [HeadSample], reacquired: Int, lostFrom: Int) {
        var samples: [HeadSample] = []
        let rate = 60.0
        for k in 0..<60 { samples.append(HeadSample(t: Double(k) / rate, position: Vec3(0.2 * Double(k) / rate, 0, 0.35))) }
        let frozen = samples.last!.position
        let lostFrom = samples.count
        for k in 60..<90 { samples.append(HeadSample(t: Double(k) / rate, position: frozen, tracked: false)) }
        let reacquired = samples.count
        let landing = frozen + Vec3(0.3, 0, 0)
        for k in 90..<150 { samples.append(HeadSample(t: Double(k) / rate, position: landing)) }
        return (samples, reacquired, lostFrom)
    }

    static let stateful = ["ema:alpha=0.25", "ema-time:tau=0.058", "one-euro:mincutoff=1,beta=10", "one-euro:variant=legacy,speed=norm",
                           "desp:alpha=0.5,predict=0.05", "kalman-cv", "kalman-cv:predict=0.03", "predict:horizon=0.03",
                           "one-euro:mincutoff=1,beta=10|predict:horizon=0.03"]

    /// freeze-and-reinit: the output holds still during the loss, and from the reacquired sample on it is
    /// exactly the new (still) position — no stale derivative or velocity from before the loss, and no
    /// velocity read from the 0.3 m jump.
    @Test(arguments: stateful)
    func freezeAndReinitHasNoTransient(spec: String) throws {
        let (samples, reacquired, lostFrom) = Self.jumpTrace()
        let stages = spec.split(separator: "|").map { $0.contains(":") ? "\($0),loss=freeze-and-reinit" : "\($0):loss=freeze-and-reinit" }
        let out = try TestSignals.run(stages.joined(separator: "|"), samples)
        for k in lostFrom..<reacquired { #expect(out[k] == out[lostFrom - 1], "\(spec): sample \(k) moved during the loss") }
        let landing = samples[reacquired].position
        for k in reacquired..<samples.count {
            #expect((out[k] - landing).length < 1e-12, "\(spec): sample \(k) off by \((out[k] - landing).length) m")
        }
    }

    /// hold (the app): filters with a derivative react to the jump — velocity-based ones overshoot the
    /// new position by millimetres, the per-sample EMA just converges. This is the transient that
    /// freeze-and-reinit removes.
    @Test(arguments: ["desp:alpha=0.5,predict=0.05", "kalman-cv", "predict:horizon=0.03", "one-euro:mincutoff=1,beta=10|predict:horizon=0.03"])
    func holdOvershootsAfterTheJump(spec: String) throws {
        let (samples, reacquired, _) = Self.jumpTrace()
        let stages = spec.split(separator: "|").map { $0.contains(":") ? "\($0),loss=hold" : "\($0):loss=hold" }
        let out = try TestSignals.run(stages.joined(separator: "|"), samples)
        let landing = samples[reacquired].position.x
        let overshoot = out[reacquired...].map { $0.x - landing }.max()!
        #expect(overshoot > 0.001, "\(spec): overshoot \(overshoot) m")
    }

    @Test func defaultsArePerFilter() throws {
        #expect(try SmootherSpec(parsing: "ema").description == "ema:alpha=0.25,loss=hold")
        #expect(try SmootherSpec(parsing: "ema-time").description.hasSuffix("loss=hold"))
        for name in ["one-euro", "desp", "kalman-cv", "predict"] {
            #expect(try SmootherSpec(parsing: name).description.hasSuffix("loss=freeze-and-reinit"))
        }
    }

    /// Before any tracked sample there is nothing to hold: samples pass through.
    @Test func untrackedStartPassesThrough() throws {
        let samples = [HeadSample(t: 0, position: Vec3(0.1, 0, 0.3), tracked: false), HeadSample(t: 0.02, position: Vec3(0.2, 0, 0.3))]
        let out = try TestSignals.run("one-euro", samples)
        #expect(out[0] == samples[0].position)
        #expect(out[1] == samples[1].position)
    }
}
