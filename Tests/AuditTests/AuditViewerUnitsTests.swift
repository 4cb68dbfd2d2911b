@testable import Audit
import DeviceFacts
import Foundation
import Geometry
import ParallaxTestSupport
import Projection
import TestedApp
import Testing
import Tracking
import Vocabulary

/// Issue 36's closed forms: the errors in the units the viewer lives in, per trace, after one Reset.
struct AuditViewerUnitsTests {
    let screen = try! ScreenModel.device("iphone-15-pro")
    let degree = Double.pi / 180
    let s = 1.5, d = 0.35, theta = 30 * Double.pi / 180
    /// Tilted back by θ: a rotation about x by −θ (the screen normal rises by θ).
    func tiltedBack(_ theta: Double) -> Quaternion { Quaternion(axis: Vec3(1, 0, 0), angle: -theta) }

    /// A still head on the camera's normal at 0.35 m, the phone tilted back 30° from launch, 2 s at 60 Hz.
    func launchTilt() throws -> AuditCase {
        let m = Vec3(0, 0, d)
        var trace = HeadTrace(samples: (0..<121).map { HeadSample(t: Double($0) / 60, position: m) }, truth: Array(repeating: m, count: 121))
        trace.setOrientations(Array(repeating: tiltedBack(theta), count: 121), .device)
        return try AuditCase(traceName: "launch", trace: trace, screen: screen, mode: .cube).on(.otherFixesApplied)
    }

    /// World-alignment alone (every other fix on): the app's eye is s·d·sin θ too high and d·(1 − cos θ) too close
    /// (1.5·0.35·sin 30° = 262.5 mm, 0.35·(1 − cos 30°) = 46.89 mm, |Δ| = 266.66 mm); every probe point the true
    /// image shows is drawn off the panel, so the px figure is withheld.
    @Test func launchTiltInViewerUnits() throws {
        let samples = IsolatedShift.evaluate(.worldAlignment, try launchTilt(), configured: .shipped)
        #expect(samples.count == 121)
        let v = try #require(samples.last?.viewer)
        expectClose(v.eyeError.x, 0, within: .absolute(1e-12))
        expectClose(v.eyeError.y, 0.2625, within: .absolute(1e-12))
        expectClose(v.eyeError.z, -0.046891108675446, within: .absolute(1e-12))
        expectClose(v.eyeError.length * 1000, 266.6552, within: .absolute(1e-3))
        #expect(v.onPanelFraction == 0 && v.pxOnPanel == nil)
        // The view angle by the glass formula: a point P seen from eye e lands on the glass at e + (P − e)·e_z/(e_z − P_z);
        // the viewer sits at the true, unexaggerated eye.
        let c = screen.cameraOffset, eyeOffset = Vec3(0, 0.032, 0)
        let viewer = Vec3(c.x, c.y + eyeOffset.y, d)
        let trueEye = Vec3(s * viewer.x, s * viewer.y, d)
        let appEye = trueEye + Vec3(0, 0.2625, -0.046891108675446)
        func glass(_ p: Vec3, _ e: Vec3) -> Vec3 { e + (e.z / (e.z - p.z)) * (p - e) }
        var angle = 0.0
        for p in ProbePoints.points(screen: screen, mode: .cube) {
            let t = glass(p, trueEye)
            guard abs(t.x) <= screen.width / 2, abs(t.y) <= screen.height / 2 else { continue }
            let a = glass(p, appEye)
            let u = a - viewer, w = t - viewer
            angle = max(angle, acos(min(1, u.dot(w) / (u.length * w.length))) * 180 / .pi)
        }
        #expect(angle > 10)
        expectClose(v.viewAngle, angle, within: .absolute(1e-6))
        // Aggregated: px withheld with a statement, viewer units reported.
        let result = CheckResult(.worldAlignment, samples: samples.map { TracedSample(trace: "launch", sample: $0) }, limit: 2, notes: [])
        #expect(result.viewer?.pxOnPanel == nil && result.viewer?.pxWithheld?.hasPrefix("px withheld") == true)
        expectClose(result.viewer!.eyeErrorMm.p95, 266.6552, within: .absolute(1e-3))
        #expect(result.viewer!.onPanelFraction.worst == 0)
    }

