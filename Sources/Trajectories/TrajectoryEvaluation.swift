import Foundation
import Geometry
import Reporting
import Tracking
import Vocabulary

/// `parallax evaluate TRUTH ESTIMATE`: the absolute and relative position errors of an estimated trajectory
/// against its truth, with evo's definitions (MichaelGrupp/evo: `evo_ape`/`evo_rpe` with
/// `--pose_relation trans_part`), so that the numbers are evo's on the same files and options:
/// association (`TimeAssociation`), optional Umeyama alignment of the estimate onto the truth (SE(3) `-a`,
/// Sim(3) `-as`, on the first N pairs `--n_to_align`), then
/// - APE: |p_est,i − p_ref,i| per pair (metrics.py `APE`, translation part);
/// - RPE: the translation of E = (Q_i⁻¹Q_j)⁻¹(P_i⁻¹P_j) for pairs (i, i + Δ), i = 0, Δ, 2Δ, … (metrics.py
///   `RPE`, consecutive pairs, Δ in frames); it needs orientations on both sides.
package enum TrajectoryEvaluation {
    package enum AlignmentKind: String, CaseIterable, Sendable, Codable {
        case none, se3, sim3

        /// `none`, `se3` or `sim3`; the error names the `align` field.
        package init(parsing text: String) throws {
            guard let kind = AlignmentKind(rawValue: text.lowercased()) else {
                throw FieldError("align", expected: "none, se3 or sim3", found: "'\(text)'")
            }
            self = kind
        }
    }

    package struct Options: Sendable {
        package var association: AssociationMethod = .nearest
        /// Seconds; `nearest` pairs poses at most this far apart (evo's `--t_max_diff`, default 0.01).
        package var maxDifference = 0.01
        /// Seconds added to the estimate's timestamps (evo's `--t_offset`).
        package var offset = 0.0
        /// Seconds; `interpolate` does not interpolate between truth samples further apart than this.
        package var maxGap = 0.1
        package var alignment: AlignmentKind = .none
        /// Align on the first N pairs only (nil: all; evo's `--n_to_align`).
        package var alignFirst: Int?
        /// RPE's Δ in frames (evo's `--delta`, default 1).
        package var delta = 1

        package init() {}

        /// Every value `run` can use: a `FieldError` naming the field (`max_difference`, `offset`, `max_gap`,
        /// `delta`, `align_first`) otherwise — a zero delta would never step, a count below 1 cuts nothing.
        package func validate() throws {
            guard maxDifference.isFinite, maxDifference >= 0 else { throw FieldError("max_difference", expected: "a time ≥ 0 s", found: "\(maxDifference)") }
            guard offset.isFinite else { throw FieldError("offset", expected: "a finite time in s", found: "\(offset)") }
            guard maxGap.isFinite, maxGap > 0 else { throw FieldError("max_gap", expected: "a time > 0 s", found: "\(maxGap)") }
            guard delta >= 1 else { throw FieldError("delta", expected: "a number of frames ≥ 1", found: "\(delta)") }
            if let alignFirst, alignFirst < 1 { throw FieldError("align_first", expected: "a number of pairs ≥ 1", found: "\(alignFirst)") }
        }
    }

    package struct Alignment: Sendable, Encodable {
        package var kind: AlignmentKind
        package var transform: UmeyamaAlignment
        /// Pairs the alignment was estimated from.
        package var poses: Int

        enum CodingKeys: String, CodingKey { case kind, rotation, translation, scale, poses, rotation_deg }

        package func encode(to encoder: Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(kind, forKey: .kind)
            let r = transform.rotation
            try c.encode([[r.0.x, r.0.y, r.0.z], [r.1.x, r.1.y, r.1.z], [r.2.x, r.2.y, r.2.z]], forKey: .rotation)
            try c.encode([transform.translation.x, transform.translation.y, transform.translation.z], forKey: .translation)
            try c.encode(transform.scale, forKey: .scale)
            try c.encode(transform.rotationAngle * 180 / .pi, forKey: .rotation_deg)
            try c.encode(poses, forKey: .poses)
        }
    }

    package struct RelativeError: Sendable, Encodable {
        package var deltaFrames: Int
        package var pairs: Int
        package var statistics: ErrorStatistics

        enum CodingKeys: String, CodingKey { case delta_frames, pairs, rmse, mean, median, std, min, max, sse }

        package func encode(to encoder: Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(deltaFrames, forKey: .delta_frames)
            try c.encode(pairs, forKey: .pairs)
            let s = statistics
            for (key, value) in [(CodingKeys.rmse, s.rmse), (.mean, s.mean), (.median, s.median), (.std, s.std), (.min, s.min), (.max, s.max), (.sse, s.sse)] {
                try c.encode(value, forKey: key)
            }
        }
    }

    package struct Result: Sendable, Encodable {
        package var pairs: Int
        package var timeOffset: Double
        package var association: AssociationMethod
        package var alignment: Alignment?
        package var ape: ErrorStatistics
        package var rpe: RelativeError?
        /// Why something was not computed (RPE without orientations).
        package var notes: [String]
        /// The paired poses after alignment, and the APE of each pair (for plots).
        package var truth: PoseTrajectory
        package var estimate: PoseTrajectory
        package var apeErrors: [Double]

        enum CodingKeys: String, CodingKey { case pairs, time_offset_s, association, alignment, ape, rpe, notes }

        package func encode(to encoder: Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(pairs, forKey: .pairs)
            try c.encode(timeOffset, forKey: .time_offset_s)
            try c.encode(association, forKey: .association)
            if let alignment { try c.encode(alignment, forKey: .alignment) } else { try c.encodeNil(forKey: .alignment) }
            try c.encode(ape, forKey: .ape)
            if let rpe { try c.encode(rpe, forKey: .rpe) } else { try c.encodeNil(forKey: .rpe) }
            try c.encode(notes, forKey: .notes)
        }

        /// The JSON form: sorted keys, `null` for what was not computed.
        package var json: String {
            String(decoding: try! JSONEncoder.deterministic().encode(self), as: UTF8.self)
        }
    }

    /// A failure to evaluate: no pairs, too few pairs for the alignment or the delta.
    package struct Failure: Error, CustomStringConvertible, Equatable {
        package var message: String
        package var description: String { message }
    }

    /// `parallax evaluate TRUTH ESTIMATE`: the options checked before either file is read, then each file read
    /// once (`TrajectoryFile`: TUM, EuRoC or trace CSV, in `format` when given) and evaluated.
    package static func run(truthFile: String, estimateFile: String, format: TrajectoryFormat?, sort: Bool, options: Options) throws -> Result {
        try options.validate()
        let truth = try TrajectoryFile.readWithNotes(contentsOf: truthFile, format: format, sort: sort)
        let estimate = try TrajectoryFile.readWithNotes(contentsOf: estimateFile, format: format, sort: sort)
        var result = try run(truth: truth.trajectory, estimate: estimate.trajectory, options: options)
        result.notes = truth.notes.map { "truth: \($0)" } + estimate.notes.map { "estimate: \($0)" } + result.notes
        return result
    }

    /// The evaluation of `estimate` against `truth`; options that `validate()` refuses are a `FieldError`.
    package static func run(truth: PoseTrajectory, estimate: PoseTrajectory, options: Options) throws -> Result {
        try options.validate()
        let paired: TimeAssociation
        switch options.association {
        case .nearest:
            paired = TimeAssociation.nearest(truth: truth, estimate: estimate, maxDifference: options.maxDifference, offset: options.offset)
            guard paired.truth.count > 0 else {
                throw Failure(message: "association: no matching timestamps between truth and estimate with max. time difference \(options.maxDifference) s and time offset \(options.offset) s; expected overlapping timestamps")
            }
        case .interpolate:
            paired = TimeAssociation.interpolated(truth: truth, estimate: estimate, offset: options.offset, maxGap: options.maxGap)
            guard paired.truth.count > 0 else {
                throw Failure(message: "association: no estimate timestamp + \(options.offset) s falls inside the truth's time span between samples at most \(options.maxGap) s apart; expected overlapping timestamps")
            }
        }
        var aligned = paired.estimate
        var alignment: Alignment?
        if options.alignment != .none {
            let n = min(options.alignFirst ?? paired.truth.count, paired.truth.count)
            let transform = try UmeyamaAlignment(from: Array(paired.estimate.positions.prefix(n)), to: Array(paired.truth.positions.prefix(n)),
                                                 withScale: options.alignment == .sim3)
            aligned = transform.apply(to: paired.estimate)
            alignment = Alignment(kind: options.alignment, transform: transform, poses: n)
        }
        let apeErrors = zip(aligned.positions, paired.truth.positions).map { ($0 - $1).length }
        var notes: [String] = []
        var rpe: RelativeError?
        if let q = paired.truth.orientations?.map(\.normalized), let p = aligned.orientations?.map(\.normalized) {
            let ids = Array(stride(from: 0, to: paired.truth.count, by: options.delta))
            let errors = zip(ids, ids.dropFirst()).map { i, j -> Double in
                let truthStep = q[i].conjugate.rotate(paired.truth.positions[j] - paired.truth.positions[i])
                let estimateStep = p[i].conjugate.rotate(aligned.positions[j] - aligned.positions[i])
                return (q[i].conjugate * q[j]).conjugate.rotate(estimateStep - truthStep).length
            }
            if let statistics = ErrorStatistics(errors) {
                rpe = RelativeError(deltaFrames: options.delta, pairs: errors.count, statistics: statistics)
            } else {
                notes.append("RPE not computed: \(paired.truth.count) pair(s) give no pose pair \(options.delta) frame(s) apart")
            }
        } else {
            let missing = [paired.truth.orientations == nil ? "truth" : nil, aligned.orientations == nil ? "estimate" : nil].compactMap { $0 }
            notes.append("RPE not computed: the \(missing.joined(separator: " and ")) has no orientations")
        }
        return Result(pairs: paired.truth.count, timeOffset: options.offset, association: options.association, alignment: alignment,
                      ape: ErrorStatistics(apeErrors)!, rpe: rpe, notes: notes, truth: paired.truth, estimate: aligned, apeErrors: apeErrors)
    }
}

