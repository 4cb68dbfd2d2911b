import AppReplay
import Geometry

/// What the app's own code computed on one audit case under one ARKit hypothesis.
package struct AppCodeEvidence: Sendable {
    /// The eye per sample, before the hand-off delay (the model's `HeadPipeline.update`).
    package var eyes: [Vec3]
    /// The reset button pressed twice at a sample without moving (recenter-idempotent).
    package var recenters: [RecenterPress]
    /// The model against these values (`AppCodeConformance`).
    package var conformance: AppCodeConformance.Case
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
/// under each hypothesis, once straight through and once per recenter instant; the model checked against the
/// straight runs (`AppCodeConformance`). The checks that run the whole shipped pipeline then read the app's
/// values (`AuditCase.appCode(for:)`); the checks that isolate one behaviour stay models (the app's code has all
/// of them at once), and so do fixes.
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

    package static func attach(_ replay: AppReplay, to cases: inout [AuditCase], hypotheses: [ARKitFrame]) throws {
        struct Planned { var caseIndex: Int; var frame: ARKitFrame; var inputs: AppCodeInputs; var presses: [Int]; var firstRun: Int }
        var planned: [Planned] = [], runs: [ReplayRun] = []
        for (k, audit) in cases.enumerated() where audit.mode == .cube {
            let device = try AppCodeInputs.device(for: audit.screen)
            for frame in hypotheses {
                let inputs = try AppCodeInputs(traceName: audit.traceName, trace: audit.trace, arkitFrame: frame)
                let presses = pressIndices(inputs.samples.map(\.t))
                planned.append(Planned(caseIndex: k, frame: frame, inputs: inputs, presses: presses, firstRun: runs.count))
                runs.append(ReplayRun(device: device, samples: inputs.samples))
                for i in presses {
                    let prefix = inputs.samples[..<i].map { ReplayRun.Step.feed($0) }
                    let again = ReplayRun.Step.sample(inputs.samples[i])
                    runs.append(ReplayRun(device: device, steps: prefix + [again, .pressReset, again, .pressReset, again]))
                }
            }
        }
        let frames = try replay.replay(runs)
        for plan in planned {
            let straight = frames[plan.firstRun]
            let recenters = plan.presses.enumerated().map { n, i in
                let run = frames[plan.firstRun + 1 + n]
                return RecenterPress(index: i, before: run[0].eye, once: run[1].eye, twice: run[2].eye)
            }
            let conformance = try AppCodeConformance.compare(straight, with: plan.inputs, screen: cases[plan.caseIndex].screen,
                                                             arkitFrame: plan.frame, presses: [])
            cases[plan.caseIndex].appCode[plan.frame] = AppCodeEvidence(eyes: straight.map(\.eye), recenters: recenters, conformance: conformance)
        }
    }

    /// The conformance over every replayed case and hypothesis, in case order.
    package static func conformance(_ replay: AppReplay, cases: [AuditCase]) -> AppCodeConformance {
        let checked = cases.flatMap { audit in ARKitFrame.allCases.compactMap { audit.appCode[$0]?.conformance } }
        return AppCodeConformance(appSourcePath: replay.app.path, appSourceHash: replay.app.hash, cases: checked)
    }
}
