import Vocabulary
/// Everything a suite run found: the model behind report.json (schema 1), the HTML page, JUnit XML and the
/// Markdown summary. Every number shown in the page comes from here. No timestamps, so the same inputs give
/// the same bytes.
package struct SuiteReport: Codable, Sendable {
    package var schema = 1
    package var suite: String
    package var suiteFile: String
    package var environment: Environment
    package var passed: Bool
    package var counts: Counts
    package var budgets: [BudgetResult]
    package var scenarios: [ScenarioResult]
    package var frames: [FrameResult]
    package var numbers: NumbersResult?
    package var baseline: [BaselineDelta]?
    /// The suite's tuning sweep, when it has one (details in tune.json and the report's tuning sections).
    package var tune: TuneSummary?
    /// What the run measured (traces, smoothers, screens, scales), checked before comparing with a baseline.
    package var setup: RunSetup?
    /// The run that wrote the folder: a hash of the report's other fields and the frames' and numbers' bytes, also
    /// in `frames/run-id`, so that `parallax accept` promotes only frames this report describes. Absent in reports
    /// written before runs were staged.
    package var runId: String?
    /// What the user came for, first (`Headline`); absent when the suite measured no scenario.
    package var headline: Headline?
    /// The app audit's verdict in counts (details in audit.json and audit.html), when the suite has `audit:`.
    package var audit: AuditSummary?

    /// The app audit in counts: how many of the checks that count in its verdict fail.
    package struct AuditSummary: Codable, Sendable {
        package var failing: Int
        package var checks: Int
        /// The audit does not gate the run (`gate: false`): its failures are informational.
        package var informational: Bool
        package var page: String
        package var file: String
        /// Each check counted in the verdict, its value and per-trace values (compared by `--baseline`); absent in
        /// reports written before issue 46.
        package var checkValues: [AuditCheckSummary]?
        /// The known-failures file the checks were held against, as the suite names it (nil: none).
        package var knownFailures: String?
        /// The audit's model ≠ app code line (`audit.app_source`), shown near the verdict.
        package var appCode: String?
        package init(failing: Int, checks: Int, informational: Bool, page: String = "audit.html", file: String = "audit.json",
                     checkValues: [AuditCheckSummary]? = nil, knownFailures: String? = nil, appCode: String? = nil) {
            self.failing = failing
            self.checks = checks
            self.informational = informational
            self.page = page
            self.file = file
            self.checkValues = checkValues
            self.knownFailures = knownFailures
            self.appCode = appCode
        }

        /// The checks in a known-failures state.
        package func count(_ state: KnownFailureState) -> Int { (checkValues ?? []).filter { $0.known?.state == state }.count }

        /// Whether the audit fails a gated run: any failure without a known-failures file; with one, a new or worse one.
        package var failsGate: Bool {
            knownFailures == nil ? failing > 0 : (checkValues ?? []).contains { $0.known?.state.failsGate == true }
        }

        /// "app audit: 8 of 14 checks fail (informational)"; with a known-failures file "app audit: 7 of 9 checks
        /// fail — known failures (parallax-known-failures.yml): 6 accepted, 1 new, 0 worse, 1 fixed (gated: new or
        /// worse failures fail the run)".
        package var text: String {
            var text = "app audit: \(failing) of \(checks) checks fail"
            if let knownFailures {
                let states: [KnownFailureState] = [.accepted, .new, .worse, .better, .fixed]
                text += " — known failures (\(knownFailures)): " + states.map { "\(count($0)) \($0.rawValue)" }.joined(separator: ", ")
                if count(.fixed) > 0 { text += " (remove the fixed from \(knownFailures))" }
                return text + (informational ? " (informational)" : failsGate ? " (gated: new or worse failures fail the run)" : " (gated: none new or worse)")
            }
            return text + (informational ? " (informational)" : failing > 0 ? " (gated: fails the run)" : "")
        }
    }

    package struct TuneSummary: Codable, Sendable {
        package var file: String
        package var smoother: String
        package var movementScale: String
        package var recommendation: String
        package init(file: String, smoother: String, movementScale: String, recommendation: String) {
            self.file = file
            self.smoother = smoother
            self.movementScale = movementScale
            self.recommendation = recommendation
        }
    }

    package init(suite: String, suiteFile: String, environment: Environment, budgets: [BudgetResult],
                scenarios: [ScenarioResult], frames: [FrameResult], numbers: NumbersResult?) {
        self.suite = suite
        self.suiteFile = suiteFile
        self.environment = environment
        self.budgets = budgets
        self.scenarios = scenarios
        self.frames = frames
        self.numbers = numbers
        let frameFailures = frames.filter { !$0.status.passed }.count
        let budgetFailures = budgets.filter { !$0.passed }.count
        let numberFailures = numbers.map { $0.status.passed ? 0 : 1 } ?? 0
        counts = Counts(frames: frames.count, framesFailed: frameFailures, budgets: budgets.count, budgetsFailed: budgetFailures,
                        scenarios: scenarios.count, numbersFailed: numberFailures)
        passed = frameFailures + budgetFailures + numberFailures == 0
    }

    package struct Environment: Codable, Sendable {
        package var version: String
        package var commit: String
        package var machine: String
        package var cores: Int
        package init(version: String, commit: String, machine: String, cores: Int) {
            self.version = version
            self.commit = commit
            self.machine = machine
            self.cores = cores
        }
    }

    package struct Counts: Codable, Sendable {
        package var frames: Int
        package var framesFailed: Int
        package var budgets: Int
        package var budgetsFailed: Int
        package var scenarios: Int
        package var numbersFailed: Int
    }
}

