import Geometry

/// Where the eye sits relative to ARKit's face-anchor origin (the trace's positions), in the anchor's
/// frame aligned with the screen (+x right, +y up, +z toward the viewer).
///
/// Defaults after the first public head-coupled iPhone app: one open eye at IPD/2 to the side (IPD 64 mm)
/// and 32 mm above the anchor origin; depth 0 (the anchor origin's depth relative to the eyes is not
/// documented by ARKit, so it is left to the user).
public struct EyeModel: Hashable, Codable, Sendable {
    public enum Eye: String, Hashable, Codable, Sendable, CaseIterable {
        case left, right, cyclopean
    }

    public var eye: Eye
    /// Interpupillary distance, m.
    public var interpupillaryDistance: Double
    /// Eye height above the anchor origin, m.
    public var height: Double
    /// How far the eye sits in front of the anchor origin (toward the screen), m.
    public var depth: Double

    public init(eye: Eye = .right, interpupillaryDistance: Double = 0.064, height: Double = 0.032, depth: Double = 0) {
        self.eye = eye
        self.interpupillaryDistance = interpupillaryDistance
        self.height = height
        self.depth = depth
    }

    /// The eye minus the anchor origin.
    public var offset: Vec3 {
        let side: Double
        switch eye {
        case .left: side = -interpupillaryDistance / 2
        case .right: side = interpupillaryDistance / 2
        case .cyclopean: side = 0
        }
        return Vec3(side, height, -depth)
    }
}
