import Foundation
import Scientific

/// Mean, p95 and worst of a check's values in one unit.
package struct Spread: Codable, Sendable, Equatable {
    package var mean: Double
    package var p95: Double
    package var worst: Double

    package init(mean: Double, p95: Double, worst: Double) {
        self.mean = mean
        self.p95 = p95
        self.worst = worst
    }

    /// Higher is worse (errors). Nil without values.
    package static func of(_ values: [Double]) -> Spread? {
        guard let worst = values.max() else { return nil }
        return Spread(mean: values.reduce(0, +) / Double(values.count), p95: Statistics.quantile(values, 0.95), worst: worst)
    }

    /// Lower is worse (the on-panel fraction): p95 is the value held in 95 % of instants (the 5th percentile),
    /// worst the minimum.
    package static func lowerIsWorse(_ values: [Double]) -> Spread? {
        guard let worst = values.min() else { return nil }
        return Spread(mean: values.reduce(0, +) / Double(values.count), p95: Statistics.quantile(values, 0.05), worst: worst)
    }
}

/// A geometric check in the viewer's units (`ViewerSample` over its instants): the eye error (mm), the view-angle
/// error (degrees) and the on-panel fraction; px only over points the app draws on the panel, withheld — with a
/// statement — when the app draws too few of them there for a px figure to describe what anyone sees.
package struct ViewerSummary: Codable, Sendable {
    package var eyeErrorMm: Spread
    package var viewAngleErrorDeg: Spread
    package var onPanelFraction: Spread
    /// The px shift over the probe points the app draws on the panel; nil when withheld.
    package var pxOnPanel: Spread?
    /// Why px is withheld (nil when it is not).
    package var pxWithheld: String?

    enum CodingKeys: String, CodingKey {
        case eyeErrorMm = "eye_error_mm", viewAngleErrorDeg = "view_angle_error_deg", onPanelFraction = "on_panel_fraction"
        case pxOnPanel = "px_on_panel", pxWithheld = "px_withheld"
    }

    /// Below this mean on-panel fraction px is withheld: most of the error is off the screen.
    static let pxNeedsOnPanel = 0.95

    init?(_ samples: [ViewerSample]) {
        guard let eye = Spread.of(samples.map { $0.eyeError.length * 1000 }), let angle = Spread.of(samples.map(\.viewAngle)),
              let onPanel = Spread.lowerIsWorse(samples.map(\.onPanelFraction)) else { return nil }
        eyeErrorMm = eye
        viewAngleErrorDeg = angle
        onPanelFraction = onPanel
        if onPanel.mean < Self.pxNeedsOnPanel {
            let none = samples.filter { $0.pxOnPanel == nil }.count
            pxOnPanel = nil
            pxWithheld = "px withheld: the app draws \(format(100 * onPanel.mean, digits: 0)) % of the probe points the true image shows on the panel (none of them at "
                + "\(format(100 * Double(none) / Double(samples.count), digits: 0)) % of instants); the rest fall off the screen — read the eye and view-angle errors"
        } else {
            pxOnPanel = Spread.of(samples.compactMap(\.pxOnPanel))
            pxWithheld = nil
        }
    }
}
