import Geometry
import Testing
@testable import Splatting

@Suite struct PlacementTests {
    /// 101 splats on a 2 × 1 × 0.5 grid-ish box (x ∈ [−1, 1], y ∈ [0, 1], z ∈ [2, 2.5]) plus one far floater.
    func boxScene() -> SplatScene {
        var s = SplatScene(shDegree: 0)
        for i in 0...100 {
            let t = Float(i) / 100
            s.append(position: SIMD3(-1 + 2 * t, t, 2 + 0.5 * t), scale: SIMD3(repeating: 0.01), rotation: SIMD4(1, 0, 0, 0), opacity: 1, coefficients: [0, 0, 0])
        }
        s.append(position: SIMD3(100, 100, 100), scale: SIMD3(repeating: 0.01), rotation: SIMD4(1, 0, 0, 0), opacity: 1, coefficients: [0, 0, 0])
        return s
    }

    @Test func fitCentresTheRobustBoxBehindTheScreen() throws {
        let s = boxScene()
        let m = try ScenePlacement().modelMatrix(for: s, screenWidth: 0.07, screenHeight: 0.15)
        // Robust box (2nd–98th percentile of 102 values, the floater ignored): x ∈ [−0.96, 0.96] ≈, so the
        // scale is 0.07 / width and the box's front (largest z) lands on z = 0, its centre on the axis.
        let box = ScenePlacement.robustBounds(s, orientation: .identity)
        #expect(box.hi.x < 1.01 && box.hi.z < 2.51)
        let scale = 0.07 / (box.hi.x - box.lo.x)
        let front = m.transform(point: Vec3((box.lo.x + box.hi.x) / 2, (box.lo.y + box.hi.y) / 2, box.hi.z)).xyz
        #expect(front.length < 1e-12)
        #expect(abs(m[0, 0] - scale) < 1e-12)
        // Everything of the box lies behind the screen plane.
        for i in 0...100 {
            let p = s.position(i)
            #expect(m.transform(point: Vec3(Double(p.x), Double(p.y), Double(min(p.z, Float(box.hi.z))))).z <= 1e-12)
        }
    }

    @Test func flipYTurnsACaptureUprightWithoutMirroring() throws {
        let placement = ScenePlacement(fit: false, flipY: true)
        let m = try placement.modelMatrix(for: boxScene(), screenWidth: 0.07, screenHeight: 0.15)
        #expect(m.transform(point: Vec3(1, 2, 3)).xyz == Vec3(1, -2, -3))
        #expect(abs(m.determinant - 1) < 1e-12)
        let moved = try ScenePlacement(fit: false, scale: 2, rotationDegrees: Vec3(0, 90, 0), translation: Vec3(0, 0, -1))
            .modelMatrix(for: boxScene(), screenWidth: 0.07, screenHeight: 0.15)
        let p = moved.transform(point: Vec3(1, 0, 0)).xyz
        #expect((p - Vec3(0, 0, -3)).length < 1e-12)
    }
}
