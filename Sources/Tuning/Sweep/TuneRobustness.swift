import Foundation
import Scientific
import Smoothing
import Tracking
import Vocabulary

/// How much a recommendation can be trusted: how it moves from seed to seed, how sure its objective is, and
/// how it does on traces the search never saw.
package struct TuneRobustness: Codable, Equatable, Sendable {
    /// Seeds per synthesized trace (the file's own seed, then seed + 1, …).
    package var seeds: Int
    /// The recommendation of a search on each seed's traces alone (recordings in every one).
    package var perSeed: [SeedRecommendation]
    /// Each swept parameter's and the movement scale's recommended values over the seeds.
    package var spread: [ParameterSpread]
    /// A percentile bootstrap interval of the pooled recommendation's objective over the training traces.
    package var objectiveInterval: BootstrapInterval?
    package var holdout: HoldoutResult?

    package struct SeedRecommendation: Codable, Equatable, Sendable {
        /// 1-based; the synthesized traces of this seed are `seed + index − 1` of each file's own seed.
        package var seed: Int
        package var traces: Int
        /// nil when no configuration met the constraints on this seed's traces.
        package var smoother: String?
        package var values: [Double]?
        package var movementScale: Double?
        package var objective: Double?
    }

    package struct ParameterSpread: Codable, Equatable, Sendable {
        package var name: String
        package var minimum: Double
        package var median: Double
        package var maximum: Double
        /// Seeds whose search found a recommendation.
        package var seeds: Int
    }

    package struct BootstrapInterval: Codable, Equatable, Sendable {
        package var level: Double
        package var low: Double
        package var high: Double
        package var resamples: Int
        /// Resamples whose objective was computable (visible jitter needs still frames, lag needs motion).
        package var computable: Int
        /// Traces resampled (with replacement) in each.
        package var traces: Int
        package var seed: UInt64
    }

    package struct HoldoutResult: Codable, Equatable, Sendable {
        package var traces: [String]
        package var training: TuneMetrics
        package var heldOut: TuneMetrics
        package var trainingObjective: Double?
        package var heldOutObjective: Double?
        /// The relative difference of the objectives above which the result warns.
        package var margin: Double
        /// Constraints the recommendation meets on the training traces but breaks on the held-out ones.
        package var brokenConstraints: [String]
        package var warning: String?
    }
}

/// What `--seeds`, `--holdout` and the bootstrap ask for.
package struct RobustnessOptions: Sendable {
    package var seeds = 1
    package var holdout = HoldoutChoice.none
    /// Relative difference of the held-out objective from the training objective that earns a warning.
    package var margin = 0.25
    package var resamples = 1000
    package var level = 0.95
    package var bootstrapSeed: UInt64 = 1

    package init(seeds: Int = 1, holdout: HoldoutChoice = .none, margin: Double = 0.25) {
        self.seeds = seeds
        self.holdout = holdout
        self.margin = margin
    }

    /// Whether anything beyond a plain sweep was asked for.
    package var isRequested: Bool { seeds > 1 || holdout != .none }
}

extension Tuner {
    /// A sweep on the training traces of every seed, then its robustness: each seed's own recommendation, the
    /// objective's bootstrap interval, and the recommendation's metrics on the held-out traces.
    /// `make` builds a context with the sweep's settings for the given (name, trace) pairs. Returns the result
    /// and the training context (the interactive view is computed from it).
    package static func runRobust(
        _ set: TuneTraceSet, options: RobustnessOptions,
        make: ([(String, HeadTrace)]) throws -> TuneContext
    ) throws -> (result: TuneResult, context: TuneContext) {
        guard options.margin.isFinite, options.margin >= 0 else {
            throw FieldError("holdout_margin", expected: "a relative difference ≥ 0", found: "\(options.margin)")
        }
        func pairs(_ instances: [TuneTraceSet.Instance]) -> [(String, HeadTrace)] { instances.map { ($0.name, $0.trace) } }
        let context = try make(pairs(set.training))
        var result = try run(context)
        guard options.isRequested else { return (result, context) }
        let objective = context.objective
        var robustness = TuneRobustness(seeds: set.seeds, perSeed: [], spread: [], objectiveInterval: nil, holdout: nil)
        if set.seeds > 1 {
            for k in 0..<set.seeds {
                let instances = set.training(seed: k)
                let r = try run(try make(pairs(instances))).recommendation
                robustness.perSeed.append(.init(seed: k + 1, traces: instances.count, smoother: r?.smoother, values: r?.values,
                                                movementScale: r?.movementScale, objective: r?.objective))
            }
            robustness.spread = spread(robustness.perSeed, parameters: result.parameters)
        }
        if let r = result.recommendation {
            let spec = try context.sweep.spec(values: r.values)
            let perTrace = try context.perTrace(spec)
            robustness.objectiveInterval = bootstrap(perTrace, context: context, scale: r.movementScale, objective: objective, options: options)
            if !set.heldOut.isEmpty {
                let held = try make(pairs(set.heldOut))
                let heldMetrics = held.metrics(try held.perTrace(spec), at: Array(held.traces.indices), scale: r.movementScale)
                robustness.holdout = compare(training: r.metrics, heldOut: heldMetrics, traces: set.heldOutFiles, context: context,
                                             app: result.appDefault.metrics, margin: options.margin)
            }
        } else if !set.heldOut.isEmpty {
            result.notes.append("held-out traces \(set.heldOutFiles.joined(separator: ", ")) not evaluated: there is no recommendation")
        }
        result.robustness = robustness
        return (result, context)
    }

