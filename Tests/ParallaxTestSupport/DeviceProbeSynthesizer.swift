import Foundation

/// A device probe (`parallax device-check`'s input, schema 1) written as a phone would under stated behaviours,
/// its numbers composed here from their definitions — hand-written rotation matrices and Hamilton products, not
/// Geometry's — so that a decision is checked against an independent construction.
///
/// The recording: 10 s; the face found at 0 s, lost from `lossStart` for `lossDuration` (the camera covered);
/// ARKit, CoreMotion and render timestamps at their rates with ±`jitter` alternating (the mean interval stays
/// exact); `eulerCount` Euler samples with angles in ±(0.2…1.2) rad (or `eulerAngles` for every sample), the
/// matrix rounded to Float as simd_float4x4 holds it; `attitudeCount` pairs of attitudes turned about different axes.
public struct DeviceProbeSynthesizer: Sendable {
    public enum FirstCall: String, Sendable { case didAdd, didUpdate }
    public enum Loss: Sendable { case frozen, removed, none, frozenThenRemoved }
    public enum EulerOrder: Sendable { case xyz, zyx }
    public enum Product: Sendable { case bInverseA, aBInverse }

    public var firstCall = FirstCall.didAdd
    public var loss = Loss.frozen
    public var lossStart = 4.0
    public var lossDuration = 2.0
    public var duration = 10.0
    public var arkitHz = 60.0
    public var motionHz = 60.0
    public var renderHz = 60.0
    public var jitter = 0.001
    public var motionRequestedInterval = 1.0 / 60
    public var renderThread = "main"
    public var eulerOrder = EulerOrder.xyz
    public var eulerCount = 24
    public var eulerAngles: [Double]?
    public var product = Product.bInverseA
    public var attitudeCount = 24
    public var seed: UInt64 = 3

    public init() {}

    // MARK: closed forms

    public typealias Matrix3 = [[Double]]

    public static func rx(_ a: Double) -> Matrix3 { [[1, 0, 0], [0, cos(a), -sin(a)], [0, sin(a), cos(a)]] }
    public static func ry(_ a: Double) -> Matrix3 { [[cos(a), 0, sin(a)], [0, 1, 0], [-sin(a), 0, cos(a)]] }
    public static func rz(_ a: Double) -> Matrix3 { [[cos(a), -sin(a), 0], [sin(a), cos(a), 0], [0, 0, 1]] }

    public static func multiply(_ a: Matrix3, _ b: Matrix3) -> Matrix3 {
        (0..<3).map { r in (0..<3).map { c in (0..<3).reduce(0.0) { $0 + a[r][$1] * b[$1][c] } } }
    }

    /// Hamilton product of (w, x, y, z) quaternions.
    public static func hamilton(_ p: [Double], _ q: [Double]) -> [Double] {
        [p[0] * q[0] - p[1] * q[1] - p[2] * q[2] - p[3] * q[3],
         p[0] * q[1] + p[1] * q[0] + p[2] * q[3] - p[3] * q[2],
         p[0] * q[2] - p[1] * q[3] + p[2] * q[0] + p[3] * q[1],
         p[0] * q[3] + p[1] * q[2] - p[2] * q[1] + p[3] * q[0]]
    }

    public static func inverse(_ q: [Double]) -> [Double] { [q[0], -q[1], -q[2], -q[3]] }

    /// The unit quaternion turning by `angle` about the unit `axis`.
    public static func quaternion(axis: [Double], angle: Double) -> [Double] {
        [cos(angle / 2)] + axis.map { $0 * sin(angle / 2) }
    }

    // MARK: the probe

