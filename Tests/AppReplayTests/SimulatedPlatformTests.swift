import AppReplay
import Foundation
import Geometry
import ParallaxTestSupport
import Plumbing
import TestedApp
import Testing
import Vocabulary

/// The simulated platform's entries (`--assume`, `--rates`): the schedule each makes (hand-listed), and what each
/// changes in the sample app's own code (closed forms on its EMA of weight 0.5, SampleApp/README.md).
@Suite(.serialized) struct SimulatedPlatformTests {
    static let tolerance = NumericTolerance<Double>(absolute: 1e-6, relative: 1e-5)

    static func sample(_ t: Double, x: Double, tracked: Bool = true) -> SensorSample {
        SensorSample(t: t, anchor: Vec3(x, 0, 0.4), tracked: tracked, attitude: .identity, rotationRate: Vec3(0, 0, 0))
    }

    static func platform(_ assumptions: String..., rates: String? = nil) throws -> SimulatedPlatform {
        try SimulatedPlatform(assuming: assumptions, rates: rates.map(SensorRates.init(parsing:)))
    }

    /// The camera a sample made without one holds: the phone upright in a world that never turned.
    static let camera = GravityFrameReport.sensorToScreen

    /// The anchor calls of a schedule, as (t, call, tracked).
    static func calls(_ events: [DeliverySchedule.Event]) -> [String] {
        events.compactMap {
            guard case let .anchor(t, p, tracked, call, _, _) = $0 else { return nil }
            return "\(call) \(NumberText.format(t)) \(NumberText.format(p.x))\(tracked ? "" : " lost")"
        }
    }

    // MARK: the schedule

