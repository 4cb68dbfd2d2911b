import ArgumentParser
import Foundation
import Plumbing
import TestedApp
import Tracking
import Vocabulary

/// The `parallax` command: thin subcommands over the library modules.
/// Exit codes (README, "Exit status everywhere"): 0 pass, 1 a regression or budget breach, 2 bad input or usage.
struct Parallax: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "parallax",
        abstract: "Test and tune head-tracked \"window into 3D\" displays.",
        discussion: """
            Exit status: 0 pass, 1 a regression or budget breach, 2 bad input or usage.
            Example: parallax synth --model sway --duration 30 --seed 7 -o Traces/sway.csv
            """,
        version: ParallaxVersion.string,
        subcommands: [
            SynthCommand.self,
            CompareCommand.self,
            InspectCommand.self,
            ProjectCommand.self,
            RenderCommand.self,
            SmoothCommand.self,
            AnalyzeCommand.self,
            RunCommand.self,
            RecordCommand.self,
            AcceptCommand.self,
            TuneCommand.self,
            MergeCommand.self,
            MergeReportsCommand.self,
            ConvertCommand.self,
            ImportCommand.self,
            ExportCommand.self,
            EvaluateCommand.self,
            FitCommand.self,
            AuditCommand.self,
            AppCommand.self,
            ARKitFrameCommand.self,
            DeviceCheckCommand.self,
            ScreensCommand.self,
            InitCommand.self,
        ]
    )
}

@main
enum ParallaxMain {
    static func main() {
        do {
            var command = try Parallax.parseAsRoot()
            try command.run()
        } catch {
            exit(with: error)
        }
    }

    /// A note the user should see beside the result (what the run assumed): one line on stderr.
    static func note(_ text: String) {
        FileHandle.standardError.write(Data("parallax: note: \(text)\n".utf8))
    }

    /// Help and --version go to stdout with status 0; every other error is one line on stderr, printed here
    /// and nowhere else.
    static func exit(with error: Error) -> Never {
        // A failed check is exit 1, its message (if the printed result does not already say it) on stderr.
        if let failure = error as? CheckFailure {
            if let message = failure.message { FileHandle.standardError.write(Data("parallax: error: \(message)\n".utf8)) }
            Foundation.exit(1)
        }
        let status = Parallax.exitCode(for: error)
        if status == .success {
            print(Parallax.fullMessage(for: error))
            Foundation.exit(0)
        }
        // Bad input found by a library (its error names the file, line or field; a `FieldError` from a
        // command-line value names the flag, see `FieldError.naming(flags:)`), argument-parser's usage errors
        // (64) and anything else unexpected in the input are exit 2.
        let message = Parallax.message(for: error)
        FileHandle.standardError.write(Data("parallax: error: \(message)\n".utf8))
        Foundation.exit(2)
    }
}

/// Bad input or usage (exit 2): the message says which value and what was expected.
struct InputError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
