import Foundation
import Geometry
import Testing
import Tracking
import Trajectories

/// `import --truth`: a 60 Hz recording 47 ms behind its 120 Hz truth, the truth on another clock (+1000 s) and in
/// another frame (rotated 25°, scaled 1.3, moved): the offset, rotation and scale are recovered.
struct TruthPairingTests {
    /// The real head motion in the screen frame (non-planar, speed varying: the cross-correlation has one peak).
    static func motion(_ t: Double) -> Vec3 {
        Vec3(0.04 * sin(2 * .pi * 0.25 * t) + 0.02 * sin(2 * .pi * 0.9 * t), 0.02 * sin(2 * .pi * 0.5 * t + 1) + 0.01 * sin(2 * .pi * 1.3 * t),
             0.35 + 0.03 * sin(2 * .pi * 0.33 * t))
    }

    static let rotation = Quaternion(axis: Vec3(0.3, 1, -0.2), angle: 25 * .pi / 180)
    static let scale = 1.3
    static let shift = Vec3(1.5, -0.4, 2.0)
    static let latency = 0.047
    static let clockDifference = 1000.0

    /// Screen frame → the truth's (motion-capture) frame.
    static func toMocap(_ p: Vec3) -> Vec3 { rotation.rotate(p) * scale + shift }

    func pair() -> (HeadTrace, PoseTrajectory) {
        let recording = HeadTrace(samples: (0..<1200).map { k in
            let t = Double(k) / 60
            let noise = Vec3(sin(Double(k) * 12.9898), sin(Double(k) * 78.233), sin(Double(k) * 37.719)) * 0.0003
            return HeadSample(t: t, position: Self.motion(t - Self.latency) + noise)
        })
        let times = (0..<2520).map { Self.clockDifference - 0.5 + Double($0) / 120 }
        let headTurn = times.map { Quaternion(axis: Vec3(0, 1, 0), angle: 0.2 * sin($0)) }
        let truth = PoseTrajectory(times: times, positions: times.map { Self.toMocap(Self.motion($0 - Self.clockDifference)) },
                                   orientations: headTurn.map { Self.rotation * $0 })
        return (recording, truth)
    }

    @Test func recoversTheOffsetRotationAndScale() throws {
        let (recording, truth) = pair()
        let result = try TruthPairing.pair(recording: recording, truth: truth, truthName: "mocap.tum", options: .init(alignment: .sim3))
        // truth time = recording time + 1000 − 0.047.
        #expect(abs(result.offset - (Self.clockDifference - Self.latency)) < 0.001, "offset \(result.offset)")
        let recovered = Quaternion(matrixRows: result.alignment.rotation)
        #expect(recovered.angle(to: Self.rotation.conjugate) * 180 / .pi < 0.1)
        #expect(abs(result.alignment.scale - 1 / Self.scale) < 1e-3)
        #expect(result.residualRMS < 0.001)
        #expect(result.droppedSamples == 0)
        let paired = result.trace
        let truthColumn = try #require(paired.truth)
        #expect(zip(paired.samples, truthColumn).allSatisfy { ($0.position - $1).length < 0.002 })
        #expect(paired.metadata("truth_offset_s").flatMap(Double.init).map { abs($0 - result.offset) < 1e-12 } == true)
        // The truth's orientation in the screen frame: the head turn alone.
        let turns = paired.extraColumns.first { $0.name == "true_head_qw" }
        #expect(turns?.values.count == paired.count)
    }

    @Test func aGivenOffsetIsUsedAndSamplesWithoutTruthAreLeftOut() throws {
        let (recording, truth) = pair()
        // Truth from 999.5 s to 1020.49 s; recording + 999.0 starts before it: the first 0.5 s (30 samples) have no truth.
        let result = try TruthPairing.pair(recording: recording, truth: truth, truthName: "mocap.tum", options: .init(offset: 999.0, alignment: .sim3))
        #expect(result.offset == 999.0 && !result.offsetEstimated)
        #expect(result.droppedSamples == 30)
        #expect(result.trace.count == 1170)
        #expect(result.residualRMS > 0.001)  // the wrong offset leaves a residual
    }
}
