import Foundation
import Geometry
import Imaging
import Testing
@testable import Rendering

@Suite struct CubeSequenceRendererTests {
    let W = 0.0651013, H = 0.1411357

    func cameras(_ count: Int) -> [Mat4] {
        (0..<count).map { k in referenceClipMatrix(eye: Vec3(0.01 * Double(k) - 0.02, 0.005 * Double(k), 0.3), width: W, height: H) }
    }

    func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("cube-sequence-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test func everyFileHoldsItsFrameAndTheBytesDoNotDependOnHowManyAreInFlight() throws {
        let scene = CubeScene(room: .screen(width: W, height: H))
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let cameras = cameras(5)
        var bytes: [[[UInt8]]] = []
        for inFlight in [1, 4] {
            let paths = (0..<cameras.count).map { directory.appendingPathComponent("f\(inFlight)-\($0).png").path }
            try CubeSequenceRenderer.render(scene, cameras: cameras, width: 40, height: 86, to: paths, framesInFlight: inFlight)
            bytes.append(try paths.map { [UInt8](try Data(contentsOf: URL(fileURLWithPath: $0))) })
            for (camera, path) in zip(cameras, paths) {
                let expected = scene.render(clipFromWorld: camera, width: 40, height: 86)
                let decoded = try PNGCodec.read(contentsOf: path)
                #expect(decoded.pixels == expected.pixels, "\(path) does not hold its frame")
            }
        }
        #expect(bytes[0] == bytes[1])
        // Consecutive poses differ, so the check above compares distinct frames.
        #expect(bytes[0][0] != bytes[0][1])
    }

    @Test func aFailedWriteIsThrownAndLeavesNoPartialFile() throws {
        let scene = CubeScene(room: .screen(width: W, height: H))
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let paths = [directory.appendingPathComponent("ok.png").path, directory.appendingPathComponent("missing/dir/bad.png").path]
        #expect(throws: ImagingError.self) {
            try CubeSequenceRenderer.render(scene, cameras: cameras(2), width: 20, height: 43, to: paths)
        }
        let left = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        #expect(left == ["ok.png"], "left behind: \(left)")
    }
}
