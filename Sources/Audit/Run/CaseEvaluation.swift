import Geometry
import TestedApp

/// One check's values on one audit case (`AppAudit.evaluate`): what a shard of a suite hands the merge, which
/// aggregates them (`AppAudit.aggregate`) as one run does. A suite's audit has tens of thousands of samples and a
/// part file is read whole, so the JSON form keeps every value and its time but the place and frame only of the samples that can
/// be a check's worst: `CheckResult` takes the first maximum over the cases' samples in order, which is this case's
/// first sample or one above every earlier sample of the case (a running record; so for the values after Reset). The others decode with an empty
/// place and no frame, which nothing reads.
package struct CaseEvaluation: Sendable {
    package var check: AuditCheckID
    /// The case's index in `AppAudit.cases`.
    package var caseIndex: Int
    /// The ARKit hypothesis the values were measured under.
    package var arkitFrame: ARKitFrame
    package var samples: [CheckSample]
    /// The values with the reset button pressed once at the first second (`AuditCase.pressingReset`).
    package var afterReset: [CheckSample]
    package var notes: [String]
    package var limit: Double?
    /// Whether the values were measured on the app's own code (`CheckEvaluation.measuredOnCode`).
    package var measuredOnCode = false
    /// After the Reset, the view-angle errors of a check whose own unit is not an image shift (`CheckEvaluation.viewAngles`).
    package var resetViewAngles: [Double] = []
    /// Per instant, as shipped and after the Reset, when the check has them (`CheckEvaluation.viewAngleTimes`): the
    /// view-angle errors and their times, what latency's plot draws.
    package var viewAngles: [Double] = []
    package var viewAngleTimes: [Double] = []
    package var resetViewAngleTimes: [Double] = []
    /// The mechanism as measured on this case (`CheckEvaluation.mechanism`).
    package var mechanism: String?
}

extension CaseEvaluation: Codable {
    enum CodingKeys: String, CodingKey {
        case check, caseIndex, arkitFrame, values, times, records, places, framed, eyes, viewer, notes, limit, resetValues, resetTimes, resetViewer
        case resetRecords, resetPlaces, resetFramed, resetEyes, measuredOnCode, resetViewAngles, viewAngles, viewAngleTimes, resetViewAngleTimes, mechanism
    }

    /// Per sample of a geometric check: eye error x, y, z, view angle, on-panel fraction, px on the panel (−1: none).
    static let viewerWidth = 6

    static func viewerNumbers(_ samples: [CheckSample]) -> [Double] {
        samples.flatMap { sample -> [Double] in
            guard let v = sample.viewer else { return [] }
            return [v.eyeError.x, v.eyeError.y, v.eyeError.z, v.viewAngle, v.onPanelFraction, v.pxOnPanel ?? -1]
        }
    }

    /// Attaches the viewer numbers to `samples` (all of them or none carry one).
    static func attach(_ numbers: [Double], to samples: inout [CheckSample]) -> Bool {
        guard !numbers.isEmpty else { return true }
        guard numbers.count == viewerWidth * samples.count else { return false }
        for i in samples.indices {
            let v = numbers[(viewerWidth * i)..<(viewerWidth * i + viewerWidth)].map { $0 }
            samples[i].viewer = ViewerSample(eyeError: Vec3(v[0], v[1], v[2]), viewAngle: v[3], onPanelFraction: v[4], pxOnPanel: v[5] < 0 ? nil : v[5])
        }
        return true
    }

    /// The samples that can be a check's worst: the first, and every later one above all earlier ones.
    static func records(_ values: [Double]) -> [Int] {
        var records: [Int] = [], best = -Double.infinity
        for (i, value) in values.enumerated() where i == 0 || value > best {
            records.append(i)
            if value > best { best = value }
        }
        return records
    }