extension TrajectoryEvaluation.Result {
    /// The text form: pairs, alignment, then one line of statistics per error, meters.
    package var text: String {
        func f(_ v: Double) -> String { String(format: "%.6f", v) }
        func line(_ name: String, _ s: ErrorStatistics) -> String {
            "\(name) rmse \(f(s.rmse))  mean \(f(s.mean))  median \(f(s.median))  std \(f(s.std))  min \(f(s.min))  max \(f(s.max))  sse \(f(s.sse))"
        }
        var lines = ["pairs: \(pairs) (\(association.rawValue), time offset \(timeOffset) s)"]
        if let alignment {
            let t = alignment.transform.translation
            lines.append("alignment: \(alignment.kind.rawValue) on \(alignment.poses) pair(s): rotation \(String(format: "%.4f", alignment.transform.rotationAngle * 180 / .pi))°, translation (\(f(t.x)), \(f(t.y)), \(f(t.z))) m, scale \(String(format: "%.6f", alignment.transform.scale))")
        } else {
            lines.append("alignment: none")
        }
        lines.append(line("APE (m):", ape))
        if let rpe { lines.append(line("RPE (m, Δ \(rpe.deltaFrames) frame(s), \(rpe.pairs) pairs):", rpe.statistics)) }
        lines += notes.map { "note: \($0)" }
        return lines.joined(separator: "\n")
    }
}

