import Geometry
import Tracking

/// Stages applied one after another (`stage1|stage2|…`): each stage sees the previous stage's output with
/// the original timestamps and `tracked` flags. The batch form runs one whole-buffer pass per stage.
public struct SmootherChain: Smoother {
    public var stages: [any Smoother]

    public init(_ stages: [any Smoother]) {
        precondition(!stages.isEmpty, "a chain needs at least one stage")
        self.stages = stages
    }

    public mutating func smooth(_ sample: HeadSample) -> Vec3 {
        var current = sample
        for index in stages.indices { current.position = stages[index].smooth(current) }
        return current.position
    }

    public mutating func reset() {
        for index in stages.indices { stages[index].reset() }
    }

    public mutating func smooth(_ samples: UnsafeBufferPointer<HeadSample>, into output: UnsafeMutableBufferPointer<Vec3>) {
        precondition(output.count >= samples.count, "output buffer shorter than the input")
        stages[0].smooth(samples, into: output)
        guard stages.count > 1 else { return }
        var intermediate = Array(samples)
        for index in 1..<stages.count {
            for i in 0..<samples.count { intermediate[i].position = output[i] }
            intermediate.withUnsafeBufferPointer { stages[index].smooth($0, into: output) }
        }
    }
}
