import Foundation
import Reporting
import Geometry
import Golden
import Projection
import Rendering
import Scenes
import Splatting
import Plumbing
import Tracking

/// Tolerances of the numeric golden (metrics and matrices of every scenario and frame).
package struct NumberTolerance: Decodable, Sendable {
    /// Golden name under the goldens directory (a JSON file).
    package var golden: String
    package var absolute: Double
    package var relative: Double

    enum CodingKeys: String, CodingKey, CaseIterable { case golden, absolute, relative }

    package init(from decoder: Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let c = try decoder.container(keyedBy: CodingKeys.self)
        golden = try c.decode(String.self, forKey: .golden)
        absolute = try c.decodeIfPresent(Double.self, forKey: .absolute) ?? 1e-9
        relative = try c.decodeIfPresent(Double.self, forKey: .relative) ?? 1e-6
    }
}