    /// After one Reset (recenter and gyro reference, at 1 s) the x, y error is gone and the depth error remains:
    /// Δz = −d·(1 − cos θ) = −46.89 mm. Both eyes then sit on the axis, so the back wall's corners move by
    /// |e_a/(e_a + D) − e_t/(e_t + D)|·√(pw² + ph²)/2 px (D = 0.30 m, e_a = d·cos θ, e_t = d): 50.5 px, on the panel.
    @Test func afterOneResetOnlyTheDepthErrorRemains() throws {
        let audit = try launchTilt().pressingReset()
        #expect(audit.resetIndex == 60)
        let samples = IsolatedShift.evaluate(.worldAlignment, audit, configured: .shipped)
        #expect(samples.count == 61)  // measured from the press on
        let v = try #require(samples.last?.viewer)
        expectClose(v.eyeError.length, d * (1 - cos(theta)), within: .absolute(1e-12))
        expectClose(v.eyeError.z, -0.046891108675446, within: .absolute(1e-12))
        let D = ProbePoints.backWallDepth, ea = d * cos(theta)
        let k = abs(ea / (ea + D) - d / (d + D))
        let px = k * (Double(screen.pixelWidth * screen.pixelWidth + screen.pixelHeight * screen.pixelHeight)).squareRoot() / 2
        expectClose(px, 50.5, within: .absolute(0.1))
        expectClose(samples.last!.value, px, within: .relative(1e-9))
        #expect(v.onPanelFraction == 1)
        expectClose(try #require(v.pxOnPanel), px, within: .relative(1e-9))
    }

    /// A constant camera offset: one press of Reset with the head anywhere cancels it; reported as an offset,
    /// −s·c (the app's eye 11.25 mm left and 98.4 mm below the true eye on an iPhone 15 Pro).
    @Test func aConstantOffsetIsReportedAsOneAndResetCancelsIt() throws {
        let audit = try launchTilt()
        let samples = IsolatedShift.evaluate(.cameraOffset, audit, configured: .shipped)
        let result = CheckResult(.cameraOffset, samples: samples.map { TracedSample(trace: "launch", sample: $0) }, limit: 2, notes: [])
        let offset = try #require(result.constantOffset)
        let c = screen.cameraOffset
        expectClose(offset.eyeMm, [-s * c.x * 1000, -s * c.y * 1000, 0], within: .absolute(1e-9))
        #expect(offset.direction.contains("mm left") && offset.direction.contains("mm down"))
        let afterReset = IsolatedShift.evaluate(.cameraOffset, audit.pressingReset(), configured: .shipped)
        #expect(afterReset.allSatisfy { $0.value == 0 && $0.viewer!.eyeError.length == 0 })
    }

    /// A pooled p95 never hides a failing trace: 100 instants at 0 px on one trace and 3 at 10 px on another pool to
    /// a p95 of 0 px (the 96.9th of 103 sorted values), but the second trace's p95 is 10 px.
    @Test func aFailingTraceFailsTheCheck() {
        let quiet = (0..<100).map { TracedSample(trace: "quiet", sample: CheckSample(value: 0, place: "quiet @ \($0)")) }
        let loud = (0..<3).map { TracedSample(trace: "loud", sample: CheckSample(value: 10, place: "loud @ \($0)")) }
        let result = CheckResult(.gyroTilt, samples: quiet + loud, limit: 2, notes: [])
        #expect(result.p95 == 0)
        #expect(!result.passed)
        #expect(result.perTrace.map(\.trace) == ["quiet", "loud"])
        #expect(result.failingTraces.map(\.trace) == ["loud"] && result.failingTraces[0].p95 == 10)
    }

    /// On the canonical traces gyro-tilt fails on tilt.csv alone (the only trace that turns the phone), and the
    /// text names it.
    @Test func gyroTiltFailsOnTiltAndTheTextSaysSo() throws {
        let result = try AppAudit.run(try AuditDecisiveTests().options(fixes: [], traces: ["sway", "tilt"], modes: [.cube]))
        let gyro = try #require(result.checks.first { $0.id == .gyroTilt })
        #expect(!gyro.passed)
        #expect(gyro.failingTraces.map(\.trace) == ["tilt"])
        #expect(result.text.contains("  gyro-tilt: tilt (p95 "))
        // The reset button also resets the gyro reference: a still phone after the press shows no offset.
        #expect(gyro.afterReset.worst < gyro.worst)
    }

    /// The text carries the assumptions, the hypotheses with their experiments, the notes and the traces' origin.
    @Test func theTextCarriesAssumptionsNotesAndTheTracesOrigin() throws {
        let result = try AppAudit.run(try AuditDecisiveTests().options(fixes: [], traces: ["sway"], modes: [.cube]))
        let text = result.text
        #expect(text.contains("Assumptions:\n  - ARKit frame: gravity (hypothesis"))
        #expect(text.contains("  - arkit-frame (inferred; sensitivity not measured: the audit with the app's code and sensitivity on measures it): one minute on a device"))
        // Every registry entry is listed, those without an alternative to run so marked.
        for entry in AuditAssumption.allCases { #expect(text.contains("  - \(entry.rawValue) (")) }
        #expect(text.contains("  - eye (assumed; no alternative to run: a value a device measures): "))
        #expect(text.contains("Notes:\n") && text.contains("mm higher") && text.contains("largest eye jump"))
        #expect(text.contains("traces: synthetic (parallax synth"))
        #expect(text.contains("What to fix first: every failing check by the view-angle error the viewer sees after one Reset (°), its own measure beside it:\n  1. "))
        let world = try #require(result.checks.first { $0.id == .worldAlignment })
        #expect(world.restsOn == [.arkitFrame, .arkitAxes, .attitude, .eye])
        #expect(result.hypotheses.contains { $0.id == .arkitFrame && $0.status == .inferred })
    }

    /// The ranking orders every failing counted check by its view-angle p95 after one Reset, largest first — latency
    /// and tracking-loss too, by the view-angle error their delay causes — with its own measure beside it.
    @Test func theRankingIsByViewAngleAfterReset() throws {
        let result = try AppAudit.run(try AuditDecisiveTests().options(fixes: [], traces: ["sway", "dropouts"], modes: [.cube]))
        let angles = result.ranking.map(\.viewAngleP95AfterResetDeg)
        #expect(!angles.isEmpty && angles == angles.sorted(by: >))
        #expect(Set(result.ranking.map(\.check)) == Set(result.failing.map(\.id)))
        #expect(result.ranking.contains { $0.check == .latency && $0.unit == "ms" } && result.ranking.contains { $0.check == .trackingLoss && $0.unit == "s" })
        for rank in result.ranking {
            let check = try #require(result.checks.first { $0.id == rank.check })
            #expect(check.afterReset.viewAngleErrorDeg?.p95 == rank.viewAngleP95AfterResetDeg && check.restsOn == rank.restsOn)
            #expect(rank.afterResetP95 == check.afterReset.p95 && rank.baseline == check.baseline)
        }
    }

    /// Latency's view angle is the true window a latency ago against now: on a head moving at a constant 0.1 m/s
    /// across an upright phone, the eye (×1.5) lags by 1.5 · 0.1 m/s · L, so the back wall's image moves by that
    /// projected — the same angle as a still eye displaced by it. The head passes the screen's centre at sample 36
    /// (its y puts the true eye, camera offset and eye point included, at the centre's height).
    @Test func latencysViewAngleIsTheDelayedEyesAngle() throws {
        let speed = 0.1, samples = (0..<120).map { k in HeadSample(t: Double(k) / 60, position: Vec3(-0.06 + speed * Double(k) / 60, -0.0976, 0.4)) }
        var trace = HeadTrace(samples: samples, truth: samples.map(\.position))
        trace.setOrientations(Array(repeating: .identity, count: 120), .device)
        let audit = try AuditCase(traceName: "ramp", trace: trace, screen: try ScreenModel.device("iphone-15-pro"), mode: .cube)
        let latencies = Array(repeating: 0.1, count: 120)
        let angles = LatencyCheck.viewAngles(audit, configured: .shipped, latencies: latencies)
        let configured = AppPipeline.shipped
        let window = audit.image(configured.fixingAll().with(behaviourOf: .exaggeration, from: configured))
        let eyes = audit.trueEyes(configured), viewers = audit.trueEyes(configured, exaggerated: false)
        let i = 36
        let shifted = eyes[i] - Vec3(1.5 * speed * 0.1, 0, 0)
        let expected = try #require(ProbePoints.compare(ProbePoints.points(screen: audit.screen, mode: .cube), app: (window, shifted), reference: (window, eyes[i]),
                                                        viewer: viewers[i])).viewer.viewAngle
        let angle = try #require(angles.first { $0.time == audit.times[i] })
        #expect(abs(angle.angle - expected) < 1e-9 && expected > 0)
        // The plot draws these per instant (°), the check's own values being a distribution in ms.
        let result = try AppAudit.run(AuditOptions(traces: [("ramp", trace)], screens: [audit.screen], scope: .cube, fixes: [], pipeline: .shipped))
        let latency = try #require(result.checks.first { $0.id == .latency })
        let series = try #require(latency.series.first)
        #expect(series.valueUnit == "°" && series.trace == "ramp" && !series.value.y.isEmpty)
        // At the model's latencies (not the constant 0.1 s above): the check's own per-instant angles, worst ringed.
        let evaluated = LatencyCheck.evaluate(audit, configured: .shipped)
        #expect(series.worst == evaluated.viewAngles.max()! && evaluated.viewAngleTimes.count == evaluated.viewAngles.count)
    }

