/// The delay the app's render hand-offs add to the head (s), per display frame.
package enum HandOff {
    package static let displayRate = 60.0
    /// Golden-ratio step: equidistributed phases of the splat timer against vsync, deterministic.
    static let phaseStep = 0.6180339887498949

    /// Cube: the projection set for a frame is applied on the next (one frame). Splat: the head is copied
    /// on a 60 Hz timer whose phase against the display drifts, so a frame uses a head 0…1 frame old.
    package static func delay(mode: AppMode, frame index: Int) -> Double {
        let frame = 1 / displayRate
        switch mode {
        case .cube: return frame
        case .splat:
            let phase = (Double(index) * phaseStep).truncatingRemainder(dividingBy: 1)
            return frame * phase
        }
    }

    /// The mean delay in frames (for the latency model).
    package static func meanFrames(mode: AppMode) -> Double { mode == .cube ? 1 : 0.5 }
}