    static func spread(_ perSeed: [TuneRobustness.SeedRecommendation], parameters: [String]) -> [TuneRobustness.ParameterSpread] {
        let found = perSeed.filter { $0.values != nil }
        guard !found.isEmpty else { return [] }
        func summary(_ name: String, _ values: [Double]) -> TuneRobustness.ParameterSpread {
            .init(name: name, minimum: values.min()!, median: Statistics.median(values), maximum: values.max()!, seeds: values.count)
        }
        return parameters.indices.map { i in summary(parameters[i], found.map { $0.values![i] }) }
            + [summary("movement_scale", found.map { $0.movementScale! })]
    }

    /// Percentile bootstrap: resample the training traces with replacement, pool, evaluate the objective.
    static func bootstrap(_ perTrace: [PointTraceMetrics], context: TuneContext, scale: Double, objective: TuneObjective,
                          options: RobustnessOptions) -> TuneRobustness.BootstrapInterval? {
        let n = perTrace.count
        guard n >= 2, options.resamples >= 1 else { return nil }
        let random = RandomSource(seed: options.bootstrapSeed)
        var values: [Double] = []
        for _ in 0..<options.resamples {
            let indices = (0..<n).map { _ in min(n - 1, Int(random.uniform() * Double(n))) }
            if let value = objective.value(context.metrics(perTrace, at: indices, scale: scale)) { values.append(value) }
        }
        guard !values.isEmpty else { return nil }
        let tail = (1 - options.level) / 2
        let bounds = Statistics.quantiles(values, [tail, 1 - tail])
        return .init(level: options.level, low: bounds[0], high: bounds[1], resamples: options.resamples, computable: values.count, traces: n,
                     seed: options.bootstrapSeed)
    }

    static func compare(training: TuneMetrics, heldOut: TuneMetrics, traces: [String], context: TuneContext, app: TuneMetrics,
                        margin: Double) -> TuneRobustness.HoldoutResult {
        let trainingObjective = context.objective.value(training), heldObjective = context.objective.value(heldOut)
        let broken = context.constraints.filter {
            ($0.violation(training, app: app) ?? 1) == 0 && ($0.violation(heldOut, app: app) ?? 0) > 0
        }.map(\.description)
        var problems: [String] = []
        if let a = trainingObjective, let b = heldObjective, abs(b - a) > margin * abs(a) {
            problems.append("the objective \(context.objective.description) is \(String(format: "%.4g", b)) on them vs \(String(format: "%.4g", a)) in training (\(percent(b, a)), beyond the ±\(String(format: "%.3g", margin * 100)) % margin)")
        } else if trainingObjective != nil && heldObjective == nil {
            problems.append("the objective \(context.objective.description) is not computable on them")
        }
        if !broken.isEmpty { problems.append("they break \(broken.joined(separator: ", "))") }
        let warning = problems.isEmpty ? nil
            : "warning: held-out traces \(traces.joined(separator: ", ")) disagree with training: \(problems.joined(separator: "; ")) — the recommendation may be fitted to the training traces: before shipping it, tune on more or different traces (traces like the held-out ones in --traces, or more synthesized variants with --seeds 5), or use a more robust objective that does not chase one metric alone (e.g. --objective 'visible_jitter_px+0.01*ramp_lag_ms'); until then keep the current settings"
        return .init(traces: traces, training: training, heldOut: heldOut, trainingObjective: trainingObjective,
                     heldOutObjective: heldObjective, margin: margin, brokenConstraints: broken, warning: warning)
    }

    static func percent(_ value: Double, _ reference: Double) -> String {
        String(format: "%+.1f %%", (value - reference) / abs(reference) * 100)
    }
}
