import Foundation
import simd

/// Where the sample app thinks the viewer's head is, metres, screen axes.
struct HeadPosition: Sendable {
    var x: Float
    var y: Float
    var z: Float
    var timestamp: TimeInterval

    static let zero = HeadPosition(x: 0, y: 0, z: 0.5, timestamp: 0)

    var simd3: SIMD3<Float> { SIMD3<Float>(x, y, z) }
}
