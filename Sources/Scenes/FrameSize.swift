import Imaging
import Plumbing
import Projection
import Rendering
import Vocabulary

/// A frame size in pixels, `WxH`, within `FrameLimits` (checked before anything is allocated).
package struct FrameSize: Equatable, Sendable, CustomStringConvertible {
    package var width: Int
    package var height: Int

    package init(width: Int, height: Int) throws {
        do { try FrameLimits.check(width: width, height: height) } catch { throw SceneError("size: \(error.description)") }
        self.width = width
        self.height = height
    }

    /// Parses `WxH` (case-insensitive x).
    package init(parsing text: String) throws {
        let parts = text.lowercased().split(separator: "x").map { Int($0) }
        guard parts.count == 2, let w = parts[0], let h = parts[1], (try? FrameLimits.check(width: w, height: h)) != nil else {
            throw FieldError(FieldPath(), expected: "WxH in pixels, 1…\(FrameLimits.maximumSide) each and at most \(FrameLimits.maximumPixels) pixels", found: "'\(text)'")
        }
        self.width = w
        self.height = h
    }

    /// The screen's own pixels, when a renderer can make a frame that large (else give an explicit size).
    package init(of screen: ScreenModel) throws {
        do { try FrameLimits.check(width: screen.pixelWidth, height: screen.pixelHeight) } catch {
            throw SceneError("screen: its pixel size as the frame size: \(error.description); give a frame size")
        }
        width = screen.pixelWidth
        height = screen.pixelHeight
    }

    /// `fraction` (0, 1] of the screen's pixels, rounded, at least 1×1.
    package init(of screen: ScreenModel, scaledBy fraction: Double) {
        width = max(1, Int((Double(screen.pixelWidth) * fraction).rounded()))
        height = max(1, Int((Double(screen.pixelHeight) * fraction).rounded()))
    }

    package var description: String { "\(width)x\(height)" }
}
