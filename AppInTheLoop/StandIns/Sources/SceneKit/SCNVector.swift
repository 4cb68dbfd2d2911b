// SceneKit's vector and matrix types (https://developer.apple.com/documentation/scenekit/scnvector3,
// …/scnvector4, …/scnmatrix4). On iOS their components are Float. SCNMatrix4 is laid out as Core Animation's
// CATransform3D: m41, m42, m43 hold the translation, so its "rows" m1x…m4x are the columns of the simd matrix that
// acts on column vectors; `init(_: simd_float4x4)` and `simd_float4x4(_: SCNMatrix4)` convert between the two
// (https://developer.apple.com/documentation/scenekit/scnmatrix4/init(_:)-…).
@_exported import Foundation
// On iOS SceneKit's headers import UIKit, so `import SceneKit` makes UIColor and UIImage visible.
@_exported import UIKit
#if os(Linux)
@_exported import simd
#endif

/// A three-component vector (Apple: `struct SCNVector3`).
public struct SCNVector3: Equatable, Sendable {
    public var x: Float, y: Float, z: Float
    public init() { (x, y, z) = (0, 0, 0) }
    public init(_ x: Float, _ y: Float, _ z: Float) { (self.x, self.y, self.z) = (x, y, z) }
    public init(x: Float, y: Float, z: Float) { (self.x, self.y, self.z) = (x, y, z) }
    public init(_ v: SIMD3<Float>) { (x, y, z) = (v.x, v.y, v.z) }
}

/// A four-component vector (Apple: `struct SCNVector4`); a node's `rotation` is (axis x, y, z, angle).
public struct SCNVector4: Equatable, Sendable {
    public var x: Float, y: Float, z: Float, w: Float
    public init() { (x, y, z, w) = (0, 0, 0, 0) }
    public init(_ x: Float, _ y: Float, _ z: Float, _ w: Float) { (self.x, self.y, self.z, self.w) = (x, y, z, w) }
    public init(x: Float, y: Float, z: Float, w: Float) { (self.x, self.y, self.z, self.w) = (x, y, z, w) }
}

/// A 4×4 matrix in Core Animation's layout (Apple: `struct SCNMatrix4`).
public struct SCNMatrix4: Equatable, Sendable {
    public var m11: Float, m12: Float, m13: Float, m14: Float
    public var m21: Float, m22: Float, m23: Float, m24: Float
    public var m31: Float, m32: Float, m33: Float, m34: Float
    public var m41: Float, m42: Float, m43: Float, m44: Float

    public init(m11: Float, m12: Float, m13: Float, m14: Float, m21: Float, m22: Float, m23: Float, m24: Float,
                m31: Float, m32: Float, m33: Float, m34: Float, m41: Float, m42: Float, m43: Float, m44: Float) {
        (self.m11, self.m12, self.m13, self.m14) = (m11, m12, m13, m14)
        (self.m21, self.m22, self.m23, self.m24) = (m21, m22, m23, m24)
        (self.m31, self.m32, self.m33, self.m34) = (m31, m32, m33, m34)
        (self.m41, self.m42, self.m43, self.m44) = (m41, m42, m43, m44)
    }

    /// The simd matrix's columns become m1x, m2x, m3x, m4x.
    public init(_ m: simd_float4x4) {
        let c = [m.columns.0, m.columns.1, m.columns.2, m.columns.3]
        self.init(m11: c[0].x, m12: c[0].y, m13: c[0].z, m14: c[0].w, m21: c[1].x, m22: c[1].y, m23: c[1].z, m24: c[1].w,
                  m31: c[2].x, m32: c[2].y, m33: c[2].z, m34: c[2].w, m41: c[3].x, m42: c[3].y, m43: c[3].z, m44: c[3].w)
    }
}

/// The identity (Apple: `let SCNMatrix4Identity: SCNMatrix4`).
public let SCNMatrix4Identity = SCNMatrix4(matrix_identity_float4x4)

extension simd_float4x4 {
    /// The simd matrix of a SceneKit matrix: m1x…m4x become its columns.
    public init(_ m: SCNMatrix4) {
        self.init(SIMD4(m.m11, m.m12, m.m13, m.m14), SIMD4(m.m21, m.m22, m.m23, m.m24),
                  SIMD4(m.m31, m.m32, m.m33, m.m34), SIMD4(m.m41, m.m42, m.m43, m.m44))
    }
}
