import Geometry

/// Where the eye sits relative to ARKit's face-anchor origin (the trace's positions), in the face frame:
/// x to the person's right, y up, z out of the back of the head — the screen's axes when the head is upright
/// and faces the screen squarely (ARKit's own face frame turned by π about y). The trace's `head_q*` columns
/// rotate it into the screen frame, so the eye moves with head yaw and pitch.
///
/// Defaults: the cyclopean eye (the midpoint between the eyes: one image seen by two eyes; `left`/`right` for
/// one open eye at IPD/2 to the side, IPD 64 mm), 32 mm above the anchor origin; depth 0 (the anchor origin's
/// depth relative to the eyes is not documented by ARKit, so it is left to the user).
package struct EyeModel: Hashable, Codable, Sendable {
    package enum Eye: String, Hashable, Codable, Sendable, CaseIterable {
        case left, right, cyclopean
    }

    package var eye: Eye
    /// Interpupillary distance, m.
    package var interpupillaryDistance: Double
    /// Eye height above the anchor origin, m.
    package var height: Double
    /// How far the eye sits in front of the anchor origin (toward the screen), m.
    package var depth: Double

    package init(eye: Eye = .cyclopean, interpupillaryDistance: Double = FaceEyes.standardInterpupillaryDistance,
                 height: Double = FaceEyes.standardHeight, depth: Double = 0) {
        self.eye = eye
        self.interpupillaryDistance = interpupillaryDistance
        self.height = height
        self.depth = depth
    }

    /// The eye minus the anchor origin.
    package var offset: Vec3 {
        let side: Double
        switch eye {
        case .left: side = -interpupillaryDistance / 2
        case .right: side = interpupillaryDistance / 2
        case .cyclopean: side = 0
        }
        return Vec3(side, height, -depth)
    }
}

extension EyeModel {
    /// The two eyes this model places (whichever it looks from): what the simulated ARKit reports as the face's eyes.
    package var faceEyes: FaceEyes {
        var left = self, right = self
        left.eye = .left
        right.eye = .right
        return FaceEyes(left: left.offset, right: right.offset)
    }

    /// One line for the report: what the eye-dependent numbers assume.
    package func assumption(hasHeadOrientation: Bool) -> String {
        let side = eye == .cyclopean ? "the cyclopean eye" : "the \(eye.rawValue) eye (IPD \(Int((interpupillaryDistance * 1000).rounded())) mm)"
        return "eye: \(side), \(Int((height * 1000).rounded())) mm above the face anchor, \(Int((depth * 1000).rounded())) mm in front of it, "
            + (hasHeadOrientation ? "rotated with the head (head_q columns)" : "head facing the screen squarely (no head_q columns)")
    }
}
