import ArgumentParser
import Foundation
import Harness

struct AcceptCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "accept",
        abstract: "Promote a report's actual frames (and numeric golden) to goldens, without rendering again. Refused when CI is set.",
        discussion: """
            Look at the frames first (REPORT_DIR/index.html). Writes each golden PNG with its sidecar, atomically; \
            refuses a report of another suite or ParallaxLab version. Prints what it changed.

            Examples:
              parallax accept Reports/latest --failed           # every frame that did not pass (and the numbers)
              parallax accept pr-report --only cube/center numbers
              parallax accept Reports/latest --all
            """
    )

    @Argument(help: "Report folder (with report.json and frames/).")
    var report: String

    @Flag(name: .long, help: "Frames and numbers that did not pass (the default).")
    var failed = false

    @Option(name: .long, parsing: .upToNextOption, help: "These frames by name; `numbers` is the numeric golden.")
    var only: [String] = []

    @Flag(name: .long, help: "Every frame and the numeric golden.")
    var all = false

    func validate() throws {
        guard [failed, !only.isEmpty, all].filter({ $0 }).count <= 1 else {
            throw ValidationError("give at most one of --failed, --only, --all")
        }
    }

    func run() throws {
        let selection: GoldenAcceptance.Selection = all ? .all : only.isEmpty ? .failed : .only(only)
        let changed = try GoldenAcceptance(reportDirectory: report, selection: selection).run()
        print(changed.isEmpty ? "nothing to accept" : changed.joined(separator: "\n"))
    }
}
