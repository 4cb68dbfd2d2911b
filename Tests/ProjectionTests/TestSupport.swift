import Foundation
import Geometry

/// NDC of a world point under projection · view.
func ndc(_ projection: Mat4, _ view: Mat4, _ p: Vec3) -> Vec3 {
    (projection * view).transformProjecting(point: p)
}
