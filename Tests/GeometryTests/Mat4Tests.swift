import Foundation
import Geometry
import ParallaxTestSupport
import Testing

/// Expects every component of `actual` within `tolerance` of `expected`'s.
func expectClose(_ actual: Vec3, _ expected: Vec3, within tolerance: NumericTolerance<Double>, sourceLocation: SourceLocation = #_sourceLocation) {
    expectClose([actual.x, actual.y, actual.z], [expected.x, expected.y, expected.z], within: tolerance, sourceLocation: sourceLocation)
}

@Suite struct Mat4Tests {
    @Test func storageIsRowMajorAndVectorsAreColumns() {
        let m = Mat4(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16)
        #expect(m[0, 3] == 4)
        #expect(m[1, 0] == 5)
        #expect(m.elements == (1...16).map(Double.init))
        #expect(m.rowArrays[2] == [9, 10, 11, 12])
        #expect(m.column(1) == Vec4(2, 6, 10, 14))
        // Column-vector convention: (M·v)_r = Σ_c M[r, c]·v_c.
        #expect(m * Vec4(1, 0, 0, 0) == Vec4(1, 5, 9, 13))
        #expect(m.transposed[3, 0] == 4)
        #expect(Mat4(rowArrays: m.rowArrays) == m)
        #expect(Mat4(rowArrays: [[1, 2, 3]]) == nil)
        var n = Mat4.identity
        n[2, 1] = 7
        #expect(n.elements[9] == 7)
    }

    @Test func translationLivesInTheLastColumnAndProductsApplyRightFirst() {
        let t = Mat4.translation(Vec3(1, 2, 3))
        #expect(t[0, 3] == 1 && t[1, 3] == 2 && t[2, 3] == 3)
        #expect(t.transformProjecting(point: Vec3(1, 1, 1)) == Vec3(2, 3, 4))
        #expect(t.transform(direction: Vec3(1, 1, 1)) == Vec3(1, 1, 1))
        let s = Mat4.scaling(Vec3(2, 2, 2))
        // (T·S)·p scales first: 2·(1,1,1) + (1,2,3).
        #expect((t * s).transformProjecting(point: Vec3(1, 1, 1)) == Vec3(3, 4, 5))
        #expect((s * t).transformProjecting(point: Vec3(1, 1, 1)) == Vec3(4, 6, 8))
    }

    @Test func rotationsAreRightHanded() {
        expectClose(Mat4.rotationZ(.pi / 2).transform(direction: Vec3(1, 0, 0)), Vec3(0, 1, 0), within: .absolute(1e-15))
        expectClose(Mat4.rotationX(.pi / 2).transform(direction: Vec3(0, 1, 0)), Vec3(0, 0, 1), within: .absolute(1e-15))
        expectClose(Mat4.rotationY(.pi / 2).transform(direction: Vec3(0, 0, 1)), Vec3(1, 0, 0), within: .absolute(1e-15))
        let r = Mat4.rotation(axis: Vec3(1, 1, 1), angle: 2 * .pi / 3)
        expectClose(r.transform(direction: Vec3(1, 0, 0)), Vec3(0, 1, 0), within: .absolute(1e-15))
        #expect(abs(r.determinant - 1) < 1e-14)
    }

    @Test func inverseTimesMatrixIsIdentity() throws {
        var random = SplitMix64(seed: 3)
        for _ in 0..<200 {
            var m = Mat4.identity
            for r in 0..<4 { for c in 0..<4 { m[r, c] = random.uniform(-2...2) } }
            let inverse = try #require(m.inverse)
            #expect((m * inverse).maxAbsDifference(.identity) < 1e-9 * max(1, 1 / abs(m.determinant)))
            #expect((inverse * m).maxAbsDifference(.identity) < 1e-9 * max(1, 1 / abs(m.determinant)))
        }
        let t = Mat4.translation(Vec3(0.1, -0.2, 0.3))
        #expect(try #require(t.inverse).maxAbsDifference(.translation(Vec3(-0.1, 0.2, -0.3))) < 1e-16)
        let rotation = Mat4.rotation(axis: Vec3(0.3, -1, 0.2), angle: 0.7)
        #expect(try #require(rotation.inverse).maxAbsDifference(rotation.transposed) < 1e-15)
        #expect(Mat4(1, 2, 3, 4, 2, 4, 6, 8, 0, 0, 1, 0, 0, 0, 0, 1).inverse == nil)
        #expect(Mat4.scaling(Vec3(2, 3, 4)).determinant == 24)
    }

    @Test func lookAtPutsTheEyeAtTheOriginLookingDownMinusZ() throws {
        let view = try #require(Mat4.lookAt(eye: Vec3(0, 0, 1), target: .zero, up: Vec3(0, 1, 0)))
        #expect(view.maxAbsDifference(.translation(Vec3(0, 0, -1))) < 1e-16)
        let eye = Vec3(0.3, -0.2, 0.5), target = Vec3(-0.1, 0.1, -0.25)
        let m = try #require(Mat4.lookAt(eye: eye, target: target, up: Vec3(0, 1, 0)))
        expectClose(m.transformProjecting(point: eye), .zero, within: .absolute(1e-15))
        let seen = m.transformProjecting(point: target)
        #expect(abs(seen.x) < 1e-15 && abs(seen.y) < 1e-15)
        #expect(abs(seen.z + (target - eye).length) < 1e-15)
        #expect(Mat4.lookAt(eye: eye, target: eye, up: Vec3(0, 1, 0)) == nil)
        #expect(Mat4.lookAt(eye: .zero, target: Vec3(0, 1, 0), up: Vec3(0, 1, 0)) == nil)
    }

    @Test func glFrustumMapsTheNearWindowAndFarPlane() {
        let (l, r, b, t, n, f) = (-0.3, 0.1, -0.2, 0.4, 0.5, 20.0)
        let p = Mat4.frustum(left: l, right: r, bottom: b, top: t, near: n, far: f)
        expectClose(p.transformProjecting(point: Vec3(l, b, -n)), Vec3(-1, -1, -1), within: .absolute(1e-14))
        expectClose(p.transformProjecting(point: Vec3(r, t, -n)), Vec3(1, 1, -1), within: .absolute(1e-14))
        // The far plane through the near-window corner ray (r, t)·f/n.
        expectClose(p.transformProjecting(point: Vec3(r * f / n, t * f / n, -f)), Vec3(1, 1, 1), within: .absolute(1e-12))
        #expect(p[3, 2] == -1 && p[3, 3] == 0)
        let frustum = Frustum(left: l, right: r, bottom: b, top: t, near: n, far: f)
        #expect(frustum.glMatrix == p)
        #expect(abs(frustum.fieldOfView.horizontal - (atan(0.1 / 0.5) + atan(0.3 / 0.5))) < 1e-15)
    }
}
