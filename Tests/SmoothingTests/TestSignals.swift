import Foundation
import Geometry
import Scientific
import Smoothing
import Tracking

/// Hand-built inputs for the closed-form tests.
enum TestSignals {
    /// x = v·t along `direction` from `origin`, at exactly `rate` Hz.
    static func ramp(rate: Double = 60, seconds: Double, velocity: Vec3, origin: Vec3 = Vec3(0, 0, 0.35)) -> [HeadSample] {
        let n = Int((seconds * rate).rounded())
        return (0..<n).map { k in
            let t = Double(k) / rate
            return HeadSample(t: t, position: origin + velocity * t)
        }
    }

    /// Gaussian white noise of σ per axis around `center`, at exactly `rate` Hz.
    static func whiteNoise(count: Int, sigma: Double, rate: Double = 60, seed: UInt64 = 42, center: Vec3 = Vec3(0, 0, 0.35)) -> [HeadSample] {
        let random = RandomSource(seed: seed)
        return (0..<count).map { k in
            HeadSample(t: Double(k) / rate, position: center + Vec3(random.gaussian(sigma: sigma), random.gaussian(sigma: sigma), random.gaussian(sigma: sigma)))
        }
    }

    /// Standard deviation of one axis of the outputs from `skip` on.
    static func std(_ values: [Vec3], axis: Int, skip: Int = 0) -> Double {
        Statistics.standardDeviation(values[skip...].map { $0[axis] })
    }

    static func run(_ spec: String, _ samples: [HeadSample]) throws -> [Vec3] {
        var smoother = try SmootherSpec(parsing: spec).makeSmoother()
        return smoother.smooth(samples)
    }
}
