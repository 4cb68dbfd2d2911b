import Foundation
import ParallaxTestSupport
import Testing
@testable import Reporting

/// Record and accept commands are built by `Remedy` alone: plain words print as typed, others single-quoted so that
/// the shell reads back exactly the path the run was given.
@Suite struct RemedyTests {
    @Test func plainPathsPrintAsTyped() {
        #expect(Remedy.record(suite: "parallax.yml", only: "suite/cube-center") == "parallax record parallax.yml --only suite/cube-center")
        #expect(Remedy.record(suite: "suites/ci.yml") == "parallax record suites/ci.yml")
        #expect(Remedy.accept(reportDirectory: "Reports/latest", frame: "cube/f0") == "parallax accept Reports/latest --only cube/f0")
    }

    @Test func aPathWithASpaceAndAQuoteIsQuoted() {
        #expect(Remedy.record(suite: "my suites/it's.yml", only: "cube/a") == "parallax record 'my suites/it'\\''s.yml' --only cube/a")
        #expect(Remedy.record(suite: "my suites/it's.yml") == "parallax record 'my suites/it'\\''s.yml'")
    }

    /// `sh -c 'printf %s\n WORDS'` prints each word the shell reads, one per line: the words the command was made of.
    @Test func quotedCommandsRoundTripThroughTheShell() throws {
        let awkward = ["my suites/it's.yml", "a'b c", "'", "tab\there", "$HOME `x` \\ \"q\" *", ""]
        for word in awkward {
            let commands = [(Remedy.record(suite: word, only: "cube/a"), ["parallax", "record", word, "--only", "cube/a"]),
                            (Remedy.record(suite: word), ["parallax", "record", word]),
                            (Remedy.accept(reportDirectory: word, frame: "cube/a"), ["parallax", "accept", word, "--only", "cube/a"])]
            for (command, words) in commands {
                let result = try ChildProcess.run(URL(fileURLWithPath: "/bin/sh"), arguments: ["-c", "printf '%s\\n' " + command], environment: [:])
                #expect(result.status == 0, "\(command): \(result.stderrText)")
                #expect(result.stdoutText == words.map { $0 + "\n" }.joined(), "\(command)")
            }
        }
    }
}
