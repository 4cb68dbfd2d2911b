/// RMS, 95th percentile and maximum of one error quantity (see `ParallaxAccuracy` for the definitions).
package struct ParallaxErrorSummary: Codable, Equatable, Sendable {
    package var rms: Double
    package var p95: Double
    package var max: Double

    package init(rms: Double, p95: Double, max: Double) {
        self.rms = rms
        self.p95 = p95
        self.max = max
    }
}

/// One error part in three units: on-screen pixels, millimetres on the glass, arcminutes at the true eye.
package struct ParallaxErrorStats: Codable, Equatable, Sendable {
    package var pixels: ParallaxErrorSummary
    package var millimeters: ParallaxErrorSummary
    package var arcminutes: ParallaxErrorSummary

    package init(pixels: ParallaxErrorSummary, millimeters: ParallaxErrorSummary, arcminutes: ParallaxErrorSummary) {
        self.pixels = pixels
        self.millimeters = millimeters
        self.arcminutes = arcminutes
    }
}

/// The result of `ParallaxAccuracy.evaluate`: total error versus a true window, split into the part
/// caused by tracking + smoothing and the part caused by the exaggeration (movement scale ≠ 1 and
/// app-parity options), plus the visible jitter while the true head is still.
package struct ParallaxAccuracyReport: Codable, Equatable, Sendable {
    package var frames: Int
    package var points: Int
    package var movementScale: Double
    /// The screen model the pipeline used, and the physical screen the errors are measured on.
    package var screen: String
    package var physicalScreen: String
    package var total: ParallaxErrorStats
    package var tracking: ParallaxErrorStats
    package var exaggeration: ParallaxErrorStats
    /// Consecutive frame pairs in which the true head was still.
    package var stillFramePairs: Int
    package var visibleJitter: ParallaxErrorStats?

    package init(
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
