import Foundation
import Geometry
import Plumbing
import Vocabulary
import Yams

/// Everything needed to synthesize a trace: rate, start pose, a sequence of motion segments, the sensor
/// noise model and a seed. The same spec and seed always give a byte-identical CSV.
///
/// YAML example (`Traces/*.yml`):
/// ```yaml
/// seed: 7
/// rate: 60
/// start: [0, 0, 0.35]
/// motion:
///   - {model: still, duration: 5}
///   - {model: sway, duration: 20, amplitude: [0.04, 0.02, 0], frequency: [0.25, 0.5, 0]}
/// noise: {sigma: [0.0005, 0.0005, 0.0015], dropout_rate: 0.05}
/// ```
public struct TraceSpec: Codable, Equatable, Sendable {
    /// Seed of every random choice (motion targets, timing, noise).
    public var seed: UInt64
    /// Nominal update rate in Hz (ARKit face tracking: 60).
    public var rate: Double
    /// Head position at t = 0, meters (world frame: +z toward the viewer).
    public var start: Vec3
    /// Motion segments, played one after another; each starts where the previous one ended.
    public var motion: [MotionSegment]
    /// Sensor model turning the true path into measured samples.
    public var noise: NoiseSpec
    /// How the phone moves (`device_q*` columns); nil: upright and still, no columns. The motion is then the
    /// head's path in the screen frame at session start, and the truth is it seen from the turning phone.
    public var device: DeviceMotionSpec?
    /// How the head turns (`head_q*` columns); nil: no columns.
    public var head: HeadOrientationSpec?

    public init(
        seed: UInt64 = 1, rate: Double = 60, start: Vec3 = Vec3(0, 0, 0.35),
        motion: [MotionSegment], noise: NoiseSpec = NoiseSpec(), device: DeviceMotionSpec? = nil, head: HeadOrientationSpec? = nil
    ) {
        self.device = device
        self.head = head
        self.seed = seed
        self.rate = rate
        self.start = start
        self.motion = motion
        self.noise = noise
    }

    /// Total duration: the sum of the segments' durations, seconds.
    public var duration: Double { motion.reduce(0) { $0 + $1.duration } }

    enum CodingKeys: String, CodingKey, CaseIterable { case seed, rate, start, motion, noise, device, head }

    public init(from decoder: Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let c = try decoder.container(keyedBy: CodingKeys.self)
        seed = try c.decodeIfPresent(UInt64.self, forKey: .seed) ?? 1
        rate = try c.decodeIfPresent(Double.self, forKey: .rate) ?? 60
        start = try c.decodeIfPresent(Vec3.self, forKey: .start) ?? Vec3(0, 0, 0.35)
        motion = try c.decode([MotionSegment].self, forKey: .motion)
        noise = try c.decodeIfPresent(NoiseSpec.self, forKey: .noise) ?? NoiseSpec()
        device = try c.decodeIfPresent(DeviceMotionSpec.self, forKey: .device)
        head = try c.decodeIfPresent(HeadOrientationSpec.self, forKey: .head)
    }

    /// The most samples a spec may describe (10⁷: 46 hours at 60 Hz).
    public static let maximumSamples = 1e7

    /// Checks every value; the error names the field and the valid range.
    public func validate() throws {
        guard rate.isFinite, rate > 0, rate <= 10_000 else { throw FieldError("rate", expected: "a rate in (0, 10000] Hz", found: "\(rate)") }
        guard start.isFinite, start.z > 0 else { throw FieldError("start", expected: "a finite position in front of the screen (z > 0)", found: "\(start)") }
        guard !motion.isEmpty else { throw FieldError("motion", expected: "at least one motion segment") }
        for (index, segment) in motion.enumerated() { try segment.validate(field: "motion[\(index)]") }
        // Synthesis allocates every sample up front.
        guard duration * rate <= Self.maximumSamples else {
            throw FieldError("motion", expected: "at most \(Int(Self.maximumSamples)) samples (duration × rate; 46 h at 60 Hz)",
                             found: String(format: "%.0f", duration * rate))
        }
        try noise.validate()
        try device?.validate()
        try head?.validate()
    }
}

extension TraceSpec {
    /// The spec as JSON (sorted keys, pretty-printed), as `parallax synth --print-spec` prints it; `synth --spec`
    /// reads it back.
    public func json() throws -> String {
        let encoder = JSONEncoder.deterministic()
        return String(decoding: try encoder.encode(self), as: UTF8.self)
    }
}

extension TraceSpec {
    /// The spec as YAML (the schema `synth --spec` reads), preceded by `comments` as `#` lines.
    public func yaml(comments: [String] = []) throws -> String {
        let body = try YAMLEncoder().encode(self)
        return comments.map { "# \($0)\n" }.joined() + body
    }
}

extension TraceSpec {
    /// The spec a synthesized trace records in its `# spec:` header line (`parallax synth`); nil for a trace
    /// without one (a recording). A header that does not decode, or a spec out of range, is an error naming it.
    public static func embedded(in trace: HeadTrace, file: String) throws -> TraceSpec? {
        guard let json = trace.metadata("spec") else { return nil }
        let spec: TraceSpec
        do {
            spec = try JSONDecoder().decode(TraceSpec.self, from: Data(json.utf8))
            try spec.validate()
        } catch {
            throw TraceError(file: file, message: "'# spec:' header: expected the JSON spec `parallax synth` writes: \(error)")
        }
        return spec
    }

    /// This spec's trace with `seed`, exactly as `parallax synth --seed` would write and read it back (the CSV's
    /// decimal rounding included), so a re-synthesized trace equals the file of that seed.
    public func synthesizedAsFile(seed: UInt64) throws -> HeadTrace {
        var spec = self
        spec.seed = seed
        return try TraceCSVReader.parse(Data(TraceCSVWriter.encode(try TraceSynthesizer.synthesize(spec))), file: "seed \(seed)")
    }
}
