import Foundation
import Geometry
import Reporting
import Scientific
import Testing
import Tracking
import Trajectories
import Vocabulary

/// `parallax evaluate`'s pieces on hand-computed cases: statistics, evo's nearest association, interpolation
/// that never crosses a gap, Umeyama recovering a known rigid and similarity transform, APE of a known offset,
/// RPE of a known step error.
struct TrajectoryEvaluationTests {
    /// A non-planar path (a helix) so that Umeyama's covariance has full rank.
    func helix(_ n: Int, rate: Double = 100, start: Double = 0) -> PoseTrajectory {
        let times = (0..<n).map { start + Double($0) / rate }
        let positions = times.map { t in Vec3(0.3 * cos(2 * t), 0.2 * sin(3 * t), 0.1 * t) }
        let orientations = times.map { t in Quaternion(axis: Vec3(0.2, 1, 0.1), angle: 0.7 * t) }
        return PoseTrajectory(times: times, positions: positions, orientations: orientations)
    }

    @Test func statisticsAreEvosDefinitions() throws {
        // e = 1, 2, 3, 4: rmse √7.5, mean 2.5, median (2 + 3)/2, std √1.25 (population), sse 30.
        let s = try #require(ErrorStatistics([3, 1, 4, 2]))
        #expect(abs(s.rmse - 7.5.squareRoot()) < 1e-15)
        #expect(s.mean == 2.5 && s.median == 2.5 && s.min == 1 && s.max == 4 && s.sse == 30)
        #expect(abs(s.std - 1.25.squareRoot()) < 1e-15)
        #expect(try #require(ErrorStatistics([5, 1, 2])).median == 2)
        #expect(ErrorStatistics([]) == nil)
    }

    @Test func nearestAssociationIsEvos() {
        func poses(_ times: [Double]) -> PoseTrajectory {
            PoseTrajectory(times: times, positions: times.map { Vec3($0, 0, 0) })
        }
        // The shorter (estimate, 3 poses) is searched in the truth (5 poses); 0.25 is equally far from 0.2 and
        // 0.3 → the first (0.2), 0.52 is 0.02 from 0.5 > max 0.01 → dropped.
        let truth = poses([0.0, 0.1, 0.2, 0.3, 0.5])
        let pairs = TimeAssociation.nearest(truth: truth, estimate: poses([0.101, 0.25, 0.52]), maxDifference: 0.06, offset: 0)
        #expect(pairs.truth.times == [0.1, 0.2, 0.5])
        #expect(pairs.estimate.times == [0.101, 0.25, 0.52])
        let strict = TimeAssociation.nearest(truth: truth, estimate: poses([0.101, 0.25, 0.52]), maxDifference: 0.01, offset: 0)
        #expect(strict.truth.times == [0.1] && strict.estimate.times == [0.101])
        // The offset is added to the estimate's stamps: est 1.0 + (−0.9) = 0.1. With the estimate the longer
        // one, the truth is searched in estimate + offset.
        let shifted = TimeAssociation.nearest(truth: poses([0.1, 0.3]), estimate: poses([1.0, 1.1, 1.2, 1.3]), maxDifference: 0.001, offset: -0.9)
        #expect(shifted.truth.times == [0.1, 0.3] && shifted.estimate.times == [1.0, 1.2])
    }

    /// evo 1.38.1's `matching_time_indices` on sorted stamps with repeats, by hand: `searchsorted(side="right")`
    /// then the strictly nearer upper neighbour, else the lower one — a stamp equal to a run gets its last row,
    /// a stamp nearer the upper run its first; on unsorted stamps the linear `argmin` (first minimum).
    @Test func nearestAssociationOnRepeatedTimestampsIsEvos() {
        // Rows 0…5 at times 1, 2, 2, 2, 3, 3; x = the row index tells which row was paired.
        let long = PoseTrajectory(times: [1, 2, 2, 2, 3, 3], positions: (0..<6).map { Vec3(Double($0), 0, 0) })
        let short = PoseTrajectory(times: [2, 2.5, 2.75, 1.5, 3.004, 0.99], positions: Array(repeating: Vec3(0, 0, 0), count: 6))
        let pairs = TimeAssociation.nearest(truth: long, estimate: short, maxDifference: 0.6, offset: 0)
        // 2 → run 1–3's last (3); 2.5: tie → lower (3); 2.75 → upper run's first (4); 1.5: tie → lower (0);
        // 3.004 → past the end: the last (5); 0.99 → upper 0.01 nearer (0).
        #expect(pairs.truth.positions.map(\.x) == [3, 3, 4, 0, 5, 0])
        #expect(TimeAssociation.evoMatch(3.7, inSorted: long.times, maxDifference: 0.6) == nil)
        #expect(TimeAssociation.evoMatch(0.5, inSorted: long.times, maxDifference: 0.6) == 0)
        // Unsorted: the first minimum of |stamps − stamp|.
        #expect(TimeAssociation.firstNearest(2, in: [3, 2, 1, 2], maxDifference: 0.1) == 1)
        #expect(TimeAssociation.firstNearest(2.5, in: [3, 2, 1, 2], maxDifference: 0.5) == 0)
        #expect(TimeAssociation.firstNearest(5, in: [3, 2, 1, 2], maxDifference: 0.5) == nil)
    }

