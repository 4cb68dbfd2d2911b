import Golden

/// The suite's numeric golden (`numbers:`): its name under the goldens directory and how far its numbers may move.
package struct NumbersSpec: Decodable, Sendable {
    /// Golden name under the goldens directory (a JSON file).
    package var golden: String
    package var tolerance: NumberTolerance

    enum CodingKeys: String, CodingKey, CaseIterable { case golden, absolute, relative }

    package init(from decoder: Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let c = try decoder.container(keyedBy: CodingKeys.self)
        golden = try c.decode(String.self, forKey: .golden)
        let defaults = NumberTolerance()
        tolerance = NumberTolerance(absolute: try c.decodeIfPresent(Double.self, forKey: .absolute) ?? defaults.absolute,
                                    relative: try c.decodeIfPresent(Double.self, forKey: .relative) ?? defaults.relative)
    }
}
