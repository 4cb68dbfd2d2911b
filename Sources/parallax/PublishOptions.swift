import ArgumentParser
import Harness

/// The options that judge and publish a whole suite's report: `run` (unsharded) and `merge-reports` take them.
struct PublishOptions: ParsableArguments {
    @Option(name: .long, help: "An earlier run's report.json: compare every scenario and frame metric (worse, better, same, new, gone).")
    var baseline: String?

    @Flag(name: .long, inversion: .prefixedNo, help: "With --baseline: exit 1 when a metric got worse beyond its noise band (suite: baseline_bands).")
    var failOnRegression = true

    @Flag(name: .long, help: "With --baseline: compare even when the runs used different traces, smoothers, screens or scales.")
    var allowDifferentSetup = false

    @Option(name: .long, help: "Write junit.xml's attachment paths relative to this folder (default: absolute).")
    var junitRoot: String?

    @Option(name: .long, help: "Append the run's headline metrics (with commit and date) to this JSON-lines file; the report draws their trends.")
    var history: String?

    /// The flags given, by name: they apply to the whole suite, so a shard refuses them.
    var given: [String] {
        [("--baseline", baseline != nil), ("--history", history != nil), ("--junit-root", junitRoot != nil),
         ("--no-fail-on-regression", !failOnRegression), ("--allow-different-setup", allowDifferentSetup)].filter(\.1).map(\.0)
    }

    /// Sets them on a run's options.
    func apply(to options: inout SuiteRun.Options) {
        options.baseline = baseline
        options.failOnRegression = failOnRegression
        options.allowDifferentSetup = allowDifferentSetup
        options.junitRoot = junitRoot
        options.history = history
    }
}
