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

    /// The frames of each run, in order (the head driver).
    package func replay(_ runs: [ReplayRun]) throws -> [[ReplayFrame]] {
        precondition(driver.driver == .head, "replay(_:) reads the head driver's frames; the scene driver's are replayScene(_:)")
        precondition(!runs.contains { $0.steps.contains { if case .scene = $0 { true } else { false } } },
                     "scene events need the scene driver")
        return try run(runs, parse: Self.parse)
    }

    /// The scene graph after each sampled display frame of each run, in order (the scene driver).
    package func replayScene(_ runs: [ReplayRun]) throws -> [[AppSceneFrame]] {
        precondition(driver.driver == .scene, "replayScene(_:) needs the scene driver")
        return try run(runs) { output in
            var parsed = Parsed<AppSceneFrame>()
            parsed.read(output) { AppSceneFrame(driverLine: $0) }
            return parsed
        }
    }

    private func run<Frame: Timed>(_ runs: [ReplayRun], parse: (String) -> Parsed<Frame>) throws -> [[Frame]] {
        let executable = try driver.build()
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
            let parsed = parse(String(decoding: timeout.stdout, as: UTF8.self))
            throw AppReplayError.timedOut(seconds: timeout.seconds, lastFrame: parsed.lastFrame, nextEvent: Self.next(after: parsed, in: runs))
        }
        let parsed = parse(result.stdoutText)
        guard result.status == 0, parsed.done else {
            let how = result.status > 128 ? "crashed (signal \(result.status - 128)\(Self.signalName(result.status - 128)))"
                : "exited with status \(result.status)"
            let detail = result.stderrText.split(separator: "\n").first { $0.contains("Fatal error") || $0.contains("error") }.map(String.init) ?? ""
            throw AppReplayError.driverFailed(how: how, lastFrame: parsed.lastFrame, nextEvent: Self.next(after: parsed, in: runs), detail: detail)
        }
        if let bad = parsed.malformed { throw AppReplayError.malformedOutput(line: bad) }
        return parsed.runs
    }

    struct Parsed<Frame: Timed> {
        var runs: [[Frame]] = []
        var done = false
        var malformed: String?
        var lastFrame: Double? { runs.last?.last?.t }

        /// The driver's output: `run k`, a frame per line (`frame` parses it), `done`.
        mutating func read(_ output: String, frame: (Substring) -> Frame?) {
            for line in output.split(separator: "\n") {
                if line.hasPrefix("run ") {
                    runs.append([])
                } else if line == "done" {
                    done = true
                } else if let parsed = frame(line), !runs.isEmpty {
                    runs[runs.count - 1].append(parsed)
                } else if malformed == nil {
                    malformed = String(line.prefix(200))
                }
            }
        }
    }

    static func parse(_ output: String) -> Parsed<ReplayFrame> {
        var parsed = Parsed<ReplayFrame>()
        parsed.read(output) { ReplayFrame(driverLine: $0) }
        return parsed
    }

    static func next<Frame>(after parsed: Parsed<Frame>, in runs: [ReplayRun]) -> String? {
        guard !parsed.runs.isEmpty, parsed.runs.count <= runs.count else { return runs.first?.event(afterFrames: 0) }
        let event = runs[parsed.runs.count - 1].event(afterFrames: parsed.runs[parsed.runs.count - 1].count)
        return runs.count > 1 ? event.map { "\($0) of run \(parsed.runs.count)" } : event
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

/// A driver's frame: its time.
protocol Timed { var t: Double { get } }
extension ReplayFrame: Timed {}
