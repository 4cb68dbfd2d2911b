import Foundation
import Geometry
import TestedApp
import Tracking

/// `parallax arkit-frame RECORDING`: which frame ARKit reports the face anchor in (`ARKitFrame`), decided from a
/// recording made by the protocol (`ARKitFrameProtocol`), and which recorded axes carry the screen's right and up.
///
/// Segments are found from CoreMotion's attitude alone (it does not depend on the hypotheses): the phone's
/// angular speed over ±0.25 s around each frame (the angle between the attitudes there over their time apart) marks a frame "phone turning" above
/// `turningSpeed`; the **phone segment** runs from the first to the last turning frame, the **head segment** is
/// every frame from `settle` after it on whose speed is below the threshold (the whole recording when the phone
/// never turned). Only tracked frames are used (ARKit repeats the last pose while not tracking).
///
/// In the phone segment the head is still in the room, so
/// - **gravity** (a world frame fixed at session start) predicts a fixed face position: its residual is the RMS
///   distance of the face positions from their mean;
/// - **camera** (relative to the camera, in the sensor's axes M, a signed permutation of the device's) predicts
///   D_k·M·f_k constant, D_k = A₀⁻¹·A_k the device's rotation since the segment's start from the attitude: its
///   residual is the RMS distance from the mean, at the best of the 48 signed permutations M.
/// A hypothesis wins when its residual is at most `explainedWithin` and the other's at least `margin` times
/// larger; with the phone turned less than `minimumRotationDegrees`, or neither so, the verdict is undecided.
///
/// In the head segment the phone is still, so under either hypothesis the recorded displacement is the head's. The
/// protocol moves the head up, back, down, back, left, back, right, back: the first four excursions beyond half the
/// largest displacement are up, down, left, right (as seen facing the screen); up = peak₁ − peak₂, right =
/// peak₄ − peak₃, each the recorded axis carrying at least `axisShare` of it, with its sign.
package struct ARKitFrameDecision: Sendable, Equatable {
    package enum Verdict: String, Codable, Sendable { case gravity, camera, undecided }

    package struct Residuals: Encodable, Sendable, Equatable {
        package var gravity: Double?
        package var camera: Double?

        private enum Keys: String, CodingKey { case gravity, camera }

        /// Both keys always, `null` for what was not computed.
        package func encode(to encoder: Encoder) throws {
            var c = encoder.container(keyedBy: Keys.self)
            try c.encode(gravity, forKey: .gravity)
            try c.encode(camera, forKey: .camera)
        }
    }

    package struct Segment: Codable, Sendable, Equatable {
        package var start: Double
        package var end: Double
        package var frames: Int
    }

    package var verdict: Verdict
    package var phoneRotationDeg: Double
    /// mm, nil without a phone segment of enough tracked frames.
    package var residualMm: Residuals
    package var screenAxes: ScreenAxes?
    package var phoneSegment: Segment?
    package var headSegment: Segment?
    package var notes: [String]

    /// The decided frame, nil when undecided.
    package var frame: ARKitFrame? {
        switch verdict {
        case .gravity: return .gravity
        case .camera: return .camera
        case .undecided: return nil
        }
    }

    package static let turningSpeed = 10.0 * .pi / 180  // rad/s: a hand tilting ±30° in ~2 s turns at ~60°/s
    package static let settle = 1.0                        // s after the last turning frame
    package static let minimumRotationDegrees = 5.0
    package static let explainedWithin = 0.025             // m: ARKit's face noise is ~1–2 mm, the hand moves the camera a little
    package static let margin = 3.0
    package static let axisShare = 0.8
    package static let minimumHeadExcursion = 0.03         // m

    package init(recording: DeviceRecording) {
        let frames = recording.frames
        let speed = Self.smoothedSpeed(frames)
        let turning = speed.map { $0 > Self.turningSpeed }
        var notes: [String] = []
        let untracked = frames.filter { !$0.tracked }.count
        if untracked > 0 { notes.append("\(untracked) of \(frames.count) frame(s) not tracked, left out") }

        // The phone segment and its decision.
        var phone: Segment?, rotation = 0.0, residuals = Residuals(gravity: nil, camera: nil)
        var headStart = 0
        if let first = turning.firstIndex(of: true), let last = turning.lastIndex(of: true) {
            let reference = frames[max(first - 1, 0)].attitude
            let range = first...last
            rotation = range.map { reference.angle(to: frames[$0].attitude) }.max()! * 180 / .pi
            let used = range.filter { frames[$0].tracked }
            phone = Segment(start: frames[first].t, end: frames[last].t, frames: used.count)
            if used.count >= 10 {
                residuals.gravity = Self.spread(used.map { frames[$0].face }) * 1000
                let (cameraResidual, axes) = Self.cameraFit(used.map { frames[$0] }, reference: reference)
                residuals.camera = cameraResidual * 1000
                notes.append("camera fit: device axes = recorded (\(axes.map(\.rawValue).joined(separator: ", "))) (the signed permutation of the recorded axes that best keeps the head still)")
            }
            notes.append(Self.cameraTransformNote(frames[range].filter(\.tracked), reference: frames[max(first - 1, 0)]))
            headStart = frames.firstIndex { $0.t >= frames[last].t + Self.settle } ?? frames.count
        }
        let verdict = Self.verdict(rotation: rotation, residuals: residuals, notes: &notes)

        // The head segment and the screen's axes.
        let head = (headStart..<frames.count).filter { !turning[$0] && frames[$0].tracked }
        let headSegment = head.isEmpty ? nil : Segment(start: frames[head.first!].t, end: frames[head.last!].t, frames: head.count)
        let axes = Self.screenAxes(head.map { frames[$0] }, notes: &notes)
        if let axes, axes.isMirrored { notes.append("the recorded frame is mirrored (left-handed) relative to the screen's") }

        notes.insert(Self.segmentNote(phone: phone, head: headSegment), at: 0)
        self.init(verdict: verdict, phoneRotationDeg: rotation, residualMm: residuals, screenAxes: axes,
                  phoneSegment: phone, headSegment: headSegment, notes: notes)
    }

    package init(verdict: Verdict, phoneRotationDeg: Double, residualMm: Residuals, screenAxes: ScreenAxes?, phoneSegment: Segment?,
                 headSegment: Segment?, notes: [String]) {
        self.verdict = verdict
        self.phoneRotationDeg = phoneRotationDeg
        self.residualMm = residualMm
        self.screenAxes = screenAxes
        self.phoneSegment = phoneSegment
        self.headSegment = headSegment
        self.notes = notes
    }

    static func verdict(rotation: Double, residuals: Residuals, notes: inout [String]) -> Verdict {
        guard rotation >= minimumRotationDegrees else {
            notes.append(String(format: "undecided: the phone turned %.1f° (at least %.0f° needed: tilt it ~30° about each axis with the head still)", rotation, minimumRotationDegrees))
            return .undecided
        }
        guard let g = residuals.gravity, let c = residuals.camera else {
            notes.append("undecided: fewer than 10 tracked frames while the phone turned")
            return .undecided
        }
        let limit = explainedWithin * 1000
        if g <= limit, c >= margin * g { return .gravity }
        if c <= limit, g >= margin * c { return .camera }
        notes.append(String(format: "undecided: neither hypothesis explains the phone segment (gravity %.1f mm, camera %.1f mm; a verdict needs ≤ %.0f mm and the other ≥ %.0f× larger) — was the head still while the phone turned?", g, c, limit, margin))
        return .undecided
    }

    /// The phone's angular speed at each frame (rad/s): the angle between the attitudes of the frames nearest
    /// 0.25 s before and after it, over their time apart — a span long enough that sample noise does not add up.
    static func smoothedSpeed(_ frames: [DeviceRecording.Frame]) -> [Double] {
        var low = 0, high = 0
        return frames.indices.map { k in
            while low + 1 < k, frames[low + 1].t <= frames[k].t - 0.25 { low += 1 }
            high = max(high, k)
            while high + 1 < frames.count, frames[high].t < frames[k].t + 0.25 { high += 1 }
            let span = frames[high].t - frames[low].t
            return span > 0 ? frames[low].attitude.angle(to: frames[high].attitude) / span : 0
        }
    }

    /// RMS distance from the mean.
    static func spread(_ points: [Vec3]) -> Double {
        let mean = points.reduce(Vec3(0, 0, 0), +) / Double(points.count)
        return (points.reduce(0.0) { $0 + ($1 - mean).dot($1 - mean) } / Double(points.count)).squareRoot()
    }

    /// The camera hypothesis's residual at the best of the 48 signed permutations M (recorded → device axes),
    /// and that M as the signed recorded axis behind each device axis.
    static func cameraFit(_ frames: [DeviceRecording.Frame], reference: Quaternion) -> (Double, [SignedAxis]) {
        var best = (Double.infinity, [SignedAxis]())
        let permutations = [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]]
        let rotations = frames.map { reference.conjugate * $0.attitude }
        for p in permutations {
            for signs in 0..<8 {
                let axes = (0..<3).map { SignedAxis(axis: p[$0], sign: signs & (1 << $0) == 0 ? 1 : -1) }
                let held = zip(frames, rotations).map { frame, d in d.rotate(Vec3(axes[0].component(of: frame.face), axes[1].component(of: frame.face), axes[2].component(of: frame.face))) }
                let residual = spread(held)
                if residual < best.0 { best = (residual, axes) }
            }
        }
        return best
    }

    /// Whether ARFrame.camera.transform turned with the attitude while the phone turned.
    static func cameraTransformNote(_ frames: [DeviceRecording.Frame], reference: DeviceRecording.Frame) -> String {
        guard !frames.isEmpty else { return "camera transform: no tracked frame while the phone turned" }
        let camera = frames.map { reference.cameraOrientation.angle(to: $0.cameraOrientation) * 180 / .pi }
        let attitude = frames.map { reference.attitude.angle(to: $0.attitude) * 180 / .pi }
        let difference = (zip(camera, attitude).reduce(0.0) { $0 + ($1.0 - $1.1) * ($1.0 - $1.1) } / Double(frames.count)).squareRoot()
        let turned = camera.max()!, attitudeTurned = attitude.max()!
        let verdict = turned < 1 ? "it stays fixed" : difference <= 3 ? "it follows the attitude" : "it turns, but not as the attitude does"
        return String(format: "camera transform: turned up to %.1f° while the attitude turned %.1f° (RMS difference of the angles %.1f°): %@", turned, attitudeTurned, difference, verdict)
    }

    /// The screen's right and up from the protocol's four head excursions (up, down, left, right).
    static func screenAxes(_ frames: [DeviceRecording.Frame], notes: inout [String]) -> ScreenAxes? {
        guard frames.count >= 10 else {
            notes.append("screen axes: no head segment (hold the phone still after the tilts and move the head up, down, left, right)")
            return nil
        }
        func median(_ values: [Double]) -> Double { let s = values.sorted(); return s[s.count / 2] }
        let rest = Vec3(median(frames.map(\.face.x)), median(frames.map(\.face.y)), median(frames.map(\.face.z)))
        let displacement = frames.map { $0.face - rest }
        let lengths = displacement.map(\.length).sorted()
        let amplitude = lengths[min(lengths.count - 1, Int(0.98 * Double(lengths.count)))]
        guard amplitude >= minimumHeadExcursion else {
            notes.append(String(format: "screen axes: the head moved only %.0f mm (move it ~10 cm up, down, left and right)", amplitude * 1000))
            return nil
        }
        // Excursions: runs beyond half the amplitude, joined across gaps shorter than 0.75 s (a tracking dropout
        // inside one; the protocol rests 2 s between them), kept from 0.2 s.
        var runs: [(start: Int, end: Int)] = []
        for k in frames.indices where displacement[k].length > amplitude / 2 {
            if let last = runs.last, frames[k].t - frames[last.end].t < 0.75 { runs[runs.count - 1].end = k } else { runs.append((k, k)) }
        }
        runs = runs.filter { frames[$0.end].t - frames[$0.start].t >= 0.2 }
        guard runs.count >= 4 else {
            notes.append("screen axes: \(runs.count) head excursion(s) found, 4 needed (up, down, left, right, back to rest between them)")
            return nil
        }
        if runs.count > 4 { notes.append("screen axes: \(runs.count) head excursions found, the first 4 used") }
        let peaks = runs.prefix(4).map { run in (run.start...run.end).max { displacement[$0].length < displacement[$1].length }.map { displacement[$0] }! }
        let upVector = peaks[0] - peaks[1], rightVector = peaks[3] - peaks[2]
        guard let up = SignedAxis.dominant(upVector, share: axisShare), let right = SignedAxis.dominant(rightVector, share: axisShare),
              let axes = ScreenAxes(right: right, up: up, faceMean: rest) else {
            notes.append(String(format: "screen axes: the head's up (%.3f, %.3f, %.3f) m and right (%.3f, %.3f, %.3f) m are not along two different recorded axes",
                                upVector.x, upVector.y, upVector.z, rightVector.x, rightVector.y, rightVector.z))
            return nil
        }
        return axes
    }

    static func segmentNote(phone: Segment?, head: Segment?) -> String {
        func text(_ s: Segment?) -> String { s.map { String(format: "%.2f–%.2f s (%d tracked frames)", $0.start, $0.end, $0.frames) } ?? "none" }
        return "segments from the attitude (turning: > \(Int(turningSpeed * 180 / .pi))°/s over ±0.25 s): phone \(text(phone)), head \(text(head))"
    }
}

