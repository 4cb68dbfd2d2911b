import Projection

/// A frame size in pixels, `WxH`, each 1…16384 (the renderers' limit, checked before anything is allocated).
public struct FrameSize: Equatable, Sendable, CustomStringConvertible {
    public static let maximum = 16_384
    public var width: Int
    public var height: Int

    public init(width: Int, height: Int) throws {
        guard (1...Self.maximum).contains(width), (1...Self.maximum).contains(height) else {
            throw SceneError("expected WxH in pixels (1…\(Self.maximum) each), found '\(width)x\(height)'")
        }
        self.width = width
        self.height = height
    }

    /// Parses `WxH` (case-insensitive x).
    public init(parsing text: String) throws {
        let parts = text.lowercased().split(separator: "x").map { Int($0) }
        guard parts.count == 2, let w = parts[0], let h = parts[1], (1...Self.maximum).contains(w), (1...Self.maximum).contains(h) else {
            throw SceneError("expected WxH in pixels (1…\(Self.maximum) each), found '\(text)'")
        }
        self.width = w
        self.height = h
    }

    /// The screen's own pixels.
    public init(of screen: ScreenModel) {
        width = screen.pixelWidth
        height = screen.pixelHeight
    }

    /// `fraction` (0, 1] of the screen's pixels, rounded, at least 1×1.
    public init(of screen: ScreenModel, scaledBy fraction: Double) {
        width = max(1, Int((Double(screen.pixelWidth) * fraction).rounded()))
        height = max(1, Int((Double(screen.pixelHeight) * fraction).rounded()))
    }

    public var description: String { "\(width)x\(height)" }
}
