import Foundation

/// A line of a check's plot: instants (s, the trace's clock) and values, binned (`binned`).
package struct SeriesLine: Codable, Sendable, Equatable {
    package var tS: [Double]
    package var y: [Double]

    enum CodingKeys: String, CodingKey { case tS = "t_s", y }

    /// At most this many equal intervals of the line's time span; each keeps its smallest and its largest value, at
    /// their instants, in time order — so a spike (the worst instant) and a flat stretch both survive.
    package static let bins = 60

    /// The points (`time`, `value`) binned, times rounded to the millisecond and values to 1/1000 of their unit.
    /// Nil without points.
    package static func binned(_ points: [(time: Double, value: Double)]) -> SeriesLine? {
        let points = points.filter { $0.time.isFinite && $0.value.isFinite }.sorted { $0.time < $1.time }
        guard let first = points.first, let last = points.last else { return nil }
        var kept: [(time: Double, value: Double)] = []
        if points.count <= 2 * bins {
            kept = points
        } else {
            let span = max(last.time - first.time, 1e-9)
            var start = 0
            while start < points.count {
                let bin = min(bins - 1, Int((points[start].time - first.time) / span * Double(bins)))
                var end = start
                while end + 1 < points.count, min(bins - 1, Int((points[end + 1].time - first.time) / span * Double(bins))) == bin { end += 1 }
                let slice = points[start...end]
                let low = slice.indices.min { points[$0].value < points[$1].value }!
                let high = slice.indices.max { points[$0].value < points[$1].value }!
                for i in Set([low, high]).sorted() { kept.append(points[i]) }
                start = end + 1
            }
        }
        return SeriesLine(tS: kept.map { ($0.time * 1000).rounded() / 1000 }, y: kept.map { ($0.value * 1000).rounded() / 1000 })
    }
}

/// One trace's share of a check over time — what its plot in audit.html draws, and nothing else: the check's value at
/// each instant (its unit) and, for geometric checks, the eye error (mm, |app eye − true eye|), each for the app as
/// shipped and for a user who pressed Reset once (`AuditCase.resetPressTime`, the values from the press on); the
/// trace's worst instant of the check's value.
package struct TraceSeries: Codable, Sendable {
    package var trace: String
    package var value: SeriesLine
    package var valueAfterReset: SeriesLine?
    package var eyeErrorMm: SeriesLine?
    package var eyeErrorMmAfterReset: SeriesLine?
    package var worstTS: Double?
    package var worst: Double
    /// The unit of `value` when it is not the check's own: "°" for latency's, the view-angle error its delay causes
    /// at each instant (its own values are a distribution, not one per instant); nil otherwise.
    package var valueUnit: String?

    enum CodingKeys: String, CodingKey {
        case trace, value, valueAfterReset = "value_after_reset", eyeErrorMm = "eye_error_mm", eyeErrorMmAfterReset = "eye_error_mm_after_reset"
        case worstTS = "worst_t_s", worst, valueUnit = "value_unit"
    }

    /// The series of a check measured in view angle per instant (°, `valueUnit`), nil without instants.
    static func ofViewAngles(trace: String, shipped: [(time: Double, value: Double)], afterReset: [(time: Double, value: Double)]) -> TraceSeries? {
        guard let value = SeriesLine.binned(shipped), let worst = shipped.indices.max(by: { shipped[$0].value < shipped[$1].value }) else { return nil }
        return TraceSeries(trace: trace, value: value, valueAfterReset: SeriesLine.binned(afterReset), eyeErrorMm: nil, eyeErrorMmAfterReset: nil,
                           worstTS: shipped[worst].time, worst: shipped[worst].value, valueUnit: "°")
    }

    /// The series of a trace's samples (those with an instant), nil when none has one.
    static func of(trace: String, samples: [CheckSample], afterReset: [CheckSample]) -> TraceSeries? {
        let timed = samples.filter { $0.time != nil }, timedReset = afterReset.filter { $0.time != nil }
        guard let value = SeriesLine.binned(timed.map { ($0.time!, $0.value) }) else { return nil }
        func eyeError(_ samples: [CheckSample]) -> SeriesLine? {
            samples.allSatisfy({ $0.viewer != nil }) ? SeriesLine.binned(samples.map { ($0.time!, $0.viewer!.eyeError.length * 1000) }) : nil
        }
        let worst = timed.indices.max { timed[$0].value < timed[$1].value }!
        return TraceSeries(trace: trace, value: value, valueAfterReset: SeriesLine.binned(timedReset.map { ($0.time!, $0.value) }),
                           eyeErrorMm: eyeError(timed), eyeErrorMmAfterReset: timedReset.isEmpty ? nil : eyeError(timedReset),
                           worstTS: timed[worst].time, worst: timed[worst].value)
    }
}

/// A trace's clock as the plots draw it: its span, when Reset is pressed, and where tracking is lost (from the first
/// untracked sample to the next tracked one, or the trace's end).
package struct TraceTimeline: Codable, Sendable, Equatable {
    package var trace: String
    package var startS: Double
    package var endS: Double
    package var resetAtS: Double
    package var lost: [[Double]]

    enum CodingKeys: String, CodingKey { case trace, startS = "start_s", endS = "end_s", resetAtS = "reset_at_s", lost }

    package init(trace: String, startS: Double, endS: Double, resetAtS: Double, lost: [[Double]]) {
        (self.trace, self.startS, self.endS, self.resetAtS, self.lost) = (trace, startS, endS, resetAtS, lost)
    }

    init(_ audit: AuditCase) {
        let samples = audit.trace.samples
        trace = audit.traceName
        startS = samples.first?.t ?? 0
        endS = samples.last?.t ?? 0
        resetAtS = startS + AuditCase.resetPressTime
        var lost: [[Double]] = [], from: Double?
        for sample in samples {
            if !sample.tracked, from == nil { from = sample.t }
            if sample.tracked, let start = from {
                lost.append([start, sample.t])
                from = nil
            }
        }
        if let from { lost.append([from, endS]) }
        self.lost = lost
    }
}
