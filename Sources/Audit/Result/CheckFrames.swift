/// The pictures of one instant of a check, files under the report's `audit/` folder: the app's frame beside the true
/// window's (`pair`), and the overlay (`overlay`, `AuditOverlay`), with the numbers they show.
package struct InstantFrames: Codable, Sendable {
    /// The instant ("sway @ 10.551 s").
    package var at: String
    /// The check's value there (its unit).
    package var value: Double
    package var pair: String
    package var overlay: String
    /// Each frame's size (px): the pair is two of them side by side with `AuditFrames.gap` between.
    package var frameWidth: Int
    package var frameHeight: Int
    /// The eyes the two frames are drawn from (mm, screen frame: x right, y up, z out of the glass).
    package var appEyeMm: [Double]
    package var trueEyeMm: [Double]
    package var eyeErrorMm: Double
    /// The probe points' largest displacement between the two frames on the glass plane (panel px, unclipped).
    package var largestShiftPx: Double?
    /// What the app's frame shows: the app's own scene (its code replayed to the instant, `--app-source`) or the
    /// model's app-look room from the eye the check computed.
    package var appFrame: AppFrameSource

    package enum AppFrameSource: String, Codable, Sendable {
        case appCode = "the app's own scene"
        case model = "the model's app-look room"
    }

    enum CodingKeys: String, CodingKey {
        case at, value, pair, overlay, frameWidth = "frame_width", frameHeight = "frame_height", appEyeMm = "app_eye_mm", trueEyeMm = "true_eye_mm", eyeErrorMm = "eye_error_mm", largestShiftPx = "largest_shift_px"
        case appFrame = "app_frame"
    }

    package init(at: String, value: Double, pair: String, overlay: String, frameWidth: Int, frameHeight: Int, appEyeMm: [Double],
                 trueEyeMm: [Double], eyeErrorMm: Double, largestShiftPx: Double?, appFrame: AppFrameSource) {
        (self.at, self.value, self.pair, self.overlay, self.frameWidth, self.frameHeight) = (at, value, pair, overlay, frameWidth, frameHeight)
        (self.appEyeMm, self.trueEyeMm, self.eyeErrorMm, self.largestShiftPx, self.appFrame) = (appEyeMm, trueEyeMm, eyeErrorMm, largestShiftPx, appFrame)
    }
}

/// A check's pictures: at its worst instant, and at its worst instant after one Reset.
package struct CheckFrames: Codable, Sendable {
    package var worst: InstantFrames?
    package var afterReset: InstantFrames?

    enum CodingKeys: String, CodingKey { case worst, afterReset = "after_reset" }

    package init(worst: InstantFrames? = nil, afterReset: InstantFrames? = nil) {
        (self.worst, self.afterReset) = (worst, afterReset)
    }
}
