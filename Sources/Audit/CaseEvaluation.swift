import Geometry

/// One check's values on one audit case (`AppAudit.evaluate`): what a shard of a suite hands the merge, which
/// aggregates them (`AppAudit.aggregate`) as one run does. Stored by columns — values, places, and the eyes of the
/// samples that have frames — since a suite's audit has tens of thousands of samples and a part file is read whole.
public struct CaseEvaluation: Sendable {
    public var check: AuditCheckID
    /// The case's index in `AppAudit.cases`.
    public var caseIndex: Int
    public var samples: [CheckSample]
    public var notes: [String]
    public var limit: Double?
}

extension CaseEvaluation: Codable {
    enum CodingKeys: String, CodingKey { case check, caseIndex, values, places, framed, eyes, notes, limit }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        check = try c.decode(AuditCheckID.self, forKey: .check)
        caseIndex = try c.decode(Int.self, forKey: .caseIndex)
        notes = try c.decode([String].self, forKey: .notes)
        limit = try c.decodeIfPresent(Double.self, forKey: .limit)
        let values = try c.decode([Double].self, forKey: .values), places = try c.decode([String].self, forKey: .places)
        let framed = try c.decode([Int].self, forKey: .framed), eyes = try c.decode([Double].self, forKey: .eyes)
        guard places.count == values.count, eyes.count == 6 * framed.count, framed.allSatisfy({ values.indices.contains($0) }) else {
            throw DecodingError.dataCorruptedError(forKey: .values, in: c, debugDescription: "expected one place per value and 6 eye coordinates per framed sample")
        }
        samples = zip(values, places).map { CheckSample(value: $0, place: $1) }
        for (k, i) in framed.enumerated() {
            let e = eyes[(6 * k)..<(6 * k + 6)].map { $0 }
            samples[i].frame = FramePose(appEye: Vec3(e[0], e[1], e[2]), referenceEye: Vec3(e[3], e[4], e[5]))
        }
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(check, forKey: .check)
        try c.encode(caseIndex, forKey: .caseIndex)
        try c.encode(notes, forKey: .notes)
        try c.encodeIfPresent(limit, forKey: .limit)
        try c.encode(samples.map(\.value), forKey: .values)
        try c.encode(samples.map(\.place), forKey: .places)
        let framed = samples.indices.filter { samples[$0].frame != nil }
        try c.encode(framed, forKey: .framed)
        try c.encode(framed.flatMap { i -> [Double] in
            let f = samples[i].frame!
            return [f.appEye.x, f.appEye.y, f.appEye.z, f.referenceEye.x, f.referenceEye.y, f.referenceEye.z]
        }, forKey: .eyes)
    }
}
