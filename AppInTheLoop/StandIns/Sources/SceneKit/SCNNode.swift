// SceneKit's node (https://developer.apple.com/documentation/scenekit/scnnode): a place in the scene graph with a
// geometry, a light or a camera, and its transform relative to its parent. The conventions followed:
// - `transform` combines position, rotation and scale (…/scnnode/transform): T(position) · R · S(scale), acting on
//   column vectors, with the default (identity) pivot (…/scnnode/pivot);
// - `eulerAngles` (pitch x, yaw y, roll z) are applied "in the reverse order of the components: first roll, then
//   yaw, then pitch" (…/scnnode/eulerangles): R = Rx(pitch) · Ry(yaw) · Rz(roll), each about the parent's fixed
//   axes (inferred: about fixed or moving axes is not said; read about moving axes it is Rz · Ry · Rx, the
//   simulation's alternative `SCNNode.simulatedEulerComposition`, the `scenekit-euler` entry of the audit);
// - `rotation` is (axis x, y, z, angle in radians) (…/scnnode/rotation); `simdOrientation` a unit quaternion;
//   the three are views of one rotation: setting one replaces it;
// - `worldTransform` is the parent's world transform times this node's transform (…/scnnode/worldtransform).
// Nothing is drawn; the node keeps the rotation as the app last set it (no round trip through a matrix).
@_exported import Foundation
#if os(Linux)
@_exported import simd
#endif

/// A node of the scene graph (Apple: `class SCNNode : NSObject`).
open class SCNNode: NSObject {
    /// How the app last set the rotation.
    enum Rotation {
        case euler(SIMD3<Float>)
        case axisAngle(SIMD4<Float>)
        case quaternion(simd_quatf)
        case matrix(simd_float4x4)
    }

    public var name: String?
    public var geometry: SCNGeometry?
    public var light: SCNLight?
    public var camera: SCNCamera?
    public private(set) var childNodes: [SCNNode] = []
    public private(set) weak var parent: SCNNode?

    /// Simulation: how Euler angles compose (the `scenekit-euler` entry); Rx · Ry · Rz unless a replay assumes otherwise.
    @_spi(Simulation) nonisolated(unsafe) public static var simulatedEulerComposition = SimulatedEulerComposition.pitchYawRoll

    public var simdPosition = SIMD3<Float>(0, 0, 0)
    public var simdScale = SIMD3<Float>(1, 1, 1)
    var rotationSet = Rotation.euler(.zero)

    public override init() { super.init() }

    public init(geometry: SCNGeometry?) {
        self.geometry = geometry
        super.init()
    }

    // MARK: hierarchy

    public func addChildNode(_ child: SCNNode) {
        child.removeFromParentNode()
        child.parent = self
        childNodes.append(child)
    }

    public func removeFromParentNode() {
        guard let parent else { return }
        parent.childNodes.removeAll { $0 === self }
        self.parent = nil
    }

    // MARK: position, scale, rotation

    public var position: SCNVector3 {
        get { SCNVector3(simdPosition) }
        set { simdPosition = SIMD3(newValue.x, newValue.y, newValue.z) }
    }

    public var scale: SCNVector3 {
        get { SCNVector3(simdScale) }
        set { simdScale = SIMD3(newValue.x, newValue.y, newValue.z) }
    }

    public var eulerAngles: SCNVector3 {
        get {
            if case .euler(let e) = rotationSet { return SCNVector3(e) }
            // R = Rx(a)·Ry(b)·Rz(c): R₀₂ = sin b, R₀₀ = cos b cos c, R₀₁ = −cos b sin c, R₁₂ = −sin a cos b, R₂₂ = cos a cos b.
            let r = rotationMatrix
            let b = asin(max(-1, min(1, r.columns.2.x)))
            return SCNVector3(atan2(-r.columns.2.y, r.columns.2.z), b, atan2(-r.columns.1.x, r.columns.0.x))
        }
        set { rotationSet = .euler(SIMD3(newValue.x, newValue.y, newValue.z)) }
    }