    public func json() -> String {
        var random = SplitMix64(seed: seed)
        var fields: [String] = ["\"probe\": 1", "\"device_model\": \"iPhone16,1\"", "\"system_version\": \"18.1\""]
        fields.append("\"delegate_calls\": [" + calls().map { "{\"t\": \(number($0.t)), \"call\": \"\($0.call)\", \"tracked\": \($0.tracked)}" }.joined(separator: ", ") + "]")
        for (name, hz, phase) in [("arkit", arkitHz, 0.002), ("motion", motionHz, 0.005), ("render", renderHz, 0.009)] {
            fields.append("\"\(name)_timestamps\": [" + timestamps(hz: hz, phase: phase).map(number).joined(separator: ", ") + "]")
        }
        fields.append("\"motion_requested_interval\": \(number(motionRequestedInterval))")
        fields.append("\"render_thread\": \"\(renderThread)\"")
        let euler = (0..<eulerCount).map { _ -> String in
            let e = eulerAngles ?? (0..<3).map { _ in random.uniform(0.2...1.2) * (random.next() < 0.5 ? -1 : 1) }
            let (x, y, z) = (Self.rx(e[0]), Self.ry(e[1]), Self.rz(e[2]))
            let r = eulerOrder == .xyz ? Self.multiply(x, Self.multiply(y, z)) : Self.multiply(z, Self.multiply(y, x))
            // Column-major, as simd_float4x4's columns, each element a Float.
            var columns: [Double] = []
            for c in 0..<4 {
                for row in 0..<4 { columns.append(row < 3 && c < 3 ? Double(Float(r[row][c])) : row == c ? 1.0 : 0.0) }
            }
            return "{\"euler\": [\(e.map(number).joined(separator: ", "))], \"matrix\": [\(columns.map(number).joined(separator: ", "))]}"
        }
        fields.append("\"euler_samples\": [" + euler.joined(separator: ", ") + "]")
        let axes = [[1.0, 0, 0], [0, 1.0, 0], [0, 0, 1.0]]
        let attitudes = (0..<attitudeCount).map { k -> String in
            let a = Self.quaternion(axis: axes[k % 3], angle: random.uniform(0.3...1.0))
            let b = Self.quaternion(axis: axes[(k + 1) % 3], angle: random.uniform(0.3...1.0))
            let p = product == .bInverseA ? Self.hamilton(Self.inverse(b), a) : Self.hamilton(a, Self.inverse(b))
            return "{\"a\": \(list(a)), \"b\": \(list(b)), \"product\": \(list(p))}"
        }
        fields.append("\"attitude_samples\": [" + attitudes.joined(separator: ", ") + "]")
        return "{" + fields.joined(separator: ",\n ") + "}\n"
    }

    /// One delegate call per ARKit frame: the first as stated, then tracked didUpdate; while the camera is covered
    /// (`loss`) untracked didUpdate (frozen), one didRemove (removed), or untracked updates for the first half and a
    /// didRemove in the second (frozenThenRemoved); a removed face comes back by didAdd.
    public func calls() -> [(t: Double, call: String, tracked: Bool)] {
        var calls: [(t: Double, call: String, tracked: Bool)] = []
        var removed = false
        for k in 0..<Int((duration * arkitHz).rounded()) {
            let t = Double(k) / arkitHz
            if k == 0 {
                calls.append((t, firstCall.rawValue, true))
                continue
            }
            guard loss != .none, t >= lossStart, t < lossStart + lossDuration else {
                calls.append((t, removed ? "didAdd" : "didUpdate", true))
                removed = false
                continue
            }
            if loss == .frozen || (loss == .frozenThenRemoved && t < lossStart + lossDuration / 2) {
                calls.append((t, "didUpdate", false))
            } else if !removed {
                calls.append((t, "didRemove", false))
                removed = true
            }
        }
        return calls
    }

    /// `duration · hz` times from 100 s, each off by ±`jitter` alternately but the first and the last, so that the
    /// mean interval is exactly 1/hz.
    public func timestamps(hz: Double, phase: Double) -> [Double] {
        let count = Int((duration * hz).rounded())
        return (0..<count).map { k in 100 + phase + Double(k) / hz + (k == 0 || k == count - 1 ? 0 : k % 2 == 0 ? jitter : -jitter) }
    }

    private func list(_ values: [Double]) -> String { "[" + values.map(number).joined(separator: ", ") + "]" }

    /// Shortest round-trip text, as a recorder's JSON writer prints a Double.
    private func number(_ value: Double) -> String { "\(value)" }
}
