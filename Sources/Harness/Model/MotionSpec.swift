import AuditOutput
import Foundation
import Plumbing
import Vocabulary

/// The suite report's scrubber (`audit: {motion: {trace: sway, from: 0, seconds: 2}}`): which audited trace, from
/// when (s after its start) and for how long (at most 10 s, at `AuditMotion.fps`). Without the key: sway when the
/// audit has it, else its first trace, from 0 for 2 s; `motion: false` turns it off.
package struct MotionSpec: Decodable, Sendable, Equatable {
    package var trace: String?
    package var from: Double
    package var seconds: Double
    package var enabled: Bool

    package static let defaultTrace = "sway"
    package static let maximumSeconds = 10.0

    enum CodingKeys: String, CodingKey, CaseIterable { case trace, from, seconds }

    package init(trace: String? = nil, from: Double = 0, seconds: Double = 2, enabled: Bool = true) {
        (self.trace, self.from, self.seconds, self.enabled) = (trace, from, seconds, enabled)
    }

    package init(from decoder: Decoder) throws {
        if let on = try? decoder.singleValueContainer().decode(Bool.self) {
            self.init(enabled: on)
            return
        }
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(trace: try c.decodeIfPresent(String.self, forKey: .trace), from: try c.decodeIfPresent(Double.self, forKey: .from) ?? 0,
                  seconds: try c.decodeIfPresent(Double.self, forKey: .seconds) ?? 2)
        guard from.isFinite, from >= 0 else {
            throw FieldError("from", expected: "seconds ≥ 0 after the trace's start", found: "\(from)").decodingError(at: c.codingPath)
        }
        guard seconds.isFinite, seconds > 0, seconds <= Self.maximumSeconds else {
            throw FieldError("seconds", expected: "0 < seconds ≤ \(Int(Self.maximumSeconds))", found: "\(seconds)").decodingError(at: c.codingPath)
        }
    }
}