    /// audit.json schema 3: every key snake_case (no schema-2 camelCase key is written), the new members present.
    @Test func auditJSONIsSchemaThreeInSnakeCase() throws {
        let result = try AppAudit.run(try AuditDecisiveTests().options(fixes: [], traces: ["tilt"], modes: [.cube]))
        let object = try JSONSerialization.jsonObject(with: try result.jsonData())
        var keys: Set<String> = []
        func walk(_ value: Any) {
            if let dictionary = value as? [String: Any] {
                for (key, inner) in dictionary { keys.insert(key); walk(inner) }
            } else if let array = value as? [Any] {
                array.forEach(walk)
            }
        }
        walk(object)
        #expect((object as? [String: Any])?["schema"] as? Int == 3)
        #expect(keys.allSatisfy { $0.range(of: "^[a-z0-9_]+$", options: .regularExpression) != nil }, "\(keys.sorted())")
        #expect(keys.isSuperset(of: ["per_trace", "after_reset", "rests_on", "eye_error_mm", "view_angle_error_deg", "on_panel_fraction",
                                     "hypotheses", "experiment", "worst_at", "counts_in_verdict", "under_other_arkit_frame", "trace_sources"]))
        #expect(!keys.contains("worstAt") && !keys.contains("worstPx"))
    }
}
