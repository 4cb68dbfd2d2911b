import Geometry
import Scientific
import Smoothing
import Tracking
@testable import Tuning

enum TuneFixtures {
    /// Ramps of `speed` m/s in x lasting `rampSeconds`, each followed by `stillSeconds` at rest, with Gaussian
    /// noise σ = `sigma` per axis (seeded), exact 60 Hz timestamps, ground truth.
    static func rampTrace(seed: UInt64 = 11, cycles: Int = 6, rampSeconds: Double = 1.5, stillSeconds: Double = 3,
                          speed: Double = 0.1, sigma: Double = 0.0005, rate: Double = 60) -> HeadTrace {
        let random = RandomSource(seed: seed)
        var samples: [HeadSample] = []
        var truth: [Vec3] = []
        var x = -0.075
        var direction = 1.0
        var t = 0.0
        let dt = 1 / rate
        let rampSamples = Int((rampSeconds * rate).rounded()), stillSamples = Int((stillSeconds * rate).rounded())
        func add(_ p: Vec3) {
            let measured = Vec3(p.x + random.gaussian(sigma: sigma), p.y + random.gaussian(sigma: sigma), p.z + random.gaussian(sigma: sigma))
            samples.append(HeadSample(t: t, position: measured))
            truth.append(p)
            t = Double(samples.count) * dt
        }
        for _ in 0..<stillSamples { add(Vec3(x, 0.01, 0.35)) }
        for _ in 0..<cycles {
            for _ in 0..<rampSamples {
                x += direction * speed * dt
                add(Vec3(x, 0.01, 0.35))
            }
            for _ in 0..<stillSamples { add(Vec3(x, 0.01, 0.35)) }
            direction = -direction
        }
        return HeadTrace(samples: samples, truth: truth, metadata: [MetadataEntry(key: "rate", value: "\(rate)")])
    }

    /// A short synthesized trace: still then sway, default noise.
    static func swayTrace(seed: UInt64 = 5, seconds: Double = 6) throws -> HeadTrace {
        try TraceSynthesizer.synthesize(TraceSpec(seed: seed, motion: [
            MotionSegment(model: .still, duration: seconds / 2), MotionSegment(model: .sway, duration: seconds / 2),
        ]))
    }
}