    @Test func withoutRatesEachSampleIsAnAnchorAMotionAFrameAndARead() throws {
        let run = ReplayRun(device: SampleApp.device, steps: [.feed(Self.sample(0, x: 1)), .pressReset, .sample(Self.sample(0.5, x: 2))])
        let events = DeliverySchedule.events(run, on: try Self.platform("arkit-first-delivery=did-update"))
        #expect(events == [
            .anchor(t: 0, position: Vec3(1, 0, 0.4), tracked: true, call: .update, camera: Self.camera, orientation: .identity), .motion(t: 0, attitude: .identity, rotationRate: Vec3(0, 0, 0)),
            .display(t: 0), .pressReset,
            .anchor(t: 0.5, position: Vec3(2, 0, 0.4), tracked: true, call: .update, camera: Self.camera, orientation: .identity), .motion(t: 0.5, attitude: .identity, rotationRate: Vec3(0, 0, 0)),
            .display(t: 0.5), .read(t: 0.5),
        ])
    }

    @Test func theFaceIsAddedWhenFirstSeenAndUpdatedFromThenOn() throws {
        // Apple: the session adds a face anchor when it detects a face. Before the first tracked sample there is
        // no anchor to deliver; a run that starts tracked was detected one ARKit frame before its first sample.
        let samples = [Self.sample(0, x: 9, tracked: false), Self.sample(1, x: 1), Self.sample(2, x: 2), Self.sample(3, x: 3, tracked: false), Self.sample(4, x: 4)]
        let run = ReplayRun(device: SampleApp.device, samples: samples)
        #expect(Self.calls(DeliverySchedule.events(run, on: .default)) == ["add 1 1", "update 2 2", "update 3 3 lost", "update 4 4"])
        #expect(Self.calls(DeliverySchedule.events(run, on: try Self.platform("arkit-first-delivery=did-update")))
                == ["update 0 9 lost", "update 1 1", "update 2 2", "update 3 3 lost", "update 4 4"])
        #expect(Self.calls(DeliverySchedule.events(run, on: try Self.platform("arkit-loss=removed")))
                == ["add 1 1", "update 2 2", "remove 3 2 lost", "add 4 4"])
        #expect(Self.calls(DeliverySchedule.events(run, on: try Self.platform("arkit-axes=mirrored"))) == ["add 1 -1", "update 2 -2", "update 3 -3 lost", "update 4 -4"])
        let tracked = ReplayRun(device: SampleApp.device, samples: Array(samples[1...2]))
        #expect(Self.calls(DeliverySchedule.events(tracked, on: .default)) == ["add \(NumberText.format(1 - 1.0 / 60)) 1", "update 1 1", "update 2 2"])
    }

    @Test func ratesDeliverEachStreamOnItsOwnGridInterpolatedBetweenSamples() throws {
        // Samples every 0.1 s on a ramp x = t; ARKit at 4 Hz from a phase of 0.05 s, motion and display at 10 Hz.
        let samples = (0...10).map { Self.sample(Double($0) / 10, x: Double($0) / 10) }
        let run = ReplayRun(device: SampleApp.device, samples: samples)
        let platform = try Self.platform("arkit-first-delivery=did-update", rates: "arkit=4@0.05,motion=10,display=10")
        let events = DeliverySchedule.events(run, on: platform)
        #expect(Self.calls(events) == ["update 0.05 0.05", "update 0.3 0.3", "update 0.55 0.55", "update 0.8 0.8"])
        #expect(events.filter { if case .display = $0 { return true } else { return false } }.count == 11)
        #expect(events.filter { if case .read = $0 { return true } else { return false } }.count == 11)
        // Every event comes no later than the read that follows it.
        var last = -1.0
        for event in events {
            switch event {
            case .anchor(let t, _, _, _, _, _), .motion(let t, _, _), .display(let t), .read(let t):
                #expect(t >= last - 1e-12)
                last = t
            default: break
            }
        }
    }

    @Test func aSampleFedAgainIsDeliveredAgainOnEveryStream() throws {
        // recenter-idempotent presses the button twice at one sample, feeding it again after each press: each feed is
        // a frame of its own, whatever the rates.
        let s = Self.sample(0.1, x: 1)
        let run = ReplayRun(device: SampleApp.device, steps: [.sample(Self.sample(0, x: 0)), .sample(s), .pressReset, .sample(s)])
        let events = DeliverySchedule.events(run, on: try Self.platform("arkit-first-delivery=did-update", rates: "display=120"))
        let afterPress = events.split(separator: .pressReset).last.map(Array.init) ?? []
        #expect(afterPress == [.anchor(t: 0.1, position: Vec3(1, 0, 0.4), tracked: true, call: .update, camera: Self.camera, orientation: .identity),
                               .motion(t: 0.1, attitude: .identity, rotationRate: Vec3(0, 0, 0)), .display(t: 0.1), .read(t: 0.1)])
    }

    @Test func assumptionsAndRatesParseAndBadOnesNameTheField() throws {
        let platform = try Self.platform("arkit-loss=removed", "scenekit-euler=rz-ry-rx", rates: "motion=52.6@0.004")
        #expect(platform.faceLoss == .removed && platform.eulerComposition == .rollYawPitch)
        #expect(platform.rates == SensorRates(motion: .init(hz: 52.6, phase: 0.004)))
        #expect(platform.assumptions == ["arkit-loss=removed", "scenekit-euler=rz-ry-rx", "sensor-rates=motion=52.6@0.004"])
        #expect(SimulatedPlatform.default.assumptions.isEmpty)
        for bad in ["arkit-loss", "arkit-loss=gone", "euler=rx-ry-rz"] {
            #expect(throws: FieldError.self) { try Self.platform(bad) }
        }
        for bad in ["arkit=0", "arkit=60,arkit=30", "motion=60@0.02", "gyro=100", "display=abc"] {
            #expect(throws: FieldError.self) { try SensorRates(parsing: bad) }
        }
    }

    // MARK: the sample app's code under each

    func replay(_ samples: [SensorSample], on platform: SimulatedPlatform) throws -> [AppFrame] {
        var replay = try SampleApp.replay()
        replay.platform = platform
        return try replay.replay([ReplayRun(device: SampleApp.device, samples: samples)])[0]
    }

    @Test func underDidAddFirstTheFirstSmoothedSampleIsOneUpdateLater() throws {
        // The face first detected at sample 3 arrives by didAdd, which the app (didUpdate only) misses: its EMA
        // starts from sample 4 (an EMA's first output is its input), and frames 0–3 show the tracker as built. Under
        // did-update the same sample is smoothed at once. A run tracked from its start gives both the same frames.
        let samples = (0..<7).map { i in Self.sample(Double(i) / 60, x: 0.01 * Double(i + 1), tracked: i >= 3) }
        let added = try replay(samples, on: .default)
        let updated = try replay(samples, on: try Self.platform("arkit-first-delivery=did-update"))
        for i in 0...3 { #expect(added[i].head.x == 0 && added[i].head.z == 0.5, "did-add: frame \(i) shows HeadPosition.zero") }
        expectClose(added[4].head.x, 0.05, within: Self.tolerance, "did-add: frame 4 is sample 4")
        expectClose(added[5].head.x, 0.5 * 0.06 + 0.5 * 0.05, within: Self.tolerance, "did-add: frame 5")
        // did-update (the old simulation): every sample from the first reaches the app, lost ones too.
        var ema = 0.01
        for i in 1...6 { ema = 0.5 * 0.01 * Double(i + 1) + 0.5 * ema }
        expectClose(updated[6].head.x, ema, within: Self.tolerance, "did-update: the EMA over every sample")
        let fromStart = Array(samples[3...])
        #expect(try replay(fromStart, on: .default) == replay(fromStart, on: try Self.platform("arkit-first-delivery=did-update")))
    }

    @Test func anEMAAdvancedAt52_6HzLagsOneMinusAlphaOverAlphaUpdatesOnARamp() throws {
        // A ramp x = v·t sampled at 60 Hz; ARKit delivers at 52.6 Hz (interpolated: x = v·τ exactly). After the
        // transient the EMA of weight α at update k is v·(τ_k − L), L = (1 − α)/α / 52.6 s; a frame shows the last
        // update at or before it. At 60 Hz the same EMA lags (1 − α)/α / 60 s.
        let v = 0.1, alpha = 0.5
        let samples = (0..<240).map { Self.sample(Double($0) / 60, x: v * Double($0) / 60) }
        let slow = try replay(samples, on: try Self.platform(rates: "arkit=52.6"))
        let lag = (1 - alpha) / alpha / 52.6
        for (i, frame) in slow.enumerated() where i >= 60 {
            let t = Double(i) / 60
            let lastUpdate = (t * 52.6 + 1e-9).rounded(.down) / 52.6
            expectClose(frame.head.x / v, lastUpdate - lag, within: NumericTolerance(absolute: 2e-6), "52.6 Hz: frame \(i)")
        }
        let fast = try replay(samples, on: .default)
        for (i, frame) in fast.enumerated() where i >= 60 {
            expectClose(frame.head.x / v, Double(i) / 60 - (1 - alpha) / alpha / 60, within: NumericTolerance(absolute: 2e-6), "60 Hz: frame \(i)")
        }
    }

    @Test func underRemovalTheAppHearsNothingWhileLostAndMissesTheReturn() throws {
        // Tracked at x = 0.01 for 5 samples, lost for 5 (the trace holds x = 0.05), back at x = 0.09.
        let xs: [Double] = Array(repeating: 0.01, count: 5) + Array(repeating: 0.05, count: 5) + Array(repeating: 0.09, count: 5)
        let samples = xs.enumerated().map { i, x in Self.sample(Double(i) / 60, x: x, tracked: i < 5 || i >= 10) }
        let removed = try replay(samples, on: try Self.platform("arkit-loss=removed"))
        let frozen = try replay(samples, on: .default)
        // didAdd at frame 0 passes the app by: frames 1–4 hold 0.01; then nothing until the return's didAdd (passed
        // by too); frame 11's update moves the EMA on from 0.01: 0.5·0.09 + 0.5·0.01.
        for i in 5...10 { #expect(removed[i].head.x == removed[4].head.x, "removed: frame \(i) holds the last update") }
        expectClose(removed[4].head.x, 0.01, within: Self.tolerance, "removed: before the loss")
        expectClose(removed[11].head.x, 0.05, within: Self.tolerance, "removed: the first update after the return")
        #expect(frozen[5].head.x > frozen[4].head.x, "frozen: the lost samples still reach the app")
    }

    @Test func theAttitudeProductDecidesWhetherAYawedLaunchTurnsPitchIntoRoll() throws {
        // Launch attitude Rz(0.4) (a yaw), then Rz(0.4)·Rx(0.3). reference⁻¹·q = Rx(0.3): pitch 0.3, roll 0.
        // q·reference⁻¹ = a turn of 0.3 about (cos 0.4, sin 0.4, 0): pitch asin(sin 0.3·cos 0.4), roll
        // atan(tan 0.3·sin 0.4). The sample app's tilt offset is (0.1·roll, −0.1·pitch) through an EMA of 0.5.
        let launch = Quaternion(axis: Vec3(0, 0, 1), angle: 0.4)
        let turned = launch * Quaternion(axis: Vec3(1, 0, 0), angle: 0.3)
        let samples = (0..<20).map { i in
            SensorSample(t: Double(i) / 60, anchor: Vec3(0, 0, 0.4), tracked: true, attitude: i == 0 ? launch : turned, rotationRate: Vec3(0, 0, 0))
        }
        let first = try replay(samples, on: .default).last!
        let last = try replay(samples, on: try Self.platform("attitude-product=inverse-last")).last!
        let settled = NumericTolerance<Double>(absolute: 1e-5)
        expectClose(first.tiltOffset.x, 0, within: settled, "inverse-first: no roll")
        expectClose(first.tiltOffset.y, -0.1 * 0.3, within: settled, "inverse-first: pitch 0.3")
        expectClose(last.tiltOffset.x, 0.1 * atan(tan(0.3) * sin(0.4)), within: settled, "inverse-last: roll")
        expectClose(last.tiltOffset.y, -0.1 * asin(sin(0.3) * cos(0.4)), within: settled, "inverse-last: pitch")
    }
}