extension ARKitFrameDecision: Encodable {
    private enum CodingKeys: String, CodingKey {
        case verdict, phoneRotationDeg = "phone_rotation_deg", residualMm = "residual_mm", screenAxes = "screen_axes"
        case phoneSegment = "phone_segment", headSegment = "head_segment", notes
    }

    package func encode(to encoder: Encoder) throws {
        func rounded(_ v: Double?) -> Double? { v.map { ($0 * 10).rounded() / 10 } }
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(verdict, forKey: .verdict)
        try c.encode(rounded(phoneRotationDeg), forKey: .phoneRotationDeg)
        try c.encode(Residuals(gravity: rounded(residualMm.gravity), camera: rounded(residualMm.camera)), forKey: .residualMm)
        try c.encode(screenAxes, forKey: .screenAxes)
        try c.encode(phoneSegment, forKey: .phoneSegment)
        try c.encode(headSegment, forKey: .headSegment)
        try c.encode(notes, forKey: .notes)
    }

    /// The text form: the verdict, the numbers, then the notes.
    package var text: String {
        func mm(_ v: Double?) -> String { v.map { String(format: "%.1f mm", $0) } ?? "n/a" }
        var lines = ["verdict: \(verdict.rawValue)",
                     String(format: "phone rotation: %.1f°", phoneRotationDeg),
                     "residual: gravity \(mm(residualMm.gravity)), camera \(mm(residualMm.camera))",
                     "screen axes: " + (screenAxes.map { "right \($0.right.rawValue), up \($0.up.rawValue)" } ?? "undecided")]
        lines += notes.map { "note: \($0)" }
        return lines.joined(separator: "\n")
    }
}
