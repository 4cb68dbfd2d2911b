@testable import Audit
import AuditOutput
import Foundation
import Geometry
import ParallaxTestSupport
import Projection
import Testing
import Tracking

/// The checks' values over time (audit.json's `series` and `timelines`), which audit.html's plots draw.
struct AuditSeriesTests {
    let screen = try! ScreenModel.device("iphone-15-pro")
    let s = 1.5, d = 0.35, theta = 30 * Double.pi / 180

    /// A still head on the camera's normal at 0.35 m, the phone tilted back 30° from launch, 2 s at 30 Hz (61
    /// samples: fewer than 2 × `SeriesLine.bins`, so the series holds every one).
    func launchTilt() -> HeadTrace {
        let m = Vec3(0, 0, d)
        var trace = HeadTrace(samples: (0..<61).map { HeadSample(t: Double($0) / 30, position: m) }, truth: Array(repeating: m, count: 61))
        trace.setOrientations(Array(repeating: Quaternion(axis: Vec3(1, 0, 0), angle: -theta), count: 61), .device)
        return trace
    }

    /// World-alignment alone on a constant 30° launch tilt. ARKit's gravity frame reports the head at
    /// r = (0, d·sin θ, d·cos θ) instead of m = (0, 0, d); both pipelines add the same camera and eye offsets and scale
    /// x and y by s, so the app's eye is off by (0, s·d·sin θ, −d·(1 − cos θ)):
    /// |Δ| = d·√(s²·sin²θ + (1 − cos θ)²) = 0.35·√(0.5625 + 0.01795) m = 266.655 mm at every instant. One Reset at
    /// 1 s recentres x and y on both sides (the origin is the raw position), leaving Δz: d·(1 − cos θ) = 46.891 mm.
    /// The plot's data is that: a flat line at 266.655 mm over the whole trace, and from the press on 46.891 mm. On the
    /// leave-one-out baseline, where both sides recenter correctly (as shipped, the app's own recenter stores the
    /// offset position and the Reset leaves more).
    @Test func launchTiltIsAFlatLineThatDropsAtTheReset() throws {
        var options = AuditOptions(traces: [("launch", launchTilt())], screens: [screen], scope: .cube, comparesHypotheses: false)
        options.baseline = .otherFixesApplied
        let result = try AppAudit.run(options)
        let check = try #require(result.checks.first { $0.id == .worldAlignment })
        let series = try #require(check.series.first)
        #expect(check.series.count == 1 && series.trace == "launch")
        let shipped = d * (s * s * sin(theta) * sin(theta) + (1 - cos(theta)) * (1 - cos(theta))).squareRoot() * 1000
        let afterReset = d * (1 - cos(theta)) * 1000
        expectClose(shipped, 266.655, within: .absolute(5e-4))
        expectClose(afterReset, 46.891, within: .absolute(5e-4))
        let eye = try #require(series.eyeErrorMm), eyeReset = try #require(series.eyeErrorMmAfterReset)
        #expect(eye.tS.count == 61 && eye.tS.first == 0 && eye.tS.last == 2)
        for y in eye.y { expectClose(y, shipped, within: .absolute(5e-4)) }
        #expect(eyeReset.tS.count == 31 && eyeReset.tS.first == 1 && eyeReset.tS.last == 2)
        for y in eyeReset.y { expectClose(y, afterReset, within: .absolute(5e-4)) }
        // The timeline the plot draws it on: 0–2 s, Reset at 1 s, no tracking loss.
        #expect(result.timelines == [TraceTimeline(trace: "launch", startS: 0, endS: 2, resetAtS: 1, lost: [])])
        // What audit.json holds is what was computed (the plot reads the file's values).
        let decoded = try JSONDecoder().decode(AuditResult.self, from: try result.jsonData())
        #expect(decoded.checks.first { $0.id == .worldAlignment }?.series.first?.eyeErrorMmAfterReset == eyeReset)
        let page = AuditReport.sections(decoded, pictures: true).flatMap(\.content).map { node -> String in
            var out = ""
            node.render(into: &out)
            return out
        }.joined()
        #expect(page.contains("world-alignment on launch: eye error (mm) against time (s), worst 267 mm at"))
    }

    /// Binning keeps each interval's smallest and largest values at their instants: a spike survives, and a long
    /// trace is cut to at most 2 × `SeriesLine.bins` points.
    @Test func binningKeepsTheSpike() throws {
        let points: [(time: Double, value: Double)] = (0..<6000).map { (i: Int) -> (time: Double, value: Double) in
            let wave: Double = sin(Double(i) / 50)
            return (time: Double(i) / 100, value: i == 4321 ? 99.0 : wave)
        }
        let line = try #require(SeriesLine.binned(points))
        #expect(line.tS.count <= 2 * SeriesLine.bins && line.tS.count > SeriesLine.bins)
        #expect(line.y.max() == 99 && line.tS[line.y.firstIndex(of: 99)!] == 43.21)
        #expect(line.tS == line.tS.sorted())
    }

    /// Tracking is lost from the first untracked sample to the next tracked one (or the trace's end).
    @Test func lossIntervalsRunToTheNextTrackedSample() throws {
        let tracked = [true, false, false, true, true, false]
        let trace = HeadTrace(samples: tracked.indices.map { HeadSample(t: Double($0) * 0.5, position: Vec3(0, 0, 0.35), tracked: tracked[$0]) })
        let timeline = TraceTimeline(try AuditCase(traceName: "gaps", trace: trace, screen: screen, mode: .cube))
        #expect(timeline.lost == [[0.5, 1.5], [2.5, 2.5]] && timeline.startS == 0 && timeline.endS == 2.5 && timeline.resetAtS == 1)
    }
}
