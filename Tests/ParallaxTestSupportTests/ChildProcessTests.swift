import Foundation
import ParallaxTestSupport
import Testing

@Suite struct ChildProcessTests {
    let shell = URL(fileURLWithPath: "/bin/sh")

    /// 300 000 bytes on stderr before anything on stdout: a runner that reads stdout to EOF first deadlocks here,
    /// because the child blocks once the unread stderr pipe holds 64 KB.
    @Test func largeOutputOnBothStreamsIsCapturedWhole() throws {
        let script = "yes err | head -c 300000 >&2; yes out | head -c 250000; yes err2 | head -c 100000 >&2; exit 3"
        let result = try ChildProcess.run(shell, arguments: ["-c", script], timeout: 60)
        #expect(result.status == 3)
        #expect(result.stdout.count == 250_000 && result.stderr.count == 400_000)
        #expect(result.stdoutText == String(repeating: "out\n", count: 62_500))
        #expect(result.stderrText == String(repeating: "err\n", count: 75_000) + String(repeating: "err2\n", count: 20_000))
    }

    @Test func argumentsEnvironmentAndDirectoryReachTheChild() throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        let result = try ChildProcess.run(shell, arguments: ["-c", "printf '%s|%s|%s' \"$1\" \"$GREETING\" \"$(pwd -P)\"", "sh", "a b"],
                                          environment: ["GREETING": "hello"], in: directory.url)
        let resolved = directory.url.resolvingSymlinksInPath().path
        #expect(result.status == 0 && result.stderr.isEmpty)
        #expect(result.stdoutText == "a b|hello|\(resolved)")
    }

    @Test func aChildPastItsTimeLimitIsKilledAndReported() throws {
        let start = Date()
        #expect(throws: ChildProcessTimeout.self) {
            try ChildProcess.run(shell, arguments: ["-c", "exec sleep 30"], timeout: 0.5)
        }
        #expect(Date().timeIntervalSince(start) < 20, "the runner waited for the child instead of killing it")
    }

    @Test func aMissingProgramThrows() {
        #expect(throws: (any Error).self) {
            try ChildProcess.run(URL(fileURLWithPath: "/nonexistent/program"), arguments: [])
        }
    }

    @Test func aChildEndedByASignalReportsOneHundredTwentyEightPlusTheSignal() throws {
        let result = try ChildProcess.run(shell, arguments: ["-c", "kill -KILL $$"], timeout: 60)
        #expect(result.status == 128 + SIGKILL)
    }

    @Test func aMissingWorkingDirectoryThrows() {
        #expect(throws: ChildProcessLaunchFailure.self) {
            try ChildProcess.run(shell, arguments: ["-c", "true"], in: URL(fileURLWithPath: "/nonexistent/folder"))
        }
    }
}
