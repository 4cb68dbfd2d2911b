import Geometry

/// A timed sequence of poses as trajectory tools (evo, the TUM RGB-D and EuRoC benchmarks) exchange them:
/// absolute timestamps in seconds, positions in meters in the file's own frame, and, when the file has them,
/// orientations (Hamilton, w first, as written: not renormalized, so that a round trip keeps every digit).
public struct PoseTrajectory: Sendable, Equatable {
    public var times: [Double]
    public var positions: [Vec3]
    /// One quaternion per pose, or nil when the source has no orientation.
    public var orientations: [Quaternion]?

    public init(times: [Double], positions: [Vec3], orientations: [Quaternion]? = nil) {
        precondition(times.count == positions.count, "one position per time")
        precondition(orientations == nil || orientations!.count == times.count, "one orientation per time")
        self.times = times
        self.positions = positions
        self.orientations = orientations
    }

    public var count: Int { times.count }

    /// The poses at `indices`, in that order (repeats allowed: evo's association may pair one pose twice).
    public func selecting(_ indices: [Int]) -> PoseTrajectory {
        PoseTrajectory(times: indices.map { times[$0] }, positions: indices.map { positions[$0] },
                       orientations: orientations.map { q in indices.map { q[$0] } })
    }
}

extension PoseTrajectory {
    /// These poses with each run of equal timestamps reduced to its last row, and how many rows went: what a
    /// trace (whose times strictly increase) keeps of a trajectory that repeats timestamps. The last, because
    /// evo 1.38.1's association (`sync.matching_time_indices`, binary search on sorted stamps) pairs a
    /// timestamp equal to a run's with the run's last row.
    public func lastOfRepeatedTimes() -> (trajectory: PoseTrajectory, kept: [Int], dropped: Int) {
        let kept = times.indices.filter { $0 + 1 == times.count || times[$0 + 1] != times[$0] }
        return (selecting(kept), kept, count - kept.count)
    }
}