    @Test func interpolationIsLinearAndNeverCrossesAGap() {
        let truth = PoseTrajectory(times: [0, 0.1, 0.2, 1.0, 1.1], positions: [Vec3(0, 0, 0), Vec3(1, 0, 0), Vec3(2, 0, 0), Vec3(10, 0, 0), Vec3(11, 0, 0)],
                                   orientations: [.identity, Quaternion(axis: Vec3(0, 0, 1), angle: 0.2), .identity, .identity, .identity])
        let estimate = PoseTrajectory(times: [0.05, 0.15, 0.6, 1.05, 1.2], positions: Array(repeating: Vec3(0, 0, 0), count: 5))
        let pairs = TimeAssociation.interpolated(truth: truth, estimate: estimate, offset: 0, maxGap: 0.15)
        #expect(pairs.estimate.times == [0.05, 0.15, 1.05])  // 0.6 lies in the 0.2…1.0 gap, 1.2 after the end
        #expect(zip(pairs.truth.positions.map(\.x), [0.5, 1.5, 10.5]).allSatisfy { abs($0 - $1) < 1e-12 })
        // SLERP half-way from the identity to 0.2 rad about z: 0.1 rad.
        #expect(abs(pairs.truth.orientations![0].angle - 0.1) < 1e-12)
        // The offset moves the estimate onto the truth's clock: 0.55 − 0.5 = 0.05.
        let shifted = TimeAssociation.interpolated(truth: truth, estimate: PoseTrajectory(times: [0.55], positions: [Vec3(0, 0, 0)]), offset: -0.5, maxGap: 0.15)
        #expect(shifted.truth.positions.map(\.x).map { ($0 * 1e9).rounded() / 1e9 } == [0.5])
    }

    @Test func umeyamaRecoversAKnownRigidAndSimilarityTransform() throws {
        let x = helix(200).positions
        let rotation = Quaternion(axis: Vec3(1, -2, 0.5), angle: 1.1)
        let t = Vec3(0.4, -1.2, 2.5)
        for scale in [1.0, 2.5] {
            let y = x.map { rotation.rotate($0) * scale + t }
            let fit = try UmeyamaAlignment(from: x, to: y, withScale: scale != 1)
            #expect(Quaternion(matrixRows: fit.rotation).angle(to: rotation) < 1e-10)
            #expect((fit.translation - t).length < 1e-10)
            #expect(abs(fit.scale - scale) < 1e-10)
            #expect(zip(x, y).allSatisfy { (fit.apply($0) - $1).length < 1e-10 })
        }
        // Collinear points: rank 1, refused as evo refuses them.
        let line = (0..<10).map { Vec3(Double($0), 0, 0) }
        #expect(throws: UmeyamaAlignment.Degenerate.self) { try UmeyamaAlignment(from: line, to: line, withScale: false) }
    }

