import Foundation
import Geometry

/// Two conventions the stand-ins follow, each decided by which composition leaves the smaller residual.
///
/// - SceneKit: `eulerAngles` are applied "in the reverse order of the components: first roll, then yaw, then
///   pitch" (developer.apple.com/documentation/scenekit/scnnode/eulerangles); acting on column vectors that is
///   R = Rx(pitch)·Ry(yaw)·Rz(roll), the SCNNode stand-in's `rotationMatrix`. The alternative, Rz·Ry·Rx, is the
///   other reading of "first roll".
/// - CoreMotion: `multiply(byInverseOf:)` "multiplies the inverse of the specified CMAttitude object by the
///   attitude represented by the receiving object" (developer.apple.com/documentation/coremotion/cmattitude/
///   multiply(byinverseof:)); read as b⁻¹⊗a (Hamilton, b the argument, a the receiver) by the CMAttitude stand-in,
///   inferred — "multiply X by Y" is said of X·Y and of Y·X — the alternative is a⊗b⁻¹.
extension DeviceCheck {
    /// scenekit-euler: over the samples whose three angles are all non-zero, the RMS angle between the matrix read
    /// back and each composition.
    static func euler(_ samples: [DeviceProbe.EulerSample]) -> Entry {
        let used = samples.filter { [$0.euler.x, $0.euler.y, $0.euler.z].allSatisfy { abs($0) >= nonZeroAngle } }
        let names = (ID.scenekitEuler.defaultName, "Rz·Ry·Rx")
        let residuals = used.isEmpty ? nil : (
            rms(used.map { angleDeg(between: $0.matrix, and: Mat4.rotationX($0.euler.x) * .rotationY($0.euler.y) * .rotationZ($0.euler.z)) }),
            rms(used.map { angleDeg(between: $0.matrix, and: Mat4.rotationZ($0.euler.z) * .rotationY($0.euler.y) * .rotationX($0.euler.x)) }))
        let shortfall = used.count < minimumSamples
            ? "\(used.count) of \(samples.count) samples have all three angles non-zero (≥ \(nonZeroAngle) rad); \(minimumSamples) needed" : nil
        return order(names: names, residuals: residuals, samples: samples.count, used: used.count, unit: "samples", shortfall: shortfall, what: "the matrices read back")
    }

    /// attitude-product: over every pair, the RMS angle between the product read back and each order.
    static func attitudeProduct(_ samples: [DeviceProbe.AttitudeSample]) -> Entry {
        let names = (ID.attitudeProduct.defaultName, "a⊗b⁻¹")
        let residuals = samples.isEmpty ? nil : (
            rms(samples.map { ($0.b.conjugate * $0.a).angle(to: $0.product) * 180 / .pi }),
            rms(samples.map { ($0.a * $0.b.conjugate).angle(to: $0.product) * 180 / .pi }))
        let shortfall = samples.count < minimumSamples ? "\(samples.count) attitude pairs; \(minimumSamples) needed" : nil
        return order(names: names, residuals: residuals, samples: samples.count, used: samples.count, unit: "pairs", shortfall: shortfall, what: "the products read back")
    }

    /// The verdict between two compositions from their residuals (degrees).
    private static func order(names: (String, String), residuals: (Double, Double)?, samples: Int, used: Int, unit: String, shortfall: String?, what: String) -> Entry {
        let detail = DeviceEvidence.Detail.residuals(samples: samples, used: used, residualDeg: [(names.0, residuals?.0), (names.1, residuals?.1)])
        let measured = residuals.map { "RMS residual over \(used) \(unit): \(names.0) \(degrees($0.0)), \(names.1) \(degrees($0.1))" } ?? "no sample to compare"
        func entry(_ verdict: Verdict, _ why: String? = nil) -> Entry {
            Entry(verdict: verdict, evidence: DeviceEvidence(note: (why.map { $0 + ": " } ?? "") + measured, detail: detail))
        }
        if let shortfall { return entry(.undecided, shortfall) }
        let (a, b) = residuals!
        if wins(a, over: b) { return entry(.matchesDefault) }
        if wins(b, over: a) { return entry(.alternative(names.1)) }
        if min(a, b) <= explainedWithinDeg, max(a, b) < minimumSeparationDeg {
            return entry(.undecided, "the samples do not tell the two apart (larger angles about different axes do)")
        }
        return entry(.undecided, String(format: "neither explains %@ (a verdict needs ≤ %.1f° and the other ≥ %.0f× and ≥ %.0f°)", what,
                                        explainedWithinDeg, margin, minimumSeparationDeg))
    }

    private static func wins(_ residual: Double, over other: Double) -> Bool {
        residual <= explainedWithinDeg && other >= margin * residual && other >= minimumSeparationDeg
    }

    /// `52.94°`, or `3.1e-06°` for what rounding leaves.
    private static func degrees(_ value: Double) -> String {
        String(format: value < 0.01 ? "%.1e°" : "%.2f°", value)
    }

    private static func rms(_ values: [Double]) -> Double {
        (values.reduce(0.0) { $0 + $1 * $1 } / Double(values.count)).squareRoot()
    }

    /// The angle between two rotations from the 3×3 parts, degrees: ‖A − B‖_F = 2√2·sin(θ/2) for rotations, so a
    /// matrix that is not one (scaled, garbage) shows as a large angle, capped at 180°.
    private static func angleDeg(between a: Mat4, and b: Mat4) -> Double {
        var sum = 0.0
        for r in 0..<3 {
            let (x, y) = (a.row(r), b.row(r))
            sum += (x.x - y.x) * (x.x - y.x) + (x.y - y.y) * (x.y - y.y) + (x.z - y.z) * (x.z - y.z)
        }
        return 2 * asin(min(1, sum.squareRoot() / (2 * 2.0.squareRoot()))) * 180 / .pi
    }
}