    public var simdEulerAngles: SIMD3<Float> {
        get { let e = eulerAngles; return SIMD3(e.x, e.y, e.z) }
        set { rotationSet = .euler(newValue) }
    }

    public var rotation: SCNVector4 {
        get {
            if case .axisAngle(let r) = rotationSet { return SCNVector4(r.x, r.y, r.z, r.w) }
            let q = simdOrientation.vector
            let s = (q.x * q.x + q.y * q.y + q.z * q.z).squareRoot()
            guard s > 0 else { return SCNVector4(0, 1, 0, 0) }
            return SCNVector4(q.x / s, q.y / s, q.z / s, 2 * atan2(s, q.w))
        }
        set { rotationSet = .axisAngle(SIMD4(newValue.x, newValue.y, newValue.z, newValue.w)) }
    }

    public var simdOrientation: simd_quatf {
        get {
            if case .quaternion(let q) = rotationSet { return q }
            return Self.quaternion(of: rotationMatrix)
        }
        set { rotationSet = .quaternion(newValue) }
    }

    // MARK: transforms

    /// The rotation part as a matrix (acting on column vectors).
    var rotationMatrix: simd_float4x4 {
        switch rotationSet {
        case .euler(let e):
            let (sx, cx, sy, cy, sz, cz) = (sin(e.x), cos(e.x), sin(e.y), cos(e.y), sin(e.z), cos(e.z))
            let rx = simd_float4x4.withRows(SIMD4(1, 0, 0, 0), SIMD4(0, cx, -sx, 0), SIMD4(0, sx, cx, 0), SIMD4(0, 0, 0, 1))
            let ry = simd_float4x4.withRows(SIMD4(cy, 0, sy, 0), SIMD4(0, 1, 0, 0), SIMD4(-sy, 0, cy, 0), SIMD4(0, 0, 0, 1))
            let rz = simd_float4x4.withRows(SIMD4(cz, -sz, 0, 0), SIMD4(sz, cz, 0, 0), SIMD4(0, 0, 1, 0), SIMD4(0, 0, 0, 1))
            switch Self.simulatedEulerComposition {
            case .pitchYawRoll: return Self.product(rx, Self.product(ry, rz))
            case .rollYawPitch: return Self.product(rz, Self.product(ry, rx))
            }
        case .axisAngle(let r):
            let length = (r.x * r.x + r.y * r.y + r.z * r.z).squareRoot()
            guard length > 0 else { return matrix_identity_float4x4 }
            return Self.matrix(of: simd_quatf(angle: r.w, axis: SIMD3(r.x, r.y, r.z) / length))
        case .quaternion(let q):
            return Self.matrix(of: q)
        case .matrix(let m):
            return m
        }
    }

    public var simdTransform: simd_float4x4 {
        get {
            var m = rotationMatrix
            m.columns.0 *= simdScale.x
            m.columns.1 *= simdScale.y
            m.columns.2 *= simdScale.z
            m.columns.3 = SIMD4(simdPosition.x, simdPosition.y, simdPosition.z, 1)
            return m
        }
        set {
            // Decomposed into position, scale (the columns' lengths) and the rotation left.
            simdPosition = SIMD3(newValue.columns.3.x, newValue.columns.3.y, newValue.columns.3.z)
            func length(_ c: SIMD4<Float>) -> Float { (c.x * c.x + c.y * c.y + c.z * c.z).squareRoot() }
            simdScale = SIMD3(length(newValue.columns.0), length(newValue.columns.1), length(newValue.columns.2))
            var r = newValue
            r.columns.0 /= max(simdScale.x, .leastNormalMagnitude)
            r.columns.1 /= max(simdScale.y, .leastNormalMagnitude)
            r.columns.2 /= max(simdScale.z, .leastNormalMagnitude)
            r.columns.3 = SIMD4(0, 0, 0, 1)
            rotationSet = .matrix(r)
        }
    }

    public var transform: SCNMatrix4 {
        get { SCNMatrix4(simdTransform) }
        set { simdTransform = simd_float4x4(newValue) }
    }