    @Test func apeOfAKnownOffsetAndRPEOfAKnownStepError() throws {
        let truth = helix(101)
        // A constant offset of (3, 4, 0) cm: every APE is 5 cm unaligned, 0 after SE(3) alignment; RPE 0 either way.
        let shifted = PoseTrajectory(times: truth.times, positions: truth.positions.map { $0 + Vec3(0.03, 0.04, 0) }, orientations: truth.orientations)
        var options = TrajectoryEvaluation.Options()
        let raw = try TrajectoryEvaluation.run(truth: truth, estimate: shifted, options: options)
        #expect(raw.pairs == 101)
        #expect(abs(raw.ape.rmse - 0.05) < 1e-12 && abs(raw.ape.min - 0.05) < 1e-12 && raw.ape.std < 1e-12)
        #expect(abs(raw.ape.sse - 101 * 0.0025) < 1e-12)
        #expect(try #require(raw.rpe).statistics.max < 1e-12)
        options.alignment = .se3
        let aligned = try TrajectoryEvaluation.run(truth: truth, estimate: shifted, options: options)
        #expect(aligned.ape.max < 1e-9)

        // Estimate = truth scaled by 2 about the origin: each step doubles, so RPE = |step| (in the truth's
        // body frame); Sim(3) alignment removes it (scale 0.5).
        let doubled = PoseTrajectory(times: truth.times, positions: truth.positions.map { $0 * 2 }, orientations: truth.orientations)
        options.alignment = .none
        options.delta = 10
        let scaled = try TrajectoryEvaluation.run(truth: truth, estimate: doubled, options: options)
        let steps = stride(from: 0, to: 90 + 1, by: 10).map { (truth.positions[$0 + 10] - truth.positions[$0]).length }
        let rpe = try #require(scaled.rpe)
        #expect(rpe.pairs == 10)
        #expect(abs(rpe.statistics.sse - steps.reduce(0) { $0 + $1 * $1 }) < 1e-12)
        options.alignment = .sim3
        let similar = try TrajectoryEvaluation.run(truth: truth, estimate: doubled, options: options)
        #expect(abs(try #require(similar.alignment).transform.scale - 0.5) < 1e-12)
        let similarRPE = try #require(similar.rpe)
        #expect(similar.ape.max < 1e-9 && similarRPE.statistics.max < 1e-9)
    }

    @Test func withoutOrientationsRPEIsNotComputedAndSaysWhy() throws {
        let truth = helix(20)
        let estimate = PoseTrajectory(times: truth.times, positions: truth.positions)
        let result = try TrajectoryEvaluation.run(truth: truth, estimate: estimate, options: .init())
        #expect(result.rpe == nil)
        #expect(result.notes == ["RPE not computed: the estimate has no orientations"])
        #expect(result.json.contains("\"rpe\" : null"))
    }

    @Test func noOverlapIsAOneLineError() {
        let truth = helix(20), later = helix(20, start: 100)
        #expect(throws: TrajectoryEvaluation.Failure.self) { try TrajectoryEvaluation.run(truth: truth, estimate: later, options: .init()) }
    }

    static func options(_ change: (inout TrajectoryEvaluation.Options) -> Void) -> TrajectoryEvaluation.Options {
        var options = TrajectoryEvaluation.Options()
        change(&options)
        return options
    }

    /// A library caller's options are checked by `run` itself: every value outside its field's range is a
    /// `FieldError` naming the field, never a trap (a zero delta would stride by 0, a count below 1 cut a negative
    /// prefix).
    @Test(arguments: [
        ("delta", options { $0.delta = 0 }, "delta: expected a number of frames ≥ 1, found 0"),
        ("delta", options { $0.delta = -3 }, "delta: expected a number of frames ≥ 1, found -3"),
        ("delta", options { $0.delta = .min }, "delta: expected a number of frames ≥ 1, found \(Int.min)"),
        ("align_first", options { $0.alignment = .se3; $0.alignFirst = 0 }, "align_first: expected a number of pairs ≥ 1, found 0"),
        ("align_first", options { $0.alignment = .sim3; $0.alignFirst = .min }, "align_first: expected a number of pairs ≥ 1, found \(Int.min)"),
        ("max_difference", options { $0.maxDifference = -0.01 }, "max_difference: expected a time ≥ 0 s, found -0.01"),
        ("max_difference", options { $0.maxDifference = .nan }, "max_difference: expected a time ≥ 0 s, found nan"),
        ("max_difference", options { $0.maxDifference = .infinity }, "max_difference: expected a time ≥ 0 s, found inf"),
        ("offset", options { $0.offset = .nan }, "offset: expected a finite time in s, found nan"),
        ("offset", options { $0.offset = -.infinity }, "offset: expected a finite time in s, found -inf"),
        ("max_gap", options { $0.association = .interpolate; $0.maxGap = 0 }, "max_gap: expected a time > 0 s, found 0.0"),
        ("max_gap", options { $0.maxGap = -1 }, "max_gap: expected a time > 0 s, found -1.0"),
        ("max_gap", options { $0.maxGap = .nan }, "max_gap: expected a time > 0 s, found nan"),
        ("max_gap", options { $0.maxGap = .infinity }, "max_gap: expected a time > 0 s, found inf"),
    ])
    func optionsOutOfRangeAreAFieldErrorNotATrap(_ field: String, _ options: TrajectoryEvaluation.Options, _ message: String) {
        let truth = helix(50)
        #expect(throws: FieldError.self) { try options.validate() }
        do {
            _ = try TrajectoryEvaluation.run(truth: truth, estimate: truth, options: options)
            Issue.record("\(field): evaluated with \(options)")
        } catch let error as FieldError {
            #expect(error.path.firstKey == field)
            #expect("\(error)" == message)
        } catch {
            Issue.record("\(field): \(error)")
        }
    }

