import Foundation
import Geometry

/// What the viewer sees of one instant of a geometric check, in the units the viewer lives in: how far the eye the
/// app draws for is from the true one, the angle by which drawn points miss, and whether they are still on the panel.
package struct ViewerSample: Sendable, Equatable {
    /// The app's eye minus the reference (true) eye, m.
    package var eyeError: Vec3
    /// The largest angle (degrees), at the viewer's eye, between where a probe point is drawn on the panel and where
    /// the reference draws it, over the probe points the true image shows.
    package var viewAngle: Double
    /// The share of the probe points the true image shows that the app still draws on the panel.
    package var onPanelFraction: Double
    /// The largest pixel shift over the probe points the true image shows and the app draws on the panel; nil when
    /// it draws none of them there.
    package var pxOnPanel: Double?

    package init(eyeError: Vec3, viewAngle: Double, onPanelFraction: Double, pxOnPanel: Double?) {
        self.eyeError = eyeError
        self.viewAngle = viewAngle
        self.onPanelFraction = onPanelFraction
        self.pxOnPanel = pxOnPanel
    }
}

extension ProbePoints {
    /// One instant of a geometric check: the largest shift on the glass plane (px, without clipping: the check's
    /// verdict value) between the app's frame and the reference frame, and what the viewer at `viewer` sees of it
    /// (`ViewerSample`), over the probe points the true image shows (`visibleIn`, by default the reference). Nil
    /// when the true image shows none.
    package static func compare(_ points: [Vec3], app a: (image: ImageModel, eye: Vec3), reference b: (image: ImageModel, eye: Vec3),
                                visibleIn truth: (image: ImageModel, eye: Vec3)? = nil, viewer: Vec3) -> (shift: Double, viewer: ViewerSample)? {
        let judge = truth ?? b
        var shift: Double?, onPanelShift: Double?, angle = 0.0, visible = 0, onPanel = 0
        for p in points {
            guard judge.image.isOnPanel(judge.image.pixel(of: p, eye: judge.eye)) else { continue }
            visible += 1
            let pa = a.image.pixel(of: p, eye: a.eye), pb = b.image.pixel(of: p, eye: b.eye)
            let d = hypot(pa.x - pb.x, pa.y - pb.y)
            shift = max(shift ?? 0, d)
            if a.image.isOnPanel(pa) {
                onPanel += 1
                onPanelShift = max(onPanelShift ?? 0, d)
            }
            angle = max(angle, angleDegrees(at: viewer, a.image.glass(of: pa), b.image.glass(of: pb)))
        }
        guard let shift else { return nil }
        return (shift, ViewerSample(eyeError: a.eye - b.eye, viewAngle: angle, onPanelFraction: Double(onPanel) / Double(visible), pxOnPanel: onPanelShift))
    }

    /// The angle (degrees) at `eye` between the directions to `p` and `q`.
    package static func angleDegrees(at eye: Vec3, _ p: Vec3, _ q: Vec3) -> Double {
        let u = p - eye, w = q - eye
        return atan2(u.cross(w).length, u.dot(w)) * 180 / .pi
    }
}
