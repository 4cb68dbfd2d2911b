import Foundation
import ParallaxTestSupport
import Testing

/// The docs' example commands on the sample recording in ParallaxRecorder's format (Traces/recordings/recorder-sample.csv),
/// read from the docs' code blocks and run as written (an `-o` file goes to a temporary folder): they succeed, and the
/// other phone recording, not in the recorder's format, is refused by `arkit-frame` as the docs say.
@Suite struct SampleRecordingCommandTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let sample = "Traces/recordings/recorder-sample.csv"

    /// Every `parallax …` line of a code block in `doc` that names the sample, without its trailing comment.
    static func commands(in doc: String) throws -> [[String]] {
        let text = try String(contentsOf: repository.appendingPathComponent(doc), encoding: .utf8)
        var inBlock = false, commands: [[String]] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") { inBlock.toggle(); continue }
            guard inBlock, line.hasPrefix("parallax "), line.contains(sample) else { continue }
            let command = line.split(separator: "#", maxSplits: 1)[0]
            commands.append(command.split(separator: " ").dropFirst().map(String.init))
        }
        return commands
    }

    func run(_ arguments: [String]) throws -> ChildProcessResult {
        try ChildProcess.run(ParallaxProcess.executable, arguments: arguments, in: Self.repository, timeout: 300)
    }

    @Test(arguments: ["docs/arkit-frame.md", "docs/recordings-and-trajectories.md"])
    func theDocsCommandsOnTheSampleSucceed(doc: String) throws {
        let commands = try Self.commands(in: doc)
        #expect(commands.map(\.first) == ["arkit-frame", "import", "audit"], "\(commands)")
        let dir = try TemporaryDirectory()
        defer { dir.cleanUp() }
        for var command in commands {
            if let o = command.firstIndex(of: "-o") { command[o + 1] = dir.path(command[o + 1]) }
            let result = try run(command)
            switch command[0] {
            case "arkit-frame":
                #expect(result.status == 0 && result.stdoutText.hasPrefix("verdict: gravity\n"), "\(result.stdoutText)\(result.stderrText)")
            case "import":
                #expect(result.status == 0, "\(result.stderrText)")
                let trace = try String(contentsOfFile: command[command.firstIndex(of: "-o")! + 1], encoding: .utf8)
                #expect(trace.contains("# arkit_frame: gravity (measured: recorder-sample.csv)"))
                #expect(trace.split(separator: "\n").filter { !$0.hasPrefix("#") }.count == 1 + 47 * 60)
            default:
                // The audit ran (exit 1: the shipped app fails checks) under the frame the recording measured.
                #expect(result.status == 1 && result.stdoutText.contains("ARKit frame gravity: measured by \(Self.sample)"),
                        "\(result.stdoutText)\(result.stderrText)")
            }
        }
    }

    @Test func theSampleIsLabelledSynthetic() throws {
        let text = try String(contentsOf: Self.repository.appendingPathComponent(Self.sample), encoding: .utf8)
        #expect(text.hasPrefix("# parallax-recorder 1\n# synthetic: yes"))
    }

    @Test func theOtherPhoneRecordingIsNotTheRecordersFormat() throws {
        let result = try run(["arkit-frame", "Traces/recordings/phone-recording.csv"])
        #expect(result.status == 2)
        #expect(result.stderrText == "parallax: error: Traces/recordings/phone-recording.csv:1: not a ParallaxRecorder recording; expected the first line '# parallax-recorder 1'\n")
    }
}