    public var simdWorldTransform: simd_float4x4 {
        guard let parent else { return simdTransform }
        return Self.product(parent.simdWorldTransform, simdTransform)
    }

    public var worldTransform: SCNMatrix4 { SCNMatrix4(simdWorldTransform) }

    // MARK: maths

    static func product(_ a: simd_float4x4, _ b: simd_float4x4) -> simd_float4x4 {
        func column(_ v: SIMD4<Float>) -> SIMD4<Float> {
            a.columns.0 * v.x + a.columns.1 * v.y + a.columns.2 * v.z + a.columns.3 * v.w
        }
        return simd_float4x4(column(b.columns.0), column(b.columns.1), column(b.columns.2), column(b.columns.3))
    }

    /// The rotation matrix of a unit quaternion (ix, iy, iz, r).
    static func matrix(of q: simd_quatf) -> simd_float4x4 {
        let (x, y, z, w) = (q.vector.x, q.vector.y, q.vector.z, q.vector.w)
        return simd_float4x4.withRows(
            SIMD4(1 - 2 * (y * y + z * z), 2 * (x * y - z * w), 2 * (x * z + y * w), 0),
            SIMD4(2 * (x * y + z * w), 1 - 2 * (x * x + z * z), 2 * (y * z - x * w), 0),
            SIMD4(2 * (x * z - y * w), 2 * (y * z + x * w), 1 - 2 * (x * x + y * y), 0),
            SIMD4(0, 0, 0, 1))
    }

    /// The unit quaternion of a rotation matrix (Shepperd's method: the largest of the four squares first).
    static func quaternion(of m: simd_float4x4) -> simd_quatf {
        let (r00, r11, r22) = (m.columns.0.x, m.columns.1.y, m.columns.2.z)
        let (r01, r02, r10, r12, r20, r21) = (m.columns.1.x, m.columns.2.x, m.columns.0.y, m.columns.2.y, m.columns.0.z, m.columns.1.z)
        let trace = r00 + r11 + r22
        if trace > 0 {
            let s = (trace + 1).squareRoot() * 2
            return simd_quatf(ix: (r21 - r12) / s, iy: (r02 - r20) / s, iz: (r10 - r01) / s, r: s / 4)
        } else if r00 > r11 && r00 > r22 {
            let s = (1 + r00 - r11 - r22).squareRoot() * 2
            return simd_quatf(ix: s / 4, iy: (r01 + r10) / s, iz: (r02 + r20) / s, r: (r21 - r12) / s)
        } else if r11 > r22 {
            let s = (1 + r11 - r00 - r22).squareRoot() * 2
            return simd_quatf(ix: (r01 + r10) / s, iy: s / 4, iz: (r12 + r21) / s, r: (r02 - r20) / s)
        } else {
            let s = (1 + r22 - r00 - r11).squareRoot() * 2
            return simd_quatf(ix: (r02 + r20) / s, iy: (r12 + r21) / s, iz: s / 4, r: (r10 - r01) / s)
        }
    }
}

/// The two readings of "first roll, then yaw, then pitch": about fixed axes R = Rx · Ry · Rz (`pitchYawRoll`, the
/// stand-in's default), about moving axes R = Rz · Ry · Rx (`rollYawPitch`).
@_spi(Simulation) public enum SimulatedEulerComposition: Sendable {
    case pitchYawRoll, rollYawPitch
}

extension simd_float4x4 {
    /// The matrix whose rows are r0…r3, element for element what `init(rows:)` makes, without the array: the scene's
    /// transforms are read for every node on every frame.
    static func withRows(_ r0: SIMD4<Float>, _ r1: SIMD4<Float>, _ r2: SIMD4<Float>, _ r3: SIMD4<Float>) -> simd_float4x4 {
        simd_float4x4(SIMD4(r0.x, r1.x, r2.x, r3.x), SIMD4(r0.y, r1.y, r2.y, r3.y),
                      SIMD4(r0.z, r1.z, r2.z, r3.z), SIMD4(r0.w, r1.w, r2.w, r3.w))
    }
}
