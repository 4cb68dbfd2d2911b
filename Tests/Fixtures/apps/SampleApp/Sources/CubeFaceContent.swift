import UIKit

/// The sample room's five inner faces.
enum CubeFace: String, CaseIterable, Sendable {
    case back, left, right, ceiling, floor
}