    package init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        check = try c.decode(AuditCheckID.self, forKey: .check)
        caseIndex = try c.decode(Int.self, forKey: .caseIndex)
        arkitFrame = try c.decode(ARKitFrame.self, forKey: .arkitFrame)
        notes = try c.decode([String].self, forKey: .notes)
        limit = try c.decodeIfPresent(Double.self, forKey: .limit)
        measuredOnCode = try c.decode(Bool.self, forKey: .measuredOnCode)
        resetViewAngles = try c.decode([Double].self, forKey: .resetViewAngles)
        viewAngles = try c.decode([Double].self, forKey: .viewAngles)
        viewAngleTimes = try c.decode([Double].self, forKey: .viewAngleTimes)
        resetViewAngleTimes = try c.decode([Double].self, forKey: .resetViewAngleTimes)
        mechanism = try c.decodeIfPresent(String.self, forKey: .mechanism)
        let values = try c.decode([Double].self, forKey: .values)
        samples = values.map { CheckSample(value: $0, place: "") }
        afterReset = try c.decode([Double].self, forKey: .resetValues).map { CheckSample(value: $0, place: "") }
        let times = try c.decode([Double?].self, forKey: .times), resetTimes = try c.decode([Double?].self, forKey: .resetTimes)
        guard times.count == samples.count, resetTimes.count == afterReset.count else {
            throw DecodingError.dataCorruptedError(forKey: .times, in: c, debugDescription: "expected a time (or null) per value")
        }
        for i in samples.indices { samples[i].time = times[i] }
        for i in afterReset.indices { afterReset[i].time = resetTimes[i] }
        guard Self.attach(try c.decode([Double].self, forKey: .viewer), to: &samples),
              Self.attach(try c.decode([Double].self, forKey: .resetViewer), to: &afterReset) else {
            throw DecodingError.dataCorruptedError(forKey: .viewer, in: c, debugDescription: "expected \(Self.viewerWidth) viewer numbers per sample")
        }
        try Self.decodeRecords(c, keys: (.records, .places, .framed, .eyes), into: &samples)
        try Self.decodeRecords(c, keys: (.resetRecords, .resetPlaces, .resetFramed, .resetEyes), into: &afterReset)
    }

    /// The places and eyes of the samples that can be a check's worst (`records`), under `keys`.
    private static func decodeRecords(_ c: KeyedDecodingContainer<CodingKeys>, keys: (CodingKeys, CodingKeys, CodingKeys, CodingKeys),
                                      into samples: inout [CheckSample]) throws {
        let records = try c.decode([Int].self, forKey: keys.0), places = try c.decode([String].self, forKey: keys.1)
        let framed = try c.decode([Int].self, forKey: keys.2), eyes = try c.decode([Double].self, forKey: keys.3)
        guard places.count == records.count, eyes.count == 6 * framed.count,
              (records + framed).allSatisfy({ samples.indices.contains($0) }) else {
            throw DecodingError.dataCorruptedError(forKey: keys.0, in: c, debugDescription: "expected a place per record and 6 eye coordinates per framed sample")
        }
        for (k, i) in records.enumerated() { samples[i].place = places[k] }
        for (k, i) in framed.enumerated() {
            let e = eyes[(6 * k)..<(6 * k + 6)].map { $0 }
            samples[i].frame = FramePose(appEye: Vec3(e[0], e[1], e[2]), referenceEye: Vec3(e[3], e[4], e[5]))
        }
    }

    private static func encodeRecords(_ samples: [CheckSample], _ c: inout KeyedEncodingContainer<CodingKeys>,
                                      keys: (CodingKeys, CodingKeys, CodingKeys, CodingKeys)) throws {
        let records = Self.records(samples.map(\.value))
        try c.encode(records, forKey: keys.0)
        try c.encode(records.map { samples[$0].place }, forKey: keys.1)
        let framed = records.filter { samples[$0].frame != nil }
        try c.encode(framed, forKey: keys.2)
        try c.encode(framed.flatMap { i -> [Double] in
            let f = samples[i].frame!
            return [f.appEye.x, f.appEye.y, f.appEye.z, f.referenceEye.x, f.referenceEye.y, f.referenceEye.z]
        }, forKey: keys.3)
    }

    package func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(check, forKey: .check)
        try c.encode(caseIndex, forKey: .caseIndex)
        try c.encode(arkitFrame, forKey: .arkitFrame)
        try c.encode(notes, forKey: .notes)
        try c.encodeIfPresent(limit, forKey: .limit)
        try c.encode(measuredOnCode, forKey: .measuredOnCode)
        try c.encode(resetViewAngles, forKey: .resetViewAngles)
        try c.encode(viewAngles, forKey: .viewAngles)
        try c.encode(viewAngleTimes, forKey: .viewAngleTimes)
        try c.encode(resetViewAngleTimes, forKey: .resetViewAngleTimes)
        try c.encodeIfPresent(mechanism, forKey: .mechanism)
        let values = samples.map(\.value)
        try c.encode(values, forKey: .values)
        try c.encode(samples.map(\.time), forKey: .times)
        try c.encode(afterReset.map(\.time), forKey: .resetTimes)
        try c.encode(Self.viewerNumbers(samples), forKey: .viewer)
        try c.encode(afterReset.map(\.value), forKey: .resetValues)
        try c.encode(Self.viewerNumbers(afterReset), forKey: .resetViewer)
        try Self.encodeRecords(samples, &c, keys: (.records, .places, .framed, .eyes))
        try Self.encodeRecords(afterReset, &c, keys: (.resetRecords, .resetPlaces, .resetFramed, .resetEyes))
    }
}
