import Geometry
import TestedApp

/// A recorded axis with a sign ("+x", "-z"): where a recording carries one of the screen's directions.
package enum SignedAxis: String, CaseIterable, Codable, Sendable {
    case plusX = "+x", minusX = "-x", plusY = "+y", minusY = "-y", plusZ = "+z", minusZ = "-z"

    package var axis: Int { [0, 0, 1, 1, 2, 2][Self.allCases.firstIndex(of: self)!] }
    package var sign: Double { rawValue.hasPrefix("+") ? 1 : -1 }

    package init(axis: Int, sign: Double) {
        self = Self.allCases.first { $0.axis == axis && $0.sign == (sign < 0 ? -1 : 1) }!
    }

    /// The component of `v` along this signed axis.
    package func component(of v: Vec3) -> Double { sign * [v.x, v.y, v.z][axis] }

    /// The signed axis carrying most of `v`, when it carries at least `share` of its length.
    package static func dominant(_ v: Vec3, share: Double) -> SignedAxis? {
        let c = [v.x, v.y, v.z]
        let k = (0..<3).max { abs(c[$0]) < abs(c[$1]) }!
        guard v.length > 0, abs(c[k]) >= share * v.length else { return nil }
        return SignedAxis(axis: k, sign: c[k])
    }
}

/// Which recorded axes carry the screen's right and up (a recording's answer; `ARKitFrameDecision`), and the
/// map from recorded coordinates to the screen's (x right, y up, z toward the viewer): right and up as found,
/// z the remaining axis with the sign that puts the face in front (z > 0), so a mirrored recording maps too.
package struct ScreenAxes: Codable, Sendable, Equatable {
    package var right: SignedAxis
    package var up: SignedAxis
    /// The remaining axis, signed toward the viewer.
    package var toward: SignedAxis

    package init(right: SignedAxis, up: SignedAxis, toward: SignedAxis) {
        self.right = right
        self.up = up
        self.toward = toward
    }

    /// nil when right and up share an axis.
    package init?(right: SignedAxis, up: SignedAxis, faceMean: Vec3) {
        guard right.axis != up.axis else { return nil }
        let third = 3 - right.axis - up.axis
        let along = [faceMean.x, faceMean.y, faceMean.z][third]
        self.init(right: right, up: up, toward: SignedAxis(axis: third, sign: along < 0 ? -1 : 1))
    }

    /// A recorded vector in the screen's axes.
    package func screen(_ recorded: Vec3) -> Vec3 {
        Vec3(right.component(of: recorded), up.component(of: recorded), toward.component(of: recorded))
    }

    /// Whether recorded → screen is a reflection (a left-handed recorded frame: a mirrored camera).
    package var isMirrored: Bool {
        let basis = [right, up, toward].map { a -> Vec3 in
            var c = [0.0, 0.0, 0.0]
            c[a.axis] = a.sign
            return Vec3(c[0], c[1], c[2])
        }
        return basis[0].cross(basis[1]).dot(basis[2]) < 0
    }

    private enum CodingKeys: String, CodingKey { case right, up }

    package init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let right = try c.decode(SignedAxis.self, forKey: .right), up = try c.decode(SignedAxis.self, forKey: .up)
        self.init(right: right, up: up, toward: SignedAxis(axis: 3 - right.axis - up.axis, sign: 1))
    }

    package func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(right, forKey: .right)
        try c.encode(up, forKey: .up)
    }
}