extension TrajectoryEvaluation.Result {
    /// The page of `parallax evaluate --html`: the paired trajectories, the APE over time and the summary rows
    /// (the files as given, pairs, alignment, APE and RPE statistics, notes).
    package func page(truthFile: String, estimateFile: String) -> TrajectoryComparisonPage {
        let origin = truth.times.first ?? 0
        func f(_ v: Double) -> String { String(format: "%.6f", v) }
        var summary: [(String, String)] = [("truth", truthFile), ("estimate", estimateFile),
                                           ("pairs", "\(pairs) (\(association.rawValue), offset \(timeOffset) s)")]
        if let alignment {
            summary.append(("alignment", String(format: "%@ on %d pairs: rotation %.4f°, scale %.6f", alignment.kind.rawValue, alignment.poses,
                                                alignment.transform.rotationAngle * 180 / .pi, alignment.transform.scale)))
        } else {
            summary.append(("alignment", "none"))
        }
        let a = ape
        summary.append(("APE (m)", "rmse \(f(a.rmse)), mean \(f(a.mean)), median \(f(a.median)), std \(f(a.std)), min \(f(a.min)), max \(f(a.max)), sse \(f(a.sse))"))
        if let rpe {
            let r = rpe.statistics
            summary.append(("RPE (m, Δ \(rpe.deltaFrames))", "rmse \(f(r.rmse)), mean \(f(r.mean)), median \(f(r.median)), std \(f(r.std)), min \(f(r.min)), max \(f(r.max)), sse \(f(r.sse))"))
        }
        summary += notes.map { ("note", $0) }
        return TrajectoryComparisonPage(title: "parallax evaluate", subtitle: "\(URL(fileURLWithPath: estimateFile).lastPathComponent) against \(URL(fileURLWithPath: truthFile).lastPathComponent)",
                                        truth: truth.positions.map { ($0.x, $0.y, $0.z) }, estimate: estimate.positions.map { ($0.x, $0.y, $0.z) },
                                        times: truth.times.map { $0 - origin }, errors: apeErrors, summary: summary)
    }
}