package struct BudgetResult: Codable, Sendable {
    package var metric: String
    package var unit: String
    package var limit: String
    package var scenario: String
    package var value: Double?
    package var passed: Bool
    package var note: String?
    /// The budget's line in the suite file (annotations point there).
    package var line: Int?

    package init(metric: String, unit: String, limit: String, scenario: String, value: Double?, passed: Bool, note: String?, line: Int? = nil) {
        self.line = line
        self.metric = metric
        self.unit = unit
        self.limit = limit
        self.scenario = scenario
        self.value = value
        self.passed = passed
        self.note = note
    }
}

/// One trace × smoother × screen × movement scale.
package struct ScenarioResult: Codable, Sendable {
    package var id: String
    package var trace: String
    /// The smoother as the suite wrote it, and its canonical spec with every parameter.
    package var smoother: String
    package var smootherSpec: String
    package var screen: String
    package var movementScale: Double
    /// Metric name (a `MetricCatalog.scenario` name) → value; absent when it could not be computed.
    package var metrics: [String: Double]
    package var notes: [String]
    /// Plot data (downsampled): time, truth / measured / smoothed x (mm), on-screen tracking error (px).
    package var series: Series
    /// What the metrics compare against when it is not ground truth ("reference estimate" for a recording).
    package var reference: String?

    package init(id: String, trace: String, smoother: String, smootherSpec: String, screen: String, movementScale: Double,
                metrics: [String: Double], notes: [String], series: Series, reference: String? = nil) {
        self.reference = reference
        self.id = id
        self.trace = trace
        self.smoother = smoother
        self.smootherSpec = smootherSpec
        self.screen = screen
        self.movementScale = movementScale
        self.metrics = metrics
        self.notes = notes
        self.series = series
    }

    package struct Series: Codable, Sendable {
        package var t: [Double]
        package var truthX: [Double]?
        package var measuredX: [Double]
        package var smoothedX: [Double]
        /// Welch PSD of the smoothed − truth residual (x), frequencies in Hz and power in mm²/Hz.
        package var psdFrequency: [Double]
        package var psdPower: [Double]
        /// |projected error| of the worst reference point per frame (tracking part), px.
        package var parallaxErrorPx: [Double]
        /// Timing gaps and frozen stretches, [start, end] in the plot's time (s), shaded in the plots.
        package var breaks: [[Double]]?

        package init(t: [Double], truthX: [Double]?, measuredX: [Double], smoothedX: [Double],
                    psdFrequency: [Double], psdPower: [Double], parallaxErrorPx: [Double], breaks: [[Double]]? = nil) {
            self.breaks = breaks
            self.t = t
            self.truthX = truthX
            self.measuredX = measuredX
            self.smoothedX = smoothedX
            self.psdFrequency = psdFrequency
            self.psdPower = psdPower
            self.parallaxErrorPx = parallaxErrorPx
        }
    }
}

