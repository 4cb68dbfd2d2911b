import Foundation
import Plumbing

/// Runs the app's own code on simulated sensors: builds the driver for an app folder (once per content) and
/// replays runs through it, one process for all of them.
package struct AppReplay: Sendable {
    package let driver: DriverPackage
    /// Seconds the driver may run before it is stopped (a hang in the app's code).
    package var timeout: Double

    /// `driver`: `.scene` replays the cube scene too (`replayScene`), and needs the folder's scene files.
    package init(appSource: String, driver kind: DriverPackage.Driver = .head, cacheRoot: URL? = nil, timeout: Double = 120) throws {
        driver = DriverPackage(app: try AppSourceFolder(path: appSource, scene: kind == .scene), driver: kind, cacheRoot: cacheRoot)
        self.timeout = timeout
    }

    package var app: AppSourceFolder { driver.app }

    /// The frames of each run, in order. Runs are split into consecutive groups of about equal length, one driver
    /// process each, at most one per core (up to 4): the frames are the same whatever the split, since every run
    /// starts a fresh app.
    package func replay(_ runs: [ReplayRun]) throws -> [[ReplayFrame]] {
        precondition(driver.driver == .head, "replay(_:) reads the head driver's frames; the scene driver's are replayScene(_:)")
        precondition(!runs.contains { $0.steps.contains { if case .scene = $0 { true } else { false } } },
                     "scene events need the scene driver")
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
        let parsed = try runDriver(executable, script: ReplayScript.bytes(runs), parse: Self.parse, done: \.done) { parsed in
            (parsed.lastFrame, Self.next(after: parsed, in: runs, firstRun: firstRun))
        }
        if let bad = parsed.malformed { throw AppReplayError.malformedOutput(record: bad) }
        return parsed.runs
    }

    /// Runs a driver on `script` under the time limit and reads its output with `parse` (also what it wrote before a
    /// time-out). A time-out, a crash or an exit before its end record (`done`) is an `AppReplayError` that names the
    /// place `place` finds: the last frame written and what the driver was fed next.
    func runDriver<Parsed>(_ executable: URL, script: [UInt8], parse: (Data) -> Parsed, done: (Parsed) -> Bool,
                           place: (Parsed) -> (lastFrame: Double?, next: String?)) throws -> Parsed {
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
        guard result.status == 0, done(parsed) else {
            let how = result.status > 128 ? "crashed (signal \(result.status - 128)\(Self.signalName(result.status - 128)))"
                : "exited with status \(result.status)"
            let detail = result.stderrText.split(separator: "\n").first { $0.contains("Fatal error") || $0.contains("error") }.map(String.init) ?? ""
            let (lastFrame, next) = place(parsed)
            throw AppReplayError.driverFailed(how: how, lastFrame: lastFrame, nextEvent: next, detail: detail)
        }
        return parsed
    }

    struct Parsed {
        var runs: [[ReplayFrame]] = []
        var done = false
        var malformed: String?
        var lastFrame: Double? { runs.last?.last?.t }
    }

    /// The driver's records (`ReplayScript`), up to the first it could not have written.
    static func parse(_ output: Data) -> Parsed {
        var parsed = Parsed()
        let bytes = [UInt8](output)
        var at = 0
        bytes.withUnsafeBytes { raw in
            while at < raw.count {
                switch raw[at] {
                case UInt8(ascii: "R"):
                    parsed.runs.append([])
                    at += 1
                case UInt8(ascii: "E"):
                    parsed.done = true
                    at += 1
                case UInt8(ascii: "S") where at + ReplayScript.frameSize <= raw.count && !parsed.runs.isEmpty:
                    let t = Double(bitPattern: UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: at + 1, as: UInt64.self)))
                    let values = (0..<ReplayScript.frameFloats).map { k in
                        Double(Float(bitPattern: UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: at + 9 + 4 * k, as: UInt32.self))))
                    }
                    parsed.runs[parsed.runs.count - 1].append(ReplayFrame(t: t, values: values))
                    at += ReplayScript.frameSize
                default:
                    parsed.malformed = "byte \(at) of \(raw.count): record '\(String(UnicodeScalar(raw[at])))'"
                    return
                }
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
