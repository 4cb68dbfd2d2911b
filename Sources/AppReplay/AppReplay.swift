import Foundation
import Plumbing

/// Runs the app's own code on simulated sensors: builds the driver for an app folder (once per content) and
/// replays runs through it, one process for all of them.
package struct AppReplay: Sendable {
    package let driver: DriverPackage
    /// Seconds the driver may run before it is stopped (a hang in the app's code).
    package var timeout: Double

    package init(appSource: String, cacheRoot: URL? = nil, timeout: Double = 120) throws {
        driver = DriverPackage(app: try AppSourceFolder(path: appSource), cacheRoot: cacheRoot)
        self.timeout = timeout
    }

    package var app: AppSourceFolder { driver.app }

    /// The frames of each run, in order. Runs are split into consecutive groups of about equal length, one driver
    /// process each, at most one per core (up to 4): the frames are the same whatever the split, since every run
    /// starts a fresh app.
    package func replay(_ runs: [ReplayRun]) throws -> [[ReplayFrame]] {
        let executable = try driver.build()
        let groups = Self.groups(runs.map(\.steps.count), count: min(4, ProcessInfo.processInfo.activeProcessorCount))
        return try Parallel.map(groups.count) { g in
            try replay(Array(runs[groups[g]]), with: executable, firstRun: groups[g].lowerBound)
        }.flatMap { $0 }
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

    private func replay(_ runs: [ReplayRun], with executable: URL, firstRun: Int) throws -> [[ReplayFrame]] {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("parallax-replay-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let script = scratch.appendingPathComponent("script.txt")
        try AtomicFile.write(ReplayScript.text(runs), to: script.path)
        var environment = ProcessInfo.processInfo.environment
        environment["SWIFT_BACKTRACE"] = "enable=no"  // a crash is reported here, by signal and place
        let result: ChildProcessResult
        do {
            result = try ChildProcess.run(executable, arguments: [script.path], environment: environment, timeout: timeout)
        } catch let timeout as ChildProcessTimeout {
            let parsed = Self.parse(String(decoding: timeout.stdout, as: UTF8.self))
            throw AppReplayError.timedOut(seconds: timeout.seconds, lastFrame: parsed.lastFrame, nextEvent: Self.next(after: parsed, in: runs, firstRun: firstRun))
        }
        let parsed = Self.parse(result.stdoutText)
        guard result.status == 0, parsed.done else {
            let how = result.status > 128 ? "crashed (signal \(result.status - 128)\(Self.signalName(result.status - 128)))"
                : "exited with status \(result.status)"
            let detail = result.stderrText.split(separator: "\n").first { $0.contains("Fatal error") || $0.contains("error") }.map(String.init) ?? ""
            throw AppReplayError.driverFailed(how: how, lastFrame: parsed.lastFrame, nextEvent: Self.next(after: parsed, in: runs, firstRun: firstRun), detail: detail)
        }
        if let bad = parsed.malformed { throw AppReplayError.malformedOutput(line: bad) }
        return parsed.runs
    }

    struct Parsed {
        var runs: [[ReplayFrame]] = []
        var done = false
        var malformed: String?
        var lastFrame: Double? { runs.last?.last?.t }
    }

    static func parse(_ output: String) -> Parsed {
        var parsed = Parsed()
        for line in output.split(separator: "\n") {
            if line.hasPrefix("run ") {
                parsed.runs.append([])
            } else if line == "done" {
                parsed.done = true
            } else if let frame = ReplayFrame(driverLine: line), !parsed.runs.isEmpty {
                parsed.runs[parsed.runs.count - 1].append(frame)
            } else if parsed.malformed == nil {
                parsed.malformed = String(line)
            }
        }
        return parsed
    }

    /// What the driver was fed after its last frame; `firstRun`: the index of `runs[0]` among all the runs.
    static func next(after parsed: Parsed, in runs: [ReplayRun], firstRun: Int) -> String? {
        guard !parsed.runs.isEmpty, parsed.runs.count <= runs.count else { return runs.first?.event(afterFrames: 0) }
        let event = runs[parsed.runs.count - 1].event(afterFrames: parsed.runs[parsed.runs.count - 1].count)
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
