import Geometry
import Tracking

/// `none` — no smoothing: the output is the measured position (no parameters, no state).
public struct PassThroughSmoother: RegisteredSmoother {
    public static let kind = SmootherKind.none
    public static let summary = "no smoothing: output = measured position"
    public static let parameters: [SmootherParameter] = []

    public init() {}

    /// The registry's factory; `none` takes no parameters.
    public init(parameters: ParameterValues) {}

    @inlinable @inline(__always)
    public mutating func smooth(_ sample: HeadSample) -> Vec3 { sample.position }

    public mutating func reset() {}

    public mutating func smooth(_ samples: UnsafeBufferPointer<HeadSample>, into output: UnsafeMutableBufferPointer<Vec3>) {
        precondition(output.count >= samples.count, "output buffer shorter than the input")
        for i in 0..<samples.count { output[i] = samples[i].position }
    }
}
