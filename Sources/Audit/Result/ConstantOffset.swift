import Foundation
import Geometry

/// A check whose error is one offset, not a distribution: the app's eye sits at the same place relative to the
/// true eye at every instant (within `ConstantOffset.tolerance`), so it is reported as a value and a direction.
package struct ConstantOffset: Codable, Sendable, Equatable {
    /// The app's eye minus the true eye, mm: x to the right, y up, z away from the screen.
    package var eyeMm: [Double]
    package var magnitudeMm: Double
    /// "7.5 mm left, 98.4 mm down, 0.0 mm farther from the screen".
    package var direction: String
    /// The largest departure of an instant from the offset, mm.
    package var spreadMm: Double

    enum CodingKeys: String, CodingKey {
        case eyeMm = "eye_mm", magnitudeMm = "magnitude_mm", direction, spreadMm = "spread_mm"
    }

    /// Constant when every instant is within 10 % of the offset's size, or 1 mm; an offset under 0.5 mm is none.
    static let relativeTolerance = 0.1, tolerance = 0.001, smallest = 0.0005

    /// The offset of these eye errors (m), if they are one.
    static func of(_ errors: [Vec3]) -> ConstantOffset? {
        guard !errors.isEmpty else { return nil }
        let mean = (1 / Double(errors.count)) * errors.reduce(Vec3.zero, +)
        let spread = errors.map { ($0 - mean).length }.max()!
        guard mean.length >= smallest, spread <= max(tolerance, relativeTolerance * mean.length) else { return nil }
        let mm = 1000 * mean
        let direction = [format(abs(mm.x)) + " mm " + (mm.x < 0 ? "left" : "right"),
                         format(abs(mm.y)) + " mm " + (mm.y < 0 ? "down" : "up"),
                         format(abs(mm.z)) + " mm " + (mm.z < 0 ? "closer to the screen" : "farther from the screen")].joined(separator: ", ")
        return ConstantOffset(eyeMm: [mm.x, mm.y, mm.z], magnitudeMm: mm.length, direction: direction, spreadMm: spread * 1000)
    }
}
