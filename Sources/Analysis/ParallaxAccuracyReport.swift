/// RMS, 95th percentile and maximum of one error quantity (see `ParallaxAccuracy` for the definitions).
public struct ParallaxErrorSummary: Codable, Equatable, Sendable {
    public var rms: Double
    public var p95: Double
    public var max: Double

    public init(rms: Double, p95: Double, max: Double) {
        self.rms = rms
        self.p95 = p95
        self.max = max
    }
}

/// One error part in three units: on-screen pixels, millimetres on the glass, arcminutes at the true eye.
public struct ParallaxErrorStats: Codable, Equatable, Sendable {
    public var pixels: ParallaxErrorSummary
    public var millimeters: ParallaxErrorSummary
    public var arcminutes: ParallaxErrorSummary

    public init(pixels: ParallaxErrorSummary, millimeters: ParallaxErrorSummary, arcminutes: ParallaxErrorSummary) {
        self.pixels = pixels
        self.millimeters = millimeters
        self.arcminutes = arcminutes
    }
}

/// The result of `ParallaxAccuracy.evaluate`: total error versus a true window, split into the part
/// caused by tracking + smoothing and the part caused by the exaggeration (movement scale ≠ 1 and
/// app-parity options), plus the visible jitter while the true head is still.
public struct ParallaxAccuracyReport: Codable, Equatable, Sendable {
    public var frames: Int
    public var points: Int
    public var movementScale: Double
    /// The screen model the pipeline used, and the physical screen the errors are measured on.
    public var screen: String
    public var physicalScreen: String
    public var total: ParallaxErrorStats
    public var tracking: ParallaxErrorStats
    public var exaggeration: ParallaxErrorStats
    /// Consecutive frame pairs in which the true head was still.
    public var stillFramePairs: Int
    public var visibleJitter: ParallaxErrorStats?

    public init(
        frames: Int, points: Int, movementScale: Double, screen: String, physicalScreen: String,
        total: ParallaxErrorStats, tracking: ParallaxErrorStats, exaggeration: ParallaxErrorStats,
        stillFramePairs: Int, visibleJitter: ParallaxErrorStats?
    ) {
        self.frames = frames
        self.points = points
        self.movementScale = movementScale
        self.screen = screen
        self.physicalScreen = physicalScreen
        self.total = total
        self.tracking = tracking
        self.exaggeration = exaggeration
        self.stillFramePairs = stillFramePairs
        self.visibleJitter = visibleJitter
    }
}