    /// The other extremes are values, not errors: a delta beyond the pairs leaves RPE out with a note, a count
    /// beyond them aligns on all, a huge difference or gap pairs everything.
    @Test func hugeButValidOptionsEvaluate() throws {
        let truth = helix(50)
        var options = TrajectoryEvaluation.Options()
        options.delta = .max
        options.alignment = .se3
        options.alignFirst = .max
        options.maxDifference = .greatestFiniteMagnitude
        options.maxGap = .greatestFiniteMagnitude
        let result = try TrajectoryEvaluation.run(truth: truth, estimate: truth, options: options)
        #expect(result.rpe == nil && result.notes == ["RPE not computed: 50 pair(s) give no pose pair \(Int.max) frame(s) apart"])
        #expect(result.alignment?.poses == 50)
        options.association = .interpolate
        #expect(try TrajectoryEvaluation.run(truth: truth, estimate: truth, options: options).pairs == 50)
    }

    /// `evaluate --html`'s page: the files as given, the pairing, alignment and statistics rows, the series.
    @Test func thePageSummarizesTheEvaluation() throws {
        let truth = helix(101)
        let shifted = PoseTrajectory(times: truth.times, positions: truth.positions.map { $0 + Vec3(0.03, 0.04, 0) }, orientations: truth.orientations)
        var options = TrajectoryEvaluation.Options()
        options.alignment = .se3
        options.delta = 10
        let result = try TrajectoryEvaluation.run(truth: truth, estimate: shifted, options: options)
        let page = result.page(truthFile: "data/gt.tum", estimateFile: "data/est.tum")
        #expect(page.title == "parallax evaluate" && page.subtitle == "est.tum against gt.tum")
        #expect(page.summary.map(\.0) == ["truth", "estimate", "pairs", "alignment", "APE (m)", "RPE (m, Δ 10)"])
        #expect(page.summary.prefix(4).map(\.1) == ["data/gt.tum", "data/est.tum", "101 (nearest, offset 0.0 s)",
                                                     "se3 on 101 pairs: rotation 0.0000°, scale 1.000000"])
        #expect(page.summary[4].1.hasPrefix("rmse 0.000000, mean 0.000000"))
        #expect(page.times.first == 0 && page.times.last.map { abs($0 - 1) < 1e-12 } == true)
        #expect(page.errors == result.apeErrors && page.truth.count == 101 && page.estimate.count == 101)

        // No orientations: no RPE row, the note instead; no alignment.
        let positionsOnly = PoseTrajectory(times: truth.times, positions: shifted.positions)
        let plain = try TrajectoryEvaluation.run(truth: truth, estimate: positionsOnly, options: .init()).page(truthFile: "gt.tum", estimateFile: "est.tum")
        #expect(plain.summary.map(\.0) == ["truth", "estimate", "pairs", "alignment", "APE (m)", "note"])
        #expect(plain.summary[3].1 == "none" && plain.summary[5].1 == "RPE not computed: the estimate has no orientations")
    }

    @Test func singularValuesOfAKnownMatrix() throws {
        // [[3, 0], [4, 5]]: AᵀA = [[25, 20], [20, 25]] → σ² = 45, 5 → σ = 3√5, √5; U·diag(σ)·Vᵀ = A.
        let a = [[3.0, 0], [4, 5]]
        let svd = try #require(SingularValueDecomposition(a))
        #expect(abs(svd.singularValues[0] - 3 * 5.0.squareRoot()) < 1e-12 && abs(svd.singularValues[1] - 5.0.squareRoot()) < 1e-12)
        for i in 0..<2 { for j in 0..<2 {
            let value = (0..<2).reduce(0.0) { $0 + svd.u[i][$1] * svd.singularValues[$1] * svd.v[j][$1] }
            #expect(abs(value - a[i][j]) < 1e-12)
        } }
    }
}
