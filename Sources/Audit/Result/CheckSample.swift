import Geometry

/// One value of a check: at an instant of a trace (or another named point, e.g. a colour level).
package struct CheckSample: Sendable {
    package var value: Double
    /// Where the value was taken: "sway @ 12.350 s", "level 128".
    package var place: String
    /// The trace's time of the instant (s), when the place is one (`AuditCase.timed`): what the plots draw against.
    package var time: Double?
    /// For image-shift checks: the case and the eyes of the app's frame and the reference frame.
    var frame: FramePose?
    /// For geometric checks: what the viewer sees at this instant (eye error, view angle, on-panel share).
    package var viewer: ViewerSample?

    package init(value: Double, place: String) {
        self.value = value
        self.place = place
    }

    init(value: Double, place: String, frame: FramePose? = nil, viewer: ViewerSample?) {
        self.init(value: value, place: place)
        self.frame = frame
        self.viewer = viewer
    }
}

/// The two eyes of an image-shift check at one instant (`caseIndex` is filled in by `AppAudit`).
package struct FramePose: Sendable {
    package var caseIndex = 0
    package var appEye: Vec3
    package var referenceEye: Vec3
    /// When the app's side is the app's own code: the sample whose frame it is, in the case's straight run
    /// (`CodeShift`) — the pictures then draw the app's own scene there.
    package var codeSample: Int?

    package init(appEye: Vec3, referenceEye: Vec3, codeSample: Int? = nil) {
        (self.appEye, self.referenceEye, self.codeSample) = (appEye, referenceEye, codeSample)
    }
}

/// What one check found on one case: its values and a short note (units, counts, secondary numbers).
package struct CheckEvaluation: Sendable {
    package var samples: [CheckSample]
    package var notes: [String]
    /// A limit that depends on the case (clip-depth: the nearest geometry), replacing the default.
    package var limit: Double?
    /// The values with the reset button pressed once (`AuditCase.resetTime`), from the press on (`AppAudit.evaluate`).
    package var afterReset: [CheckSample] = []
    /// Whether both sides were the app's own code (`AuditCheck.modelOnly` nil), not the model.
    package var measuredOnCode: Bool
    /// For a check whose own unit is not an image shift (latency, tracking-loss): the view-angle error (°) it causes
    /// at each instant it measures, so the ranking compares every check in one unit.
    package var viewAngles: [Double] = []
    /// The trace's time of each of `viewAngles` when they are per instant (latency: what its plot draws); else empty.
    package var viewAngleTimes: [Double] = []
    /// How the app produced the error as this case measured it (the gain the app's code holds, the filter it has),
    /// where that departs from the check's own line (`AuditCheck.mechanism`).
    package var mechanism: String?

    package init(samples: [CheckSample], notes: [String] = [], limit: Double? = nil, measuredOnCode: Bool = false) {
        self.samples = samples
        self.notes = notes
        self.limit = limit
        self.measuredOnCode = measuredOnCode
    }
}

extension AuditCase {
    package func place(_ i: Int) -> String {
        "\(traceName) @ \(String(format: "%.3f", trace.samples[i].t)) s"
    }

    /// `samples` with the time of each whose place is an instant of this case (`place(_:)`, looked up, not parsed);
    /// the others (a trace's name, a colour level) keep none.
    func timed(_ samples: [CheckSample]) -> [CheckSample] {
        var times: [String: Double] = [:]
        for i in trace.samples.indices.reversed() { times[place(i)] = trace.samples[i].t }
        return samples.map { sample in
            var timed = sample
            timed.time = times[sample.place]
            return timed
        }
    }
}
