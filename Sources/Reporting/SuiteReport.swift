import Plumbing
/// Everything a suite run found: the model behind report.json (schema 1), the HTML page, JUnit XML and the
/// Markdown summary. Every number shown in the page comes from here. No timestamps, so the same inputs give
/// the same bytes.
public struct SuiteReport: Codable, Sendable {
    public var schema = 1
    public var suite: String
    public var suiteFile: String
    public var environment: Environment
    public var passed: Bool
    public var counts: Counts
    public var budgets: [BudgetResult]
    public var scenarios: [ScenarioResult]
    public var frames: [FrameResult]
    public var numbers: NumbersResult?
    public var baseline: [BaselineDelta]?
    /// The suite's tuning sweep, when it has one (details in tune.json and the report's tuning sections).
    public var tune: TuneSummary?
    /// What the run measured (traces, smoothers, screens, scales), checked before comparing with a baseline.
    public var setup: RunSetup?
    /// The run that wrote the folder: a hash of the report's other fields and the frames' and numbers' bytes, also
    /// in `frames/run-id`, so that `parallax accept` promotes only frames this report describes. Absent in reports
    /// written before runs were staged.
    public var runId: String?

    public struct TuneSummary: Codable, Sendable {
        public var file: String
        public var smoother: String
        public var movementScale: String
        public var recommendation: String
        public init(file: String, smoother: String, movementScale: String, recommendation: String) {
            self.file = file
            self.smoother = smoother
            self.movementScale = movementScale
            self.recommendation = recommendation
        }
    }

    public init(suite: String, suiteFile: String, environment: Environment, budgets: [BudgetResult],
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

    public struct Environment: Codable, Sendable {
        public var version: String
        public var commit: String
        public var machine: String
        public var cores: Int
        public init(version: String, commit: String, machine: String, cores: Int) {
            self.version = version
            self.commit = commit
            self.machine = machine
            self.cores = cores
        }
    }

    public struct Counts: Codable, Sendable {
        public var frames: Int
        public var framesFailed: Int
        public var budgets: Int
        public var budgetsFailed: Int
        public var scenarios: Int
        public var numbersFailed: Int
    }
}

public struct BudgetResult: Codable, Sendable {
    public var metric: String
    public var unit: String
    public var limit: String
    public var scenario: String
    public var value: Double?
    public var passed: Bool
    public var note: String?
    /// The budget's line in the suite file (annotations point there).
    public var line: Int?