/// One rendered frame against its golden.
package struct FrameResult: Codable, Sendable {
    /// pass, fail (outside tolerance), missing (no golden), error (could not compare, e.g. size mismatch).
    package var status: Verdict
    package var name: String
    package var scene: String
    package var screen: String
    package var head: [Double]
    package var eye: [Double]
    package var width: Int
    package var height: Int
    package var golden: String
    /// Report-relative paths of the images written under frames/.
    package var actualImage: String
    package var goldenImage: String?
    package var diffImage: String?
    /// No longer written (the page never showed it); kept so earlier reports still read.
    package var stripImage: String?
    /// The changed regions (largest first, at most `DiffRegions.maximumReported`) and how many there were in all;
    /// absent when the frame was not compared.
    package var regions: [DiffRegion]?
    package var regionCount: Int?
    package var metrics: [String: Double]
    package var checks: [Check]
    package var message: String?
    package var recordCommand: String
    /// Render and compare time, s (JUnit `time`); not in report.json, which stays the same for the same inputs.
    package var seconds: Double?

    enum CodingKeys: String, CodingKey {
        case status, name, scene, screen, head, eye, width, height, golden, actualImage, goldenImage, diffImage, stripImage, regions, regionCount, metrics, checks, message,
            recordCommand
    }

    package struct Check: Codable, Sendable {
        package var limit: String
        package var value: Double?
        package var bound: Double
        package var relation: Relation
        package var passed: Bool
        package init(limit: String, value: Double?, bound: Double, relation: Relation, passed: Bool) {
            self.limit = limit
            self.value = value
            self.bound = bound
            self.relation = relation
            self.passed = passed
        }
    }

    package init(status: Verdict, name: String, scene: String, screen: String, head: [Double], eye: [Double], width: Int, height: Int,
                golden: String, actualImage: String, goldenImage: String?, diffImage: String?, stripImage: String?,
                metrics: [String: Double], checks: [Check], message: String?, recordCommand: String,
                regions: [DiffRegion]? = nil, regionCount: Int? = nil) {
        self.regions = regions
        self.regionCount = regionCount
        self.status = status
        self.name = name
        self.scene = scene
        self.screen = screen
        self.head = head
        self.eye = eye
        self.width = width
        self.height = height
        self.golden = golden
        self.actualImage = actualImage
        self.goldenImage = goldenImage
        self.diffImage = diffImage
        self.stripImage = stripImage
        self.metrics = metrics
        self.checks = checks
        self.message = message
        self.recordCommand = recordCommand
    }
}

/// The numeric golden: every scenario metric and every frame's matrices against a committed JSON.
package struct NumbersResult: Codable, Sendable {
    /// pass, fail, missing.
    package var status: Verdict
    package var golden: String
    package var compared: Int
    package var mismatches: [NumberMismatch]
    package var recordCommand: String

    package init(status: Verdict, golden: String, compared: Int, mismatches: [NumberMismatch], recordCommand: String) {
        self.status = status
        self.golden = golden
        self.compared = compared
        self.mismatches = mismatches
        self.recordCommand = recordCommand
    }
}

/// A metric compared with an earlier run (`--baseline`).
package struct BaselineDelta: Codable, Sendable {
    /// `SCENARIO-ID / metric` or `frame NAME / metric`.
    package var key: String
    package var metric: String
    package var baseline: Double?
    package var current: Double?
    package var state: BaselineState
    /// Worse beyond the metric's noise band.
    package var worse: Bool { state == .worse }

    package init(key: String, metric: String, baseline: Double?, current: Double?, state: BaselineState) {
        self.key = key
        self.metric = metric
        self.baseline = baseline
        self.current = current
        self.state = state
    }

    enum CodingKeys: String, CodingKey { case key, metric, baseline, current, state, worse }

    /// Also reads the first schema's deltas (`worse` only, scenario metrics only).
    package init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        key = try c.decode(String.self, forKey: .key)
        metric = try c.decodeIfPresent(String.self, forKey: .metric) ?? String(key.split(separator: "/").last ?? "").trimmingCharacters(in: .whitespaces)
        baseline = try c.decodeIfPresent(Double.self, forKey: .baseline)
        current = try c.decodeIfPresent(Double.self, forKey: .current)
        if let state = try c.decodeIfPresent(BaselineState.self, forKey: .state) {
            self.state = state
        } else {
            state = try c.decodeIfPresent(Bool.self, forKey: .worse) == true ? .worse : .same
        }
    }

    package func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(key, forKey: .key)
        try c.encode(metric, forKey: .metric)
        try c.encodeIfPresent(baseline, forKey: .baseline)
        try c.encodeIfPresent(current, forKey: .current)
        try c.encode(state, forKey: .state)
    }
}
