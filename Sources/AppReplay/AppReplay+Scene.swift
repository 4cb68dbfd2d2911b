import Foundation
import Plumbing

extension AppReplay {
    /// The scene graph after each sampled display frame of each run, in order (the scene driver,
    /// AppInTheLoop/SceneDriver: one process for all runs; its text protocol is `SceneScript`).
    package func replayScene(_ runs: [ReplayRun]) throws -> [[AppSceneFrame]] {
        precondition(driver.driver == .scene, "replayScene(_:) needs the scene driver")
        let executable = try driver.build()
        let parsed = try runDriver(executable, script: Array(SceneScript.text(runs).utf8),
                                   parse: { SceneScript.parse(String(decoding: $0, as: UTF8.self)) }, done: \.done) { parsed in
            (parsed.runs.last?.last?.t, SceneScript.next(after: parsed.runs, in: runs))
        }
        if let bad = parsed.malformed { throw AppReplayError.malformedOutput(record: bad) }
        return parsed.runs
    }
}

/// The scene driver's text protocol (AppInTheLoop/SceneDriver/main.swift reads and writes it). In: `parallax-app-scene 1`,
/// then per run `run MACHINE W H` and its steps — `sample`/`feed` with t, the anchor x y z, tracked, the attitude
/// w x y z and the rotation rate x y z; `press`; `event NAME [VALUE]` — and `end`. Out: `run k`, per sample
/// `s t JSON` (the stand-in's SCNSceneRecord), `done`.
enum SceneScript {
    static let header = "parallax-app-scene 1"

    static func text(_ runs: [ReplayRun]) -> String {
        var lines = [header]
        for run in runs {
            lines.append("run \(run.device.machine) \(run.device.nativeWidth) \(run.device.nativeHeight)")
            for step in run.steps {
                let s: SensorSample, keyword: String
                switch step {
                case .sample(let sample): (s, keyword) = (sample, "sample")
                case .feed(let sample): (s, keyword) = (sample, "feed")
                case .pressReset:
                    lines.append("press")
                    continue
                case .scene(let event):
                    lines.append("event \(event.name.rawValue)" + (event.value.map { " \($0)" } ?? ""))
                    continue
                }
                let values = [s.t, s.anchor.x, s.anchor.y, s.anchor.z, s.tracked ? 1 : 0,
                              s.attitude.w, s.attitude.x, s.attitude.y, s.attitude.z,
                              s.rotationRate.x, s.rotationRate.y, s.rotationRate.z]
                lines.append(keyword + " " + values.map { "\($0)" }.joined(separator: " "))
            }
        }
        lines.append("end")
        return lines.joined(separator: "\n") + "\n"
    }

    struct Parsed {
        var runs: [[AppSceneFrame]] = []
        var done = false
        var malformed: String?
    }

    static func parse(_ output: String) -> Parsed {
        var parsed = Parsed()
        for line in output.split(separator: "\n") {
            if line.hasPrefix("run ") {
                parsed.runs.append([])
            } else if line == "done" {
                parsed.done = true
            } else if let frame = AppSceneFrame(driverLine: line), !parsed.runs.isEmpty {
                parsed.runs[parsed.runs.count - 1].append(frame)
            } else if parsed.malformed == nil {
                parsed.malformed = String(line.prefix(200))
            }
        }
        return parsed
    }

    /// What the driver was fed after its last frame, for a crash or time-out message.
    static func next(after frames: [[AppSceneFrame]], in runs: [ReplayRun]) -> String? {
        guard !frames.isEmpty, frames.count <= runs.count else { return runs.first?.event(afterFrames: 0) }
        let event = runs[frames.count - 1].event(afterFrames: frames[frames.count - 1].count)
        return runs.count > 1 ? event.map { "\($0) of run \(frames.count)" } : event
    }
}