    public init(metric: String, unit: String, limit: String, scenario: String, value: Double?, passed: Bool, note: String?, line: Int? = nil) {
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
public struct ScenarioResult: Codable, Sendable {
    public var id: String
    public var trace: String
    /// The smoother as the suite wrote it, and its canonical spec with every parameter.
    public var smoother: String
    public var smootherSpec: String
    public var screen: String
    public var movementScale: Double
    /// Metric name (a `MetricCatalog.scenario` name) → value; absent when it could not be computed.
    public var metrics: [String: Double]
    public var notes: [String]
    /// Plot data (downsampled): time, truth / measured / smoothed x (mm), on-screen tracking error (px).
    public var series: Series
    /// What the metrics compare against when it is not ground truth ("reference estimate" for a recording).
    public var reference: String?

    public init(id: String, trace: String, smoother: String, smootherSpec: String, screen: String, movementScale: Double,
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

    public struct Series: Codable, Sendable {
        public var t: [Double]
        public var truthX: [Double]?
        public var measuredX: [Double]
        public var smoothedX: [Double]
        /// Welch PSD of the smoothed − truth residual (x), frequencies in Hz and power in mm²/Hz.
        public var psdFrequency: [Double]
        public var psdPower: [Double]
        /// |projected error| of the worst reference point per frame (tracking part), px.
        public var parallaxErrorPx: [Double]
        /// Timing gaps and frozen stretches, [start, end] in the plot's time (s), shaded in the plots.
        public var breaks: [[Double]]?

        public init(t: [Double], truthX: [Double]?, measuredX: [Double], smoothedX: [Double],
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
public struct FrameResult: Codable, Sendable {
    /// pass, fail (outside tolerance), missing (no golden), error (could not compare, e.g. size mismatch).
    public var status: Verdict
    public var name: String
    public var scene: String
    public var screen: String
    public var head: [Double]
    public var eye: [Double]
    public var width: Int
    public var height: Int
    public var golden: String
    /// Report-relative paths of the images written under frames/.
    public var actualImage: String
    public var goldenImage: String?
    public var diffImage: String?
    /// No longer written (the page never showed it); kept so earlier reports still read.
    public var stripImage: String?
    /// The changed regions (largest first, at most `DiffRegions.maximumReported`) and how many there were in all;
    /// absent when the frame was not compared.
    public var regions: [FrameRegion]?
    public var regionCount: Int?
    public var metrics: [String: Double]
    public var checks: [Check]
    public var message: String?
    public var recordCommand: String
    /// Render and compare time, s (JUnit `time`); not in report.json, which stays the same for the same inputs.
    public var seconds: Double?

    enum CodingKeys: String, CodingKey {
        case status, name, scene, screen, head, eye, width, height, golden, actualImage, goldenImage, diffImage, stripImage, regions, regionCount, metrics, checks, message,
            recordCommand
    }

    public struct Check: Codable, Sendable {
        public var limit: String
        public var value: Double?
        public var bound: Double
        public var relation: Relation
        public var passed: Bool
        public init(limit: String, value: Double?, bound: Double, relation: Relation, passed: Bool) {
            self.limit = limit
            self.value = value
            self.bound = bound
            self.relation = relation
            self.passed = passed
        }
    }

    public init(status: Verdict, name: String, scene: String, screen: String, head: [Double], eye: [Double], width: Int, height: Int,
                golden: String, actualImage: String, goldenImage: String?, diffImage: String?, stripImage: String?,
                metrics: [String: Double], checks: [Check], message: String?, recordCommand: String,
                regions: [FrameRegion]? = nil, regionCount: Int? = nil) {
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
public struct NumbersResult: Codable, Sendable {
    /// pass, fail, missing.
    public var status: Verdict
    public var golden: String
    public var compared: Int
    public var mismatches: [Mismatch]
    public var recordCommand: String

    public struct Mismatch: Codable, Sendable {
        public var key: String
        public var golden: Double?
        public var actual: Double?
        public init(key: String, golden: Double?, actual: Double?) {
            self.key = key
            self.golden = golden
            self.actual = actual
        }
    }

    public init(status: Verdict, golden: String, compared: Int, mismatches: [Mismatch], recordCommand: String) {
        self.status = status
        self.golden = golden
        self.compared = compared
        self.mismatches = mismatches
        self.recordCommand = recordCommand
    }
}

/// A metric compared with an earlier run (`--baseline`).
public struct BaselineDelta: Codable, Sendable {
    /// `SCENARIO-ID / metric` or `frame NAME / metric`.
    public var key: String
    public var metric: String
    public var baseline: Double?
    public var current: Double?
    public var state: BaselineState
    /// Worse beyond the metric's noise band.
    public var worse: Bool { state == .worse }

    public init(key: String, metric: String, baseline: Double?, current: Double?, state: BaselineState) {
        self.key = key
        self.metric = metric
        self.baseline = baseline
        self.current = current
        self.state = state
    }

    enum CodingKeys: String, CodingKey { case key, metric, baseline, current, state, worse }

    /// Also reads the first schema's deltas (`worse` only, scenario metrics only).
    public init(from decoder: Decoder) throws {
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

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(key, forKey: .key)
        try c.encode(metric, forKey: .metric)
        try c.encodeIfPresent(baseline, forKey: .baseline)
        try c.encodeIfPresent(current, forKey: .current)
        try c.encode(state, forKey: .state)
    }
}
