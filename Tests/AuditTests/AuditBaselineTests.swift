import Foundation
import Geometry
import ParallaxTestSupport
import Projection
import TestedApp
import Testing
import Tracking
@testable import Audit

/// A check's baseline: as shipped (the app against itself with the one behaviour corrected) by default, with the
/// other fixes applied (leave-one-out) when asked; each result says which.
struct AuditBaselineTests {
    let screen = try! ScreenModel.device("iphone-15-pro")

    /// 5 s of a still head at (30, 20, 350) mm in front of an upright, still phone.
    func stillHead(baseline: AuditBaseline) throws -> AuditCase {
        let head = Vec3(0.030, 0.020, 0.350)
        var trace = HeadTrace(samples: (0..<300).map { HeadSample(t: Double($0) / 60, position: head) }, truth: Array(repeating: head, count: 300))
        trace.setOrientations(Array(repeating: .identity, count: 300), .device)
        var audit = try AuditCase(traceName: "still", trace: trace, screen: screen, mode: .cube)
        audit.baseline = baseline
        return audit
    }

    func largestEyeJump(_ evaluation: CheckEvaluation) throws -> Double {
        let note = try #require(evaluation.notes.first)
        let number = try #require(note.firstMatch(of: /largest eye jump ([0-9.]+) mm/)?.1)
        return try #require(Double(number))
    }

    /// As shipped, the second press toggles back to the raw position: the eye jumps by the movement scale times
    /// the head's (x, y) offset, 1.5 · |(30, 20)| mm = 54.08 mm (the app sees the anchor as the eye, no camera offset).
    @Test func recenterAsShippedJumpsByTheScaledOffset() throws {
        let jump = try largestEyeJump(RecenterCheck.evaluate(try stillHead(baseline: .asShipped), configured: .shipped))
        expectClose(jump, 1.5 * (30.0 * 30 + 20 * 20).squareRoot(), within: .relative(0.005))
    }

    /// With the other fixes applied the stored position also holds the camera offset and the eye point, so the jump
    /// is larger: 1.5 · |(30, 20) + camera offset + (0, 32)| mm.
    @Test func recenterLeaveOneOutIncludesTheOtherCorrections() throws {
        let jump = try largestEyeJump(RecenterCheck.evaluate(try stillHead(baseline: .otherFixesApplied), configured: .shipped))
        let c = screen.cameraOffset * 1000
        expectClose(jump, 1.5 * ((30 + c.x) * (30 + c.x) + (20 + c.y + 32) * (20 + c.y + 32)).squareRoot(), within: .relative(0.005))
    }

    @Test func eachResultSaysItsBaseline() throws {
        var trace = HeadTrace(samples: (0..<120).map { HeadSample(t: Double($0) / 60, position: Vec3(0.01, 0, 0.4)) })
        trace.setOrientations(Array(repeating: .identity, count: 120), .device)
        var options = AuditOptions(traces: [("still", trace)], screens: [screen], scope: .cube, comparesHypotheses: false)
        let shipped = try AppAudit.run(options)
        options.baseline = .otherFixesApplied
        let leaveOneOut = try AppAudit.run(options)
        let baseline = { (result: AuditResult, id: AuditCheckID) in result.checks.first { $0.id == id }!.baseline }
        #expect(baseline(shipped, .cameraOffset) == .asShipped && baseline(leaveOneOut, .cameraOffset) == .otherFixesApplied)
        // Latency measures the app as configured; jacobian-clamp compares against the all-corrected frame by construction.
        #expect(baseline(leaveOneOut, .latency) == .asShipped && AuditCheck.jacobianClamp.ownBaseline == .otherFixesApplied)
        let json = String(decoding: try shipped.jsonData(), as: UTF8.self)
        #expect(json.contains("\"baseline\" : \"as shipped\""))
        #expect(shipped.text.contains("baseline: as shipped"))
    }
}
