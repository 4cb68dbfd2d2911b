import ArgumentParser
import Foundation
import Harness
import Vocabulary

struct InitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Set up an app's repository: the suite parallax.yml, a GitHub Actions workflow and parallax-known-failures.yml.",
        discussion: """
            Writes, in DIR (default: the current folder, the app's repository): parallax.yml — the app's own code \
            (app: {source: .}) on ParallaxLab's canonical traces by built-in name (builtin:sway, nothing copied), model \
            smoothers as alternatives, the app's screen, budgets on the app's scenarios and the gated audit of its code; \
            .github/workflows/parallax.yml — ParallaxLab built at the commit this parallax runs from (read from git in \
            the checkout it was built in; cached), the suite run on each pull request with the base commit's report as \
            baseline, the report folder uploaded; parallax-known-failures.yml — each audit check the app fails now, with \
            its value and a reason to fill in; and /Reports/ added to .gitignore. The suite is measured first (as parallax run would): a budget the app \
            breaks now is written at its measured value, the design limit beside it. Exit status: 0 written, 2 bad input \
            (no CubeSceneController.swift below DIR, a file that exists — nothing is overwritten and nothing written).

            Example:
              cd MyApp && parallax init && git add parallax.yml parallax-known-failures.yml .github/workflows/parallax.yml
            """
    )

    @Argument(help: "The app's repository (default: the current folder).")
    var directory: String = "."

    @Option(name: .long, help: "The ParallaxLab repository CI clones (default: the 'origin' remote of the checkout this parallax was built in).")
    var parallaxlabRepository: String?

    @Option(name: .long, help: "The ParallaxLab commit CI builds (default: HEAD of the checkout this parallax was built in).")
    var parallaxlabCommit: String?

    func run() throws {
        try AppRepositorySetup.check(directory)
        let executable = Bundle.main.executablePath ?? CommandLine.arguments[0]
        let pin: ParallaxLabPin
        do { pin = try ParallaxLabPin.locate(executable: executable, repository: parallaxlabRepository, commit: parallaxlabCommit) } catch let error as FieldError {
            throw error.naming(flags: ["parallaxlab_commit": "--parallaxlab-commit", "parallaxlab_repository": "--parallaxlab-repository"])
        }
        if pin.uncommittedChanges {
            ParallaxMain.note("the ParallaxLab checkout has uncommitted changes; CI builds commit \(pin.commit.prefix(12)) without them")
        }
        let outcome = try AppRepositorySetup.run(directory: directory, pin: pin, progress: SuiteCommandSupport.progress())
        SuiteCommandSupport.endProgress()
        var lines = ["wrote \(outcome.written.joined(separator: ", ")) (ParallaxLab \(pin.commit.prefix(12)) from \(pin.repository))"]
        lines.append("known failures: \(outcome.knownFailures.count) audit check(s) accepted as they fail now"
                     + (outcome.knownFailures.isEmpty ? "" : " (\(outcome.knownFailures.map(\.check).joined(separator: ", "))); fill in each reason"))
        if !outcome.loosenedBudgets.isEmpty {
            lines.append("budgets at the app's measured value (it breaks the design limit now): \(outcome.loosenedBudgets.joined(separator: ", "))")
        }
        lines.append("next: parallax run   (then commit the files)")
        print(lines.joined(separator: "\n"))
    }
}
