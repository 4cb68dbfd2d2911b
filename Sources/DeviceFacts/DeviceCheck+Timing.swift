import Foundation
import Plumbing

/// The sensors' and the renderer's timing. The simulation steps ARKit, CoreMotion and the display together every
/// 1/60 s (assumed: Apple documents no face-tracking frame rate that holds on every device, and says of
/// `deviceMotionUpdateInterval` that it "is capped to minimum and maximum values" and that an app "should always
/// check the timestamps … to determine the true update interval",
/// developer.apple.com/documentation/coremotion/cmmotionmanager/devicemotionupdateinterval). It calls the
/// renderer on the main thread (assumed: `SCNSceneRendererDelegate` does not say which thread
/// renderer(_:updateAtTime:) runs on).
extension DeviceCheck {
    /// sensor-rates: each stream's mean interval against 1/60 s; the alternative names the streams that differ.
    static func rates(_ probe: DeviceProbe) -> Entry {
        let streams = [("arkit", probe.arkitTimestamps), ("motion", probe.motionTimestamps), ("render", probe.renderTimestamps)]
        let timings = streams.map { timing($0.1) }
        let requested = probe.motionRequestedInterval
        let detail = DeviceEvidence.Detail.rates(arkit: timings[0], motion: timings[1], render: timings[2], motionRequestedInterval: requested)
        var note = zip(streams, timings).map { describe($0.0, $1) }.joined(separator: ", ")
        note += String(format: "; motion requested every %.2f ms", requested * 1000)
        if let motion = timings[1].meanInterval, abs(motion - requested) > rateTolerance * requested {
            note += " and not delivered so"
        }
        let short = streams.filter { !measurable($0.1) }.map(\.0)
        if !short.isEmpty {
            note = "too short to measure \(short.joined(separator: ", ")) (at least \(minimumIntervals) intervals over \(NumberText.format(minimumSpan)) s each): " + note
            return Entry(verdict: .undecided, evidence: DeviceEvidence(note: note, detail: detail))
        }
        let differing = zip(streams, timings).filter { abs($1.meanInterval! - simulatedInterval) > rateTolerance * simulatedInterval }
        let verdict: Verdict = differing.isEmpty ? .matchesDefault
            : .alternative(differing.map { String(format: "%@ %.1f Hz", $0.0, $1.rateHz!) }.joined(separator: ", "))
        return Entry(verdict: verdict, evidence: DeviceEvidence(note: note, detail: detail))
    }

    /// render-thread: as recorded (the field is required, so it is always decided).
    static func thread(_ thread: DeviceProbe.RenderThread) -> Entry {
        let note = "renderer(_:updateAtTime:) ran on " + (thread == .main ? "the main thread" : "a thread other than the main one")
        return Entry(verdict: thread == .main ? .matchesDefault : .alternative(thread.rawValue), evidence: DeviceEvidence(note: note, detail: .thread(thread)))
    }

    /// Mean interval = span over intervals (drops included: the rate the app sees), the intervals' standard
    /// deviation and the longest; nil numbers with fewer than two timestamps or a span beyond a Double.
    static func timing(_ t: [Double]) -> DeviceEvidence.StreamTiming {
        guard t.count >= 2, (t.last! - t.first!).isFinite else {
            return DeviceEvidence.StreamTiming(timestamps: t.count, meanInterval: nil, intervalSpread: nil, maxInterval: nil)
        }
        let intervals = zip(t.dropFirst(), t).map { $0 - $1 }
        let mean = (t.last! - t.first!) / Double(intervals.count)
        let variance = intervals.reduce(0.0) { $0 + ($1 - mean) * ($1 - mean) } / Double(intervals.count)
        return DeviceEvidence.StreamTiming(timestamps: t.count, meanInterval: mean, intervalSpread: variance.squareRoot(), maxInterval: intervals.max())
    }

    private static func measurable(_ t: [Double]) -> Bool {
        guard let first = t.first, let last = t.last else { return false }
        return t.count - 1 >= minimumIntervals && last - first >= minimumSpan && (last - first).isFinite
    }

    private static func describe(_ name: String, _ timing: DeviceEvidence.StreamTiming) -> String {
        guard let mean = timing.meanInterval, let spread = timing.intervalSpread, let rate = timing.rateHz else {
            return "\(name) \(timing.timestamps) timestamp\(timing.timestamps == 1 ? "" : "s")"
        }
        return String(format: "%@ %.2f ± %.2f ms (%.1f Hz)", name, mean * 1000, spread * 1000, rate)
    }
}
