import Foundation
import Geometry
import Scientific

/// The reference → filtered transfer function at one frequency.
package struct GroupDelayPoint: Codable, Equatable, Sendable {
    package var frequencyHz: Double
    /// |H(f)|.
    package var gain: Double
    /// −φ(f)/(2πf) with φ ∈ (−π, π], s.
    package var phaseDelay: Double
    /// −dφ/dω, s (central difference over neighbouring bins of the unwrapped phase).
    package var groupDelay: Double
}

/// Group delay vs frequency on `chirp` traces. The transfer function H(f) = S_rf(f)/S_rr(f) is estimated
/// from Hann-windowed cross spectra (segments of min(n, `segmentLength`) samples, 50 % overlap, the three
/// axes summed), so a 30 s chirp is one long segment with 1/30 Hz resolution. The phase is unwrapped along
/// frequency and the group delay −dφ/dω is the least-squares slope over ±`slopeHalfWidth` Hz around each
/// requested frequency (the unwrapping is local to neighbouring bins, so it is exact for delays below
/// half the segment length); the phase delay is −φ/ω and the gain |H|. Reported at the bins nearest
/// `frequencies` where the reference has at least 1 % of its peak power (in every bin of the fit).
package enum GroupDelay {
    package static let defaultFrequencies: [Double] = [0.25, 0.5, 1, 2, 3, 4]

    package static func estimate(
        reference: [Vec3], filtered: [Vec3], valid: [Bool], rate: Double, segmentLength: Int = 4096,
        slopeHalfWidth: Double = 0.2, frequencies: [Double] = defaultFrequencies
    ) -> [GroupDelayPoint] {
        let length = min(segmentLength, reference.count)
        guard length >= 16 else { return [] }
        var power: [Double] = []
        var cross: [Complex] = []
        var resolution = 0.0
        for axis in 0..<3 {
            let r = reference.map { $0[axis] }, f = filtered.map { $0[axis] }
            guard let estimate = Welch.crossSpectrum(r, f, sampleRate: rate, segmentLength: length, valid: valid),
                  let spectrum = estimate.cross else { return [] }
            if power.isEmpty {
                power = estimate.density
                cross = spectrum
                resolution = estimate.resolution
            } else {
                for k in power.indices {
                    power[k] += estimate.density[k]
                    cross[k].re += spectrum[k].re
                    cross[k].im += spectrum[k].im
                }
            }
        }
        guard let peak = power.dropFirst().max(), peak > 0 else { return [] }
        let threshold = 0.01 * peak
        // Unwrapped phase along frequency.
        var phase = [Double](repeating: 0, count: power.count)
        for k in 1..<power.count {
            var p = cross[k].phase
            let previous = k > 1 ? phase[k - 1] : 0
            while p - previous > Double.pi { p -= 2 * Double.pi }
            while p - previous < -Double.pi { p += 2 * Double.pi }
            phase[k] = p
        }
        let half = max(1, Int((slopeHalfWidth / resolution).rounded()))
        var points: [GroupDelayPoint] = []
        for frequency in frequencies {
            let k = Int((frequency / resolution).rounded())
            guard k - half >= 1, k + half < power.count, (k - half...k + half).allSatisfy({ power[$0] >= threshold }) else { continue }
            // Least-squares slope of φ against f over the neighbourhood.
            var sf = 0.0, sp = 0.0, sff = 0.0, sfp = 0.0
            for j in (k - half)...(k + half) {
                let f = Double(j) * resolution
                sf += f
                sp += phase[j]
                sff += f * f
                sfp += f * phase[j]
            }
            let m = Double(2 * half + 1)
            let slope = (m * sfp - sf * sp) / (m * sff - sf * sf)
            let h = Complex(cross[k].re / power[k], cross[k].im / power[k])
            let binFrequency = Double(k) * resolution
            // The phase delay uses the wrapped phase of H (unwrapping from 0 Hz would run through bins
            // without signal): delays beyond half a period alias.
            points.append(GroupDelayPoint(
                frequencyHz: binFrequency, gain: h.magnitude,
                phaseDelay: -h.phase / (2 * Double.pi * binFrequency),
                groupDelay: -slope / (2 * Double.pi)))
        }
        return points
    }
}
