import Foundation
import Geometry
import Plumbing
import Scientific

/// Turns a `TraceSpec` into a `HeadTrace` with ground truth: plans the motion, lays out jittered sample
/// times, then applies the sensor model (latency, depth scale, distance-dependent gaussian noise,
/// outliers, dropouts with frozen positions).
///
/// Each random part draws from its own stream of the seed, so e.g. enabling outliers does not change the
/// timing or the gaussian noise of an otherwise identical trace.
public enum TraceSynthesizer {
    enum Stream: UInt64 { case motion = 0, timing, dropouts, noise, outliers, device }

    /// `parallax synth`: synthesizes the spec's trace and writes it as a trace CSV at `path` (atomically).
    public static func synthesize(_ spec: TraceSpec, to path: String) throws {
        try TraceCSVWriter.write(try synthesize(spec), to: path)
    }

    public static func synthesize(_ spec: TraceSpec) throws -> HeadTrace {
        try spec.validate()
        let noise = spec.noise
        let plan = MotionPlan(spec: spec, random: RandomSource(seed: spec.seed, stream: Stream.motion.rawValue))
        let times = sampleTimes(spec)
        let dropouts = dropoutIntervals(spec, duration: plan.duration)
        let noiseRandom = RandomSource(seed: spec.seed, stream: Stream.noise.rawValue)
        let outlierRandom = RandomSource(seed: spec.seed, stream: Stream.outliers.rawValue)

        var samples: [HeadSample] = []
        var truth: [Vec3] = []
        samples.reserveCapacity(times.count)
        truth.reserveCapacity(times.count)
        var lastTracked: Vec3?
        var dropoutIndex = 0
        let attitudes = spec.device.map { deviceAttitudes($0, times: times, seed: spec.seed) }
        // The phone's rotation since session start (start screen frame ← now): the truth is the head seen from it.
        let rotations = attitudes.map { q in q.map { q[0].conjugate * $0 } }
        var headOrientations: [Quaternion] = []
        for (index, t) in times.enumerated() {
            let room = rotations?[index] ?? .identity
            let trueNow = room.conjugate.rotate(plan.position(at: t))
            if let head = spec.head { headOrientations.append(head.orientation(at: t, position: trueNow, room: room)) }
            let sensorTime = max(0, t - noise.latency)
            let seen = noise.latency == 0 ? trueNow : room.conjugate.rotate(plan.position(at: sensorTime))
            var measured = Vec3(seen.x, seen.y, seen.z * (1 + noise.depthScaleError))
            let distance = max(seen.z, 1e-3) / noise.referenceDistance
            measured.x += noiseRandom.gaussian(sigma: noise.sigma.x * pow(distance, noise.distanceExponent.x))
            measured.y += noiseRandom.gaussian(sigma: noise.sigma.y * pow(distance, noise.distanceExponent.y))
            measured.z += noiseRandom.gaussian(sigma: noise.sigma.z * pow(distance, noise.distanceExponent.z))
            if noise.outlierProbability > 0 && outlierRandom.bernoulli(noise.outlierProbability) {
                let direction = Vec3(outlierRandom.gaussian(), outlierRandom.gaussian(), outlierRandom.gaussian())
                measured += direction.normalized * noise.outlierMagnitude
            }
            while dropoutIndex < dropouts.count && dropouts[dropoutIndex].upperBound <= sensorTime { dropoutIndex += 1 }
            let inDropout = dropoutIndex < dropouts.count && dropouts[dropoutIndex].contains(sensorTime)
            let tracked = !inDropout && plan.isInTrackingRange(at: sensorTime)
            if tracked {
                lastTracked = measured
            } else if let frozen = lastTracked {
                measured = frozen  // ARKit + the app keep delivering the last pose while tracking is lost
            }
            samples.append(HeadSample(t: t, position: measured, tracked: tracked))
            truth.append(trueNow)
        }
        var trace = HeadTrace(samples: samples, truth: truth, metadata: metadata(for: spec))
        if let attitudes { trace.setOrientations(attitudes, .device) }
        if spec.head != nil { trace.setOrientations(headOrientations, .head) }
        return trace
    }

    /// The phone's attitude per sample: the spec's angles plus the tremor's gaussian noise (its own stream).
    static func deviceAttitudes(_ device: DeviceMotionSpec, times: [Double], seed: UInt64) -> [Quaternion] {
        let random = RandomSource(seed: seed, stream: Stream.device.rawValue)
        let sigma = device.tremor * .pi / 180
        return times.map { t in
            var (back, roll) = device.angles(at: t)
            if sigma > 0 {
                back += random.gaussian(sigma: sigma)
                roll += random.gaussian(sigma: sigma)
            }
            return DeviceMotionSpec.attitude(back: back, roll: roll)
        }
    }

    /// Nominal grid k/rate over [0, duration), each time jittered (clamped to ±0.45 frame so the order is
    /// kept), with frames dropped at random (never the first).
    static func sampleTimes(_ spec: TraceSpec) -> [Double] {
        let random = RandomSource(seed: spec.seed, stream: Stream.timing.rawValue)
        let period = 1 / spec.rate
        let limit = 0.45 * period
        let count = Int((spec.duration * spec.rate).rounded(.up))
        var times: [Double] = []
        times.reserveCapacity(count)
        for k in 0..<count {
            let nominal = Double(k) * period
            guard nominal < spec.duration else { break }
            let jitter = spec.noise.timingJitter > 0 ? min(max(random.gaussian(sigma: spec.noise.timingJitter), -limit), limit) : 0
            let dropped = spec.noise.droppedFrameProbability > 0 && random.bernoulli(spec.noise.droppedFrameProbability)
            if dropped && k > 0 { continue }
            times.append(k == 0 ? max(0, nominal + jitter) : nominal + jitter)
        }
        return times
    }

    /// Poisson-distributed dropout bursts with exponentially distributed lengths.
    static func dropoutIntervals(_ spec: TraceSpec, duration: Double) -> [Range<Double>] {
        guard spec.noise.dropoutRate > 0 else { return [] }
        let random = RandomSource(seed: spec.seed, stream: Stream.dropouts.rawValue)
        var intervals: [Range<Double>] = []
        var time = 0.0
        while true {
            time += random.exponential(mean: 1 / spec.noise.dropoutRate)
            if time >= duration { break }
            let length = random.exponential(mean: spec.noise.dropoutDuration)
            intervals.append(time..<(time + length))
            time += length
        }
        return intervals
    }

    static func metadata(for spec: TraceSpec) -> [MetadataEntry] {
        let encoder = JSONEncoder.deterministic(.compact)
        let specJSON = (try? encoder.encode(spec)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
        return [
            MetadataEntry(key: "source", value: "parallax synth \(ParallaxVersion.string)"),
            MetadataEntry(key: "seed", value: "\(spec.seed)"),
            MetadataEntry(key: "rate", value: "\(spec.rate)"),
            MetadataEntry(key: "models", value: spec.motion.map(\.model.rawValue).joined(separator: ",")),
            MetadataEntry(key: "spec", value: specJSON),
        ]
    }
}
