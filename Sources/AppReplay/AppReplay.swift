import Foundation
import Plumbing
import TestedApp

/// Runs the app's own code on simulated sensors: builds the driver for an app folder (once per content) and
/// replays runs through it, one process for all of them.
package struct AppReplay: Sendable {
    package let driver: DriverPackage
    /// Seconds the driver may run before it is stopped (a hang in the app's code).
    package var timeout: Double
    /// How the simulated ARKit, CoreMotion and SceneKit behave where Apple leaves it open (`--assume`, `--rates`).
    package var platform = SimulatedPlatform.default

    package init(appSource: String, cacheRoot: URL? = nil, timeout: Double = 120, platform: SimulatedPlatform = .default) throws {
        driver = try DriverPackage(app: try AppSourceFolder(path: appSource), cacheRoot: cacheRoot)
        self.timeout = timeout
        self.platform = platform
    }

    package var app: AppSourceFolder { driver.app }

    /// What each run returned, in order. Runs are split into consecutive groups of about equal length, one driver
    /// process each, at most one per core (up to 4): the results are the same whatever the split, since every run
    /// starts a fresh app (`Tests/AppReplayTests`: A, B, A in one process gives A twice, bit for bit).
    package func run(_ runs: [ReplayRun]) throws -> [ReplayResult] {
        let executable = try driver.build()
        let groups = Self.groups(runs.map(\.steps.count), count: min(4, ProcessInfo.processInfo.activeProcessorCount))
        return try Parallel.map(groups.count) { g in
            try run(Array(runs[groups[g]]), with: executable, firstRun: groups[g].lowerBound)
        }.flatMap { $0 }
    }

    /// The frames of each run, in order.
    package func replay(_ runs: [ReplayRun]) throws -> [[AppFrame]] {
        try run(runs).map(\.frames)
    }

    /// The scene graph after each returned display frame of each run, in order.
    package func replayScene(_ runs: [ReplayRun]) throws -> [[AppSceneFrame]] {
        var asked = runs
        for i in asked.indices { asked[i].sceneGraphs = true }
        return try run(asked).map { result in zip(result.frames, result.sceneGraphs).map { AppSceneFrame(t: $0.t, graph: $1) } }
    }

    /// Consecutive ranges of `sizes`' indices, at most `count`, each about an equal share of the total.
    static func groups(_ sizes: [Int], count: Int) -> [Range<Int>] {
        let total = sizes.reduce(0, +)
        guard count > 1, sizes.count > 1, total > 0 else { return sizes.isEmpty ? [] : [0..<sizes.count] }
        var groups: [Range<Int>] = [], start = 0, done = 0
        for (i, size) in sizes.enumerated() {
            done += size
            if done * count >= total * (groups.count + 1) || i == sizes.count - 1 {
                groups.append(start..<(i + 1))
                start = i + 1
            }
        }
        return groups
    }

    private func run(_ runs: [ReplayRun], with executable: URL, firstRun: Int) throws -> [ReplayResult] {
        let parsed = try runDriver(executable, script: ReplayScript.bytes(runs, on: platform)) { parsed in
            (parsed.lastFrame, Self.next(after: parsed, in: runs, firstRun: firstRun))
        }
        if let bad = parsed.malformed { throw AppReplayError.malformedOutput(record: bad) }
        guard parsed.runs.count == runs.count else { throw AppReplayError.malformedOutput(record: "\(parsed.runs.count) runs for \(runs.count)") }
        return parsed.runs
    }

    /// Runs the driver on `script` under the time limit and reads its records (also what it wrote before a time-out).
    /// A time-out, a crash or an exit before its end record is an `AppReplayError` that names the place `place` finds:
    /// the last frame written and what the driver was fed next.
    func runDriver(_ executable: URL, script: [UInt8],
                   place: (ReplayScript.Parsed) -> (lastFrame: Double?, next: String?)) throws -> ReplayScript.Parsed {
        let parse = { (output: Data) in ReplayScript.parse([UInt8](output)) }
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("parallax-replay-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let path = scratch.appendingPathComponent("script").path
        try AtomicFile.write(script, to: path)
        var environment = ProcessInfo.processInfo.environment
        environment["SWIFT_BACKTRACE"] = "enable=no"  // a crash is reported here, by signal and place
        let result: ChildProcessResult
        do {
            result = try ChildProcess.run(executable, arguments: [path], environment: environment, timeout: timeout)
        } catch let timeout as ChildProcessTimeout {
            let (lastFrame, next) = place(parse(timeout.stdout))
            throw AppReplayError.timedOut(seconds: timeout.seconds, lastFrame: lastFrame, nextEvent: next)
        }
        let parsed = parse(result.stdout)
        guard result.status == 0, parsed.done else {
            let how = result.status > 128 ? "crashed (signal \(result.status - 128)\(Self.signalName(result.status - 128)))"
                : "exited with status \(result.status)"
            let detail = result.stderrText.split(separator: "\n").first { $0.contains("Fatal error") || $0.contains("error") }.map(String.init) ?? ""
            let (lastFrame, next) = place(parsed)
            throw AppReplayError.driverFailed(how: how, lastFrame: lastFrame, nextEvent: next, detail: detail)
        }
        return parsed
    }

    /// What the driver was fed after its last frame; `firstRun`: the index of `runs[0]` among all the runs.
    static func next(after parsed: ReplayScript.Parsed, in runs: [ReplayRun], firstRun: Int) -> String? {
        guard !parsed.runs.isEmpty, parsed.runs.count <= runs.count else { return runs.first?.event(afterFrames: 0) }
        let event = runs[parsed.runs.count - 1].event(afterFrames: parsed.runs[parsed.runs.count - 1].frames.count)
        return runs.count > 1 || firstRun > 0 ? event.map { "\($0) of run \(firstRun + parsed.runs.count)" } : event
    }

    static func signalName(_ signal: Int32) -> String {
        switch signal {
        case SIGILL: return ", SIGILL: a Swift runtime trap"
        case SIGTRAP: return ", SIGTRAP: a Swift runtime trap"
        case SIGSEGV: return ", SIGSEGV"
        case SIGABRT: return ", SIGABRT"
        case SIGBUS: return ", SIGBUS"
        case SIGFPE: return ", SIGFPE"
        default: return ""
        }
    }
}
