import Analysis
import AppReplay
import Geometry
import TestedApp

/// What the app's own code computed on one audit case under one ARKit hypothesis.
package struct AppCodeEvidence: Sendable {
    /// The eye per sample, before the hand-off delay (the model's `HeadPipeline.update`).
    package var eyes: [Vec3]
    /// The reset button pressed twice at a sample without moving (recenter-idempotent), without and with that
    /// first press.
    package var recenters: [RecenterPress]
    package var recentersAfterReset: [RecenterPress]
    /// The model against these values (`AppCodeConformance`).
    package var conformance: AppCodeConformance.Case
    /// The app's delay on steady motion at the case's rate: its replay of the ramp (`HeadToPhoton.rampRun`), s — the
    /// latency's filter part, whatever filter the code has.
    package var filterLag: Double

    package func recenters(afterReset: Bool) -> [RecenterPress] { afterReset ? recentersAfterReset : recenters }
}

/// The eyes around two presses of the reset button at sample `index`: that sample's frame, then the same sample
/// fed again after one press and after a second.
package struct RecenterPress: Sendable {
    package var index: Int
    package var before: Vec3
    package var once: Vec3
    package var twice: Vec3
}

/// `parallax audit --app-source`: the app's own code replayed on every cube case (the code path the replay drives)
/// under each hypothesis — straight through, and once per recenter instant without and with the Reset of
/// `after_reset`; the model checked against the straight runs (`AppCodeConformance`). The checks that run the whole
/// shipped pipeline then read the app's values (`AuditCase.appCode(for:)`); the checks that isolate one behaviour
/// stay models (the app's code has all of them at once), and so do fixes.
package enum AppCodeAudit {
    /// The samples where recenter-idempotent presses the button with the app's code: the first at or after 1 s,
    /// 2 s, 4 s, 8 s, … — early (an origin just set) and later, each press a replay of the trace up to it.
    package static func pressIndices(_ times: [Double]) -> [Int] {
        guard let start = times.first else { return [] }
        var indices: [Int] = [], offset = 1.0
        while let i = times.firstIndex(where: { $0 - start >= offset }) {
            if indices.last != i { indices.append(i) }
            offset *= 2
        }
        return indices
    }

    /// The steps of a run: every sample (the frames of `returned` given back, the others only fed), the reset button
    /// pressed before the sample at `reset`, and two presses after sample `pair` with that sample fed again after each.
    static func steps(_ samples: [SensorSample], reset: Int?, pair: Int? = nil) -> [ReplayRun.Step] {
        var steps: [ReplayRun.Step] = []
        for (i, sample) in samples.enumerated() {
            if let pair, i > pair { break }
            if i == reset { steps.append(.pressReset) }
            steps.append(pair == nil || i == pair ? .sample(sample) : .feed(sample))
        }
        if let pair {
            steps += [.pressReset, .sample(samples[pair]), .pressReset, .sample(samples[pair])]
        }
        return steps
    }

    package static func attach(_ replay: AppReplay, to cases: inout [AuditCase], hypotheses: [ARKitFrame]) throws {
        struct Planned {
            var caseIndex: Int, frame: ARKitFrame, inputs: SensorStream, presses: [Int], afterReset: [Int], firstRun: Int, rate: Double
        }
        var planned: [Planned] = [], runs: [ReplayRun] = []
        for (k, audit) in cases.enumerated() where audit.mode == .cube {
            let device = try SimulatedDevice(screen: audit.screen)
            let reset = audit.pressingReset().resetIndex
            for frame in hypotheses {
                let inputs = try SensorStream(traceName: audit.traceName, trace: audit.trace, arkitFrame: frame)
                let presses = pressIndices(inputs.samples.map(\.t))
                let afterReset = reset.map { r in presses.filter { $0 >= r } } ?? []
                let rate = HeadToPhoton.rate(times: audit.times)
                planned.append(Planned(caseIndex: k, frame: frame, inputs: inputs, presses: presses, afterReset: afterReset, firstRun: runs.count,
                                       rate: rate))
                runs.append(ReplayRun(device: device, steps: steps(inputs.samples, reset: nil)))
                runs += presses.map { ReplayRun(device: device, steps: steps(inputs.samples, reset: nil, pair: $0)) }
                runs += afterReset.map { ReplayRun(device: device, steps: steps(inputs.samples, reset: reset, pair: $0)) }
                let ramp = HeadToPhoton.rampRun(screen: audit.screen, settings: nil, rate: rate)
                runs.append(ReplayRun(device: device, samples: ramp.samples, firstReturned: ramp.firstReturned))
            }
        }
        let frames = try replay.replay(runs)
        for plan in planned {
            let straight = frames[plan.firstRun]
            func pressed(_ indices: [Int], from first: Int) -> [RecenterPress] {
                indices.enumerated().map { n, i in
                    let run = frames[first + n]
                    return RecenterPress(index: i, before: run[0].eye, once: run[1].eye, twice: run[2].eye)
                }
            }
            let conformance = try AppCodeConformance.compare(straight, with: plan.inputs, screen: cases[plan.caseIndex].screen,
                                                             arkitFrame: plan.frame, presses: [])
            cases[plan.caseIndex].appCode[plan.frame] = AppCodeEvidence(
                eyes: straight.map(\.eye),
                recenters: pressed(plan.presses, from: plan.firstRun + 1),
                recentersAfterReset: pressed(plan.afterReset, from: plan.firstRun + 1 + plan.presses.count),
                conformance: conformance,
                filterLag: HeadToPhoton.filterLag(ramp: frames[plan.firstRun + 1 + plan.presses.count + plan.afterReset.count], rate: plan.rate))
        }
    }

    /// The conformance over every replayed case and hypothesis, in case order.
    package static func conformance(_ replay: AppReplay, cases: [AuditCase]) -> AppCodeConformance {
        let checked = cases.flatMap { audit in ARKitFrame.allCases.compactMap { audit.appCode[$0]?.conformance } }
        return AppCodeConformance(appSourcePath: replay.app.path, appSourceHash: replay.app.hash, cases: checked)
    }
}
