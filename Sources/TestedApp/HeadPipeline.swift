import Geometry
import Tracking
import Vocabulary

/// What the app's head pipeline receives per update: the anchor position it reads (ARKit's report under the
/// audit's hypothesis, z as |t.z|), whether the face is tracked, and — for the fixes and the gyro — the head's
/// orientation (face → screen) and the phone's attitude (screen → gravity frame).
package struct HeadInput: Sendable {
    package var position: Vec3
    package var tracked: Bool
    package var headOrientation: Quaternion
    package var attitude: Quaternion?

    package init(position: Vec3, tracked: Bool = true, headOrientation: Quaternion = .identity, attitude: Quaternion? = nil) {
        self.position = position
        self.tracked = tracked
        self.headOrientation = headOrientation
        self.attitude = attitude
    }
}

/// The app's head pipeline, one update at a time, in the app's order (AristidesAI/Splat-Frame @ 4ca7217,
/// `Services/HeadTrackingService.swift:64–72`, `Views/CubeMode/CubeSceneController.swift:442–448`):
///
///     [+ camera offset] [+ eye offset, rotated with the head] → x − originX, y − originY (z never offset)
///       → z ≥ zMin → per-axis EMA (first sample passes) → + gyro tilt (cube; own EMA α = 0.3)
///       → eye = (s·x, s·y, max(zMin, z))
///
/// Bracketed steps are fixes (the app does neither). Recenter (`recenter()`, `HeadTrackingService.swift:46–51`,
/// `MainTabView.swift:214–219`) stores the origin's x and y, restarts the three smoothers and the gyro reference;
/// the app stores the smoothed, already-offset position, so a second press toggles back; the fix stores the input.
package struct HeadPipeline: Sendable {
    package let pipeline: AppPipeline
    package let cameraOffset: Vec3
    package let mode: AppMode
    package private(set) var origin = (x: 0.0, y: 0.0)
    private var smoothed: Vec3?
    /// The smoothed, origin-offset head before the tilt offset and the movement scale: the app's
    /// `HeadTrackingService.currentPosition`.
    package var smoothedHead: Vec3? { smoothed }
    private var lastInput: Vec3?
    private var wasTracked = true
    private var tilt: CoreMotionTilt

    package init(_ pipeline: AppPipeline, cameraOffset: Vec3, mode: AppMode) {
        self.pipeline = pipeline
        self.cameraOffset = cameraOffset
        self.mode = mode
        tilt = CoreMotionTilt(gain: pipeline.tiltGain, alpha: AppDefaults.tiltAlpha)
    }

    /// The position after the physical corrections, before the origin.
    private func corrected(_ input: HeadInput) -> Vec3 {
        var p = input.position
        if !pipeline.ignoresCameraOffset { p = p + cameraOffset }
        if !pipeline.usesAnchorAsEye { p = p + input.headOrientation.rotate(pipeline.eyeModel.offset) }
        return p
    }

    /// One update: the eye for this sample.
    package mutating func update(_ input: HeadInput) -> Vec3 {
        if !pipeline.keepsSmootherThroughLoss && input.tracked && !wasTracked { smoothed = nil }
        wasTracked = input.tracked
        let position = corrected(input)
        lastInput = position
        let p = Vec3(position.x - origin.x, position.y - origin.y, max(pipeline.zMin, position.z))
        let a = pipeline.smoothingAlpha
        let s = smoothed.map { a * p + (1 - a) * $0 } ?? p
        smoothed = s
        var head = s
        if mode == .cube, pipeline.addsTiltOffset, let attitude = input.attitude {
            head = head + tilt.offset(attitude)
        }
        let scale = pipeline.appliedMovementScale
        return Vec3(scale * head.x, scale * head.y, max(pipeline.zMin, head.z))
    }

    /// The reset button: origin x and y from the smoothed, offset position (the app) or the input (the fix);
    /// the smoothers and the gyro reference restart.
    package mutating func recenter() {
        let source = pipeline.recenterStoresOffsetPosition ? smoothed : lastInput
        guard let source else { return }
        origin = (source.x, source.y)
        smoothed = nil
        tilt.reset()
    }
}

extension SensorStream {
    /// What the model's head pipeline receives for the same samples (`HeadPipeline.update`).
    package var headInputs: [HeadInput] {
        samples.map { HeadInput(position: $0.anchor, tracked: $0.tracked, attitude: $0.attitude) }
    }
}
