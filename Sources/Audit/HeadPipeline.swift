import Geometry
import Tracking

/// The app's head pipeline, one update at a time, in the app's order: camera-relative face-anchor position
/// in (z already |t.z|), the eye the renderer uses out.
///
///     [+ camera offset] [+ eye offset] − origin → z ≥ zMin → per-axis EMA (first sample passes)
///       → + (roll·g, −pitch·g) in cube mode → eye = (s·x, s·y, max(zMin, z))
///
/// Bracketed steps are the fixes (the app does neither). Recenter (`recenter()`) stores the origin and
/// resets the smoother; the app stores the already-offset position, so a second press toggles back.
public struct HeadPipeline: Sendable {
    public let pipeline: AppPipeline
    public let cameraOffset: Vec3
    public let mode: AppMode
    public private(set) var origin = Vec3.zero
    private var smoothed: Vec3?
    private var lastInput: Vec3?
    private var wasTracked = true

    public init(_ pipeline: AppPipeline, cameraOffset: Vec3, mode: AppMode) {
        self.pipeline = pipeline
        self.cameraOffset = cameraOffset
        self.mode = mode
    }

    /// The position after the physical corrections, before the origin.
    private func corrected(_ position: Vec3) -> Vec3 {
        var p = position
        if !pipeline.ignoresCameraOffset { p = p + cameraOffset }
        if !pipeline.usesAnchorAsEye { p = p + pipeline.eyeModel.offset }
        return p
    }

    /// One update: the eye for this sample. `attitude` is the phone's (pitch, roll) in radians relative to
    /// its reference attitude, when the trace carries it.
    public mutating func update(_ sample: HeadSample, attitude: (pitch: Double, roll: Double)? = nil) -> Vec3 {
        if !pipeline.keepsSmootherThroughLoss && sample.tracked && !wasTracked { smoothed = nil }
        wasTracked = sample.tracked
        let input = corrected(sample.position)
        lastInput = input
        var p = input - origin
        p.z = max(pipeline.zMin, p.z)
        let a = pipeline.smoothingAlpha
        let s = smoothed.map { a * p + (1 - a) * $0 } ?? p
        smoothed = s
        var head = s
        if mode == .cube, pipeline.addsTiltOffset, let attitude {
            head = head + Vec3(attitude.roll * pipeline.tiltGain, -attitude.pitch * pipeline.tiltGain, 0)
        }
        return Vec3(pipeline.appliedMovementScale * head.x, pipeline.appliedMovementScale * head.y, max(pipeline.zMin, head.z))
    }

    /// Recenter at the last input: the app stores the already-offset position (input − origin); the fix
    /// stores the input itself. Either way the smoother restarts.
    public mutating func recenter() {
        guard let input = lastInput else { return }
        origin = pipeline.recenterStoresOffsetPosition ? input - origin : input
        smoothed = nil
    }
}
