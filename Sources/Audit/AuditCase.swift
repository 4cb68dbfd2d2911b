import Analysis
import Foundation
import Geometry
import Plumbing
import Projection
import Tracking

/// One trace on one screen in one mode: what every check evaluates.
public struct AuditCase: Sendable {
    public var traceName: String
    public var trace: HeadTrace
    /// The true screen (display table: its active area and camera position).
    public var screen: ScreenModel
    public var mode: AppMode
    /// The phone's (pitch, roll) per sample, radians, from the optional `pitch,roll` columns.
    public var attitude: [(pitch: Double, roll: Double)]?
    /// The true face-anchor positions: the trace's truth columns, else the reference estimate.
    public var truth: [Vec3]
    public var truthIsEstimated: Bool

    public init(traceName: String, trace: HeadTrace, screen: ScreenModel, mode: AppMode) throws {
        self.traceName = traceName
        self.trace = trace
        self.screen = screen
        self.mode = mode
        attitude = try Self.attitude(of: trace, name: traceName)
        if let truth = trace.truth {
            self.truth = truth
            truthIsEstimated = false
        } else {
            self.truth = ReferenceEstimate.estimate(trace).positions
            truthIsEstimated = true
        }
    }

    private static func attitude(of trace: HeadTrace, name: String) throws -> [(pitch: Double, roll: Double)]? {
        guard let pitch = trace.extraColumns.first(where: { $0.name == "pitch" }),
              let roll = trace.extraColumns.first(where: { $0.name == "roll" }) else { return nil }
        return try zip(pitch.values, roll.values).enumerated().map { i, pair in
            guard let p = Double(pair.0), let r = Double(pair.1), p.isFinite, r.isFinite else {
                throw FieldError(FieldPath([.key("\(name): sample \(i + 1) pitch,roll")]), expected: "finite angles in radians", found: "'\(pair.0)','\(pair.1)'")
            }
            return (p, r)
        }
    }

    public var times: [Double] { trace.samples.map(\.t) }

    /// The eye `pipeline` hands the renderer for each sample, after its hand-off delay.
    public func eyes(_ pipeline: AppPipeline, attitude override: [(pitch: Double, roll: Double)]? = nil) -> [Vec3] {
        var head = HeadPipeline(pipeline, cameraOffset: screen.cameraOffset, mode: mode)
        let angles = override ?? attitude
        let raw = trace.samples.indices.map { i in head.update(trace.samples[i], attitude: angles?[i]) }
        guard pipeline.delaysHandOff else { return raw }
        let t = times
        return t.indices.map { i in Self.interpolate(raw, times: t, at: t[i] - HandOff.delay(mode: mode, frame: i)) }
    }

    /// Linear interpolation of `values` at `time` (held at the ends).
    static func interpolate(_ values: [Vec3], times: [Double], at time: Double) -> Vec3 {
        guard let first = times.first, time > first else { return values[0] }
        var hi = times.partitionPoint { $0 < time }
        if hi >= times.count { return values[values.count - 1] }
        hi = max(hi, 1)
        let lo = hi - 1
        let w = (time - times[lo]) / (times[hi] - times[lo])
        return values[lo] + w * (values[hi] - values[lo])
    }

    /// The image model of `pipeline` on this screen and mode.
    public func image(_ pipeline: AppPipeline) -> ImageModel { ImageModel(pipeline, screen: screen, mode: mode) }
}

extension Array {
    /// The first index whose element fails `belongs` (elements that satisfy it come first).
    func partitionPoint(_ belongs: (Element) -> Bool) -> Int {
        var lo = 0, hi = count
        while lo < hi {
            let mid = (lo + hi) / 2
            if belongs(self[mid]) { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }
}
