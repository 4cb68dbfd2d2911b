import Foundation
import Plumbing
import Reporting
import Tuning

extension SuiteRun {
    /// What `parallax run --shard i/n` wrote.
    package struct PartOutcome {
        package var directory: String
        package var shard: ShardInfo
        /// Units this shard ran, of how many in the suite.
        package var ran: Int
        package var units: Int
        /// `count` or `durations`.
        package var balance: String

        package var summary: String {
            "part \(shard.index)/\(shard.count): \(ran) of \(units) units (balanced by \(balance)) → \(directory)\n"
        }
    }

    /// `parallax run --shard i/n`: plans the suite's units (`ShardPlan`: by the measured durations of
    /// `options.durations`, by count otherwise), runs this shard's and writes its part folder (`SuitePart`), replaced
    /// whole like a report. Budgets, the numeric golden, the baseline and the verdict need every part: they are
    /// `mergeReports`'s.
    package static func runShard(_ options: Options) throws -> PartOutcome {
        guard let shard = options.shard else { preconditionFailure("runShard needs options.shard") }
        let loader = try SuiteLoader(path: options.suitePath)
        let suite = try loader.load()
        let durations = try options.durations.map(SuiteTimings.read(report:))
        let destination = options.output ?? SuitePart.defaultOutput(suite.output, shard: shard)
        try ReportFolder.checkReplaceable(destination, suitePath: options.suitePath)
        let app = try SuiteApp.make(suite, loader: loader)
        return try StagedDirectory.replace(destination) { staging in
            let inputs = try SuiteInputs.load(suite, loader: loader, progress: options.progress)
            let run = SuiteRun(suite: suite, loader: loader, inputs: inputs, app: app, options: options, outputDirectory: staging, destination: destination)
            let frameRunner = run.frameRunner()
            let jobs = try frameRunner.jobs()
            let auditUnits = try suite.audit.map { spec in
                try SuiteAudit.prepare(spec, traces: inputs.traces, loader: loader, appReplay: app.replay).1.map(SuiteAudit.unit)
            } ?? []
            let labels = app.scenarioLabels(suite.smoothers)
            let units = inputs.traces.flatMap { trace in labels.map { SuiteUnit.scenarios(trace: trace.name, smoother: $0) } }
                + jobs.map { SuiteUnit.frame($0.name) } + (suite.tune != nil ? [.tune] : []) + auditUnits
            var seen = Set<SuiteUnit>()
            if let repeated = units.first(where: { !seen.insert($0).inserted }) {
                throw SuiteError(file: options.suitePath, line: nil,
                                 message: "a sharded run needs distinct trace, smoother and frame names: '\(repeated)' appears twice")
            }
            let together = jobs.compactMap { job in job.spec.versus.map { (SuiteUnit.frame($0), SuiteUnit.frame(job.name)) } }
            let plan = ShardPlan(units: units, together: together, shards: shard.count, durations: durations)
            let ran = plan.units(inShard: shard.index)
            let chosen = Set(ran)
            var timings: [SuiteUnit: Double] = [:]
            let results = try run.stages(jobs: jobs, frameRunner: frameRunner, includes: chosen.contains, timings: &timings)
            let environment = Self.environment()
            let part = SuitePart(suite: suite.name, suiteFile: options.suitePath,
                                 suiteFingerprint: RunSetup.fingerprint(try FileContents.read(options.suitePath)),
                                 version: environment.version, commit: environment.commit, shard: shard, balance: plan.balance,
                                 units: plan.units, ran: ran, results: results)
            try part.write(to: staging)
            try SuiteTimings(timings).write(to: staging)
            return PartOutcome(directory: destination, shard: shard, ran: ran.count, units: units.count, balance: plan.balance.rawValue)
        }
    }
}
