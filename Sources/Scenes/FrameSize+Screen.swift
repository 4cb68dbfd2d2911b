import Imaging
import Projection
import Vocabulary

extension FrameSize {
    /// The screen's own pixels, when a renderer can make a frame that large (else give an explicit size).
    package init(of screen: ScreenModel) throws {
        do { try self.init(width: screen.pixelWidth, height: screen.pixelHeight) } catch {
            throw SceneError("screen: its pixel size as the frame size: \(error.problem); give a frame size")
        }
    }

    /// `fraction` (0, 1] of the screen's pixels, rounded, at least 1×1.
    package init(of screen: ScreenModel, scaledBy fraction: Double) throws(FieldError) {
        try self.init(width: max(1, Int((Double(screen.pixelWidth) * fraction).rounded())),
                      height: max(1, Int((Double(screen.pixelHeight) * fraction).rounded())))
    }
}
