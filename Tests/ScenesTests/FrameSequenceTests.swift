import Foundation
import Geometry
import Imaging
import ParallaxTestSupport
import Plumbing
import Projection
import Testing
import Tracking
@testable import Scenes

@Suite struct FrameSequenceTests {
    let screen = try! ScreenModel.parse("0.0651013x0.1411357@40x86")

    /// Five distinct poses along a short sideways move.
    func trace(_ count: Int) -> HeadTrace {
        HeadTrace(samples: (0..<count).map { k in
            HeadSample(t: Double(k) / 60, position: Vec3(0.01 * Double(k) - 0.02, 0.005 * Double(k), 0.3), tracked: true)
        })
    }

    @Test func everyFileHoldsItsFrameAndTheBytesDoNotDependOnHowManyAreInFlight() throws {
        let scene = try SceneRenderer(.cube(SceneSource.CubeSettings()), screen: screen)
        let projection = try OffAxisProjection(screen: screen)
        let dir = try TemporaryDirectory()
        defer { dir.cleanUp() }
        let sequence = FrameSequence(trace: trace(5), traceName: "t", every: 1)
        var bytes: [[[UInt8]]] = []
        for inFlight in [1, 4] {
            let directory = dir.path("in-flight-\(inFlight)")
            try sequence.render(scene, projection: projection, size: try FrameSize(width: 40, height: 86), into: directory, framesInFlight: inFlight)
            let paths = (0..<5).map { FrameSequence.path(of: $0, in: directory) }
            bytes.append(try paths.map { try FileContents.read($0) })
            for (k, path) in paths.enumerated() {
                let expected = try scene.render(try projection.camera(head: sequence.trace.samples[k].position), size: try FrameSize(width: 40, height: 86))
                #expect(try PNGCodec.read(contentsOf: path).pixels == expected.pixels, "\(path) does not hold its frame")
            }
        }
        #expect(bytes[0] == bytes[1])
        // Consecutive poses differ, so the check above compares distinct frames.
        #expect(bytes[0][0] != bytes[0][1])
    }

    @Test func aFailedWriteIsThrownAndLeavesNoPartialFile() throws {
        let dir = try TemporaryDirectory()
        defer { dir.cleanUp() }
        let pipeline = PNGPipeline(options: PNGWriteOptions())
        let image = RGBAImage(width: 4, height: 4)
        pipeline.write(image, to: dir.path("ok.png"))
        pipeline.write(image, to: dir.path("missing/dir/bad.png"))
        #expect(throws: FileError.self) { try pipeline.finish() }
        #expect(pipeline.failed)
        let left = try FileManager.default.contentsOfDirectory(atPath: dir.url.path)
        #expect(left == ["ok.png"], "left behind: \(left)")
    }

    @Test func aBadPoseFailsBeforeAnyFileIsWritten() throws {
        let scene = try SceneRenderer(.cube(SceneSource.CubeSettings()), screen: screen)
        let projection = try OffAxisProjection(screen: screen, zMin: nil)
        var samples = trace(3).samples
        samples[2].position = Vec3(0, 0, 0)  // on the screen plane
        let dir = try TemporaryDirectory()
        defer { dir.cleanUp() }
        #expect(throws: SceneError.self) {
            try FrameSequence(trace: HeadTrace(samples: samples), traceName: "t", every: 1)
                .render(scene, projection: projection, size: try FrameSize(width: 8, height: 8), into: dir.path("frames"))
        }
        #expect(!FileManager.default.fileExists(atPath: dir.path("frames")))
    }

    /// The app's asynchronous sort taking `lag` samples (MetalSplatter's SplatSorter): sorts start at 0, lag, 2·lag, …
    /// and finish `lag` samples later; a frame uses the newest finished one, and the first `lag` frames wait for
    /// the first. Worked by hand for lag 3.
    @Test func aFrameUsesTheNewestFinishedSort() {
        #expect((0..<10).map { FrameSequence.sortSample(for: $0, lag: 3) } == [0, 0, 0, 0, 0, 0, 3, 3, 3, 6])
        #expect((0..<4).map { FrameSequence.sortSample(for: $0, lag: 1) } == [0, 0, 1, 2])
        #expect((0..<4).map { FrameSequence.sortSample(for: $0, lag: 0) } == [0, 1, 2, 3])
    }
}
