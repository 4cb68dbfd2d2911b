import Geometry
import Tracking

/// A head-position smoother: fed one `HeadSample` at a time (with its timestamp), it returns the filtered
/// position. Everything is in physical meters and seconds — the app's movement scale is applied *after*
/// smoothing (a One Euro filter fed scaled positions behaves as if β were multiplied by the scale).
///
/// Filters are value types with their state inside; `reset()` forgets everything (the next sample is
/// treated as the first). The batch form `smooth(_:into:)` is the hot path: it is specialised per concrete
/// filter, so a whole trace costs one dynamic call, not one per sample. Build filters from a spec string
/// with `SmootherSpec` (`one-euro:mincutoff=1,beta=10|predict:horizon=0.03`).
public protocol Smoother: Sendable {
    /// Feeds one sample and returns the filtered position (meters).
    mutating func smooth(_ sample: HeadSample) -> Vec3
    /// Forgets all state: the next sample is handled as the first one.
    mutating func reset()
    /// Filters `samples` in order into `output[0..<samples.count]`; same results as calling
    /// `smooth(_:)` on each sample.
    mutating func smooth(_ samples: UnsafeBufferPointer<HeadSample>, into output: UnsafeMutableBufferPointer<Vec3>)
}

extension Smoother {
    /// Default batch pass: a loop over `smooth(_:)`, specialised for the concrete filter type.
    @inlinable
    public mutating func smooth(_ samples: UnsafeBufferPointer<HeadSample>, into output: UnsafeMutableBufferPointer<Vec3>) {
        precondition(output.count >= samples.count, "output buffer shorter than the input")
        guard let base = samples.baseAddress, let out = output.baseAddress else { return }
        for i in 0..<samples.count { out[i] = smooth(base[i]) }
    }

    /// Filters a whole sequence of samples.
    public mutating func smooth(_ samples: [HeadSample]) -> [Vec3] {
        [Vec3](unsafeUninitializedCapacity: samples.count) { buffer, initialized in
            samples.withUnsafeBufferPointer { smooth($0, into: buffer) }
            initialized = samples.count
        }
    }

    /// The trace with its measured positions replaced by the filtered ones; `tracked`, ground truth,
    /// extra columns and metadata are kept. Starts from a fresh state (calls `reset()` first).
    public mutating func smooth(_ trace: HeadTrace) -> HeadTrace {
        reset()
        let filtered = smooth(trace.samples)
        var result = trace
        for i in result.samples.indices { result.samples[i].position = filtered[i] }
        return result
    }
}
