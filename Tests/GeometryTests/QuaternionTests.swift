import Foundation
import Geometry
import Testing

/// Hand-computed rotations: Hamilton convention, w first, active rotation q·v·q*.
struct QuaternionTests {
    func close(_ a: Vec3, _ b: Vec3, _ tolerance: Double = 1e-12) -> Bool { (a - b).length <= tolerance }

    @Test func aQuarterTurnAboutZTakesXToY() {
        let q = Quaternion(axis: Vec3(0, 0, 1), angle: .pi / 2)
        #expect(abs(q.w - 0.5.squareRoot()) < 1e-15 && abs(q.z - 0.5.squareRoot()) < 1e-15)
        #expect(close(q.rotate(Vec3(1, 0, 0)), Vec3(0, 1, 0)))
        #expect(close(q.rotate(Vec3(0, 1, 0)), Vec3(-1, 0, 0)))
    }

    /// ParallaxLab's device attitude convention (issue 25): tilted back by 30° is a rotation about x by −30°,
    /// which takes the screen normal (0, 0, 1) to (0, sin 30°, cos 30°).
    @Test func aPhoneTiltedBackThirtyDegreesFacesUp() {
        let q = Quaternion(axis: Vec3(1, 0, 0), angle: -30 * .pi / 180)
        #expect(close(q.rotate(Vec3(0, 0, 1)), Vec3(0, 0.5, 3.0.squareRoot() / 2)))
    }

    @Test func productRotatesByTheRightFactorFirst() {
        let a = Quaternion(axis: Vec3(0, 0, 1), angle: .pi / 2), b = Quaternion(axis: Vec3(1, 0, 0), angle: .pi / 2)
        // b takes y to z; then a leaves z alone.
        #expect(close((a * b).rotate(Vec3(0, 1, 0)), Vec3(0, 0, 1)))
        // a takes y to −x; then b leaves x alone.
        #expect(close((b * a).rotate(Vec3(0, 1, 0)), Vec3(-1, 0, 0)))
        #expect(close((a * a.conjugate).rotate(Vec3(0.3, -0.2, 0.9)), Vec3(0.3, -0.2, 0.9)))
    }

    @Test func matrixRoundTripsAndMatchesRotate() {
        let q = Quaternion(w: 0.3, x: -0.5, y: 0.7, z: 0.2).normalized
        let r = q.matrixRows, v = Vec3(0.1, -2, 0.5)
        #expect(close(Vec3(r.0.dot(v), r.1.dot(v), r.2.dot(v)), q.rotate(v)))
        let back = Quaternion(matrixRows: r)
        #expect(back.angle(to: q) < 1e-7)
        // A half turn (trace −1) takes a non-w branch.
        let half = Quaternion(axis: Vec3(0, 1, 0), angle: .pi)
        #expect(Quaternion(matrixRows: half.matrixRows).angle(to: half) < 1e-7)
    }

    @Test func slerpHalfwayIsHalfTheAngleAndTakesTheShortArc() {
        let a = Quaternion.identity, b = Quaternion(axis: Vec3(0, 1, 0), angle: 1.2)
        let mid = a.slerp(to: b, 0.5)
        #expect(abs(mid.angle - 0.6) < 1e-12)
        let negated = Quaternion(w: -b.w, x: -b.x, y: -b.y, z: -b.z)
        #expect(a.slerp(to: negated, 0.5).angle(to: mid) < 1e-7)
        #expect(abs(a.angle(to: b) - 1.2) < 1e-12)
    }
}
