import Geometry
import TestedApp
import Testing

/// The comparison of two apps' frames, on hand-made frames: the earliest stage of the earliest differing frame.
struct AppComparisonTests {
    static func frame(_ t: Double, head: Vec3, tilt: (Double, Double) = (0, 0), eye: Vec3? = nil, p00: Double = 1) -> AppFrame {
        var projection = Mat4.identity
        projection[0, 0] = p00
        return AppFrame(t: t, head: head, tiltOffset: tilt, eye: eye ?? head, projection: projection, view: .identity)
    }

    static let model = (0..<4).map { frame(Double($0) / 60, head: Vec3(0.01 * Double($0), 0, 0.4)) }

    @Test func framesWithinFloatPrecisionAgree() {
        let code = Self.model.map { Self.frame($0.t, head: $0.head + Vec3(5e-7, 0, 0), p00: 1 + 5e-6) }
        let comparison = AppComparison.compare([code], with: [Self.model], names: ["sway"])
        #expect(comparison.agree)
        #expect(comparison.statement == "model = code (1 run)")
    }

    @Test func theFirstDifferingStageAndFrameAreNamed() throws {
        var code = Self.model
        code[2] = Self.frame(code[2].t, head: code[2].head, eye: code[2].eye + Vec3(0.002, 0, 0), p00: 2)  // eye before projection
        code[3] = Self.frame(code[3].t, head: code[3].head + Vec3(0, 0.001, 0))
        let comparison = AppComparison.compare([Self.model, code], with: [Self.model, Self.model], names: ["still", "sway"])
        #expect(comparison.differingRuns == 1)
        let first = try #require(comparison.first)
        #expect(first.stage == .eye && first.run == "sway" && first.frame == 3 && first.t == 2.0 / 60 && abs(first.delta - 0.002) < 1e-15)
        #expect(comparison.statement == "model ≠ code (1 of 2 runs): first at the eye, frame 3 (t = 0.033 s) of sway, |Δ| 2.00 mm")
    }

    @Test func aTiltOffsetTheModelLacksIsTheTiltStage() {
        let code = Self.model.map { Self.frame($0.t, head: $0.head, tilt: (0.003, 0), eye: $0.eye + Vec3(0.003, 0, 0)) }
        let comparison = AppComparison.compare([code], with: [Self.model], names: ["tilt"])
        #expect(comparison.first?.stage == .tilt && comparison.first?.frame == 1)
    }

    @Test func missingFramesDiffer() {
        let comparison = AppComparison.compare([Array(Self.model.prefix(2))], with: [Self.model], names: ["sway"])
        #expect(comparison.first?.frame == 3)
        #expect(comparison.statement.hasSuffix("of sway, frames missing on one side"))
    }
}
