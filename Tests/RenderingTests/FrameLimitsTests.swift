import Geometry
import Imaging
import Projection
import Testing
import Rendering
import Vocabulary

@Suite struct FrameLimitsTests {
    @Test func sidesAndPixelCountAreBounded() throws {
        for (width, height) in [(1, 1), (4096, 4096), (16_384, 1_024), (1_024, 16_384), (1_320, 2_868)] {
            _ = try FrameSize(width: width, height: height)
        }
        for (width, height) in [(0, 1), (1, 0), (-1, 5), (16_385, 1), (4_097, 4_096), (16_384, 1_025), (Int.max, Int.max)] {
            #expect(throws: FieldError("size", expected: "1…16384 pixels per side and at most 16777216 pixels (e.g. 4096x4096)", found: "\(width)x\(height)")) {
                try FrameSize(width: width, height: height)
            }
        }
    }

    let screen = try! ScreenModel(name: "test", width: 0.066, height: 0.132)

    func camera(head: Vec3 = Vec3(0, 0, 0.35)) throws -> Mat4 {
        try OffAxisProjection(screen: screen, movementScale: 1).camera(head: head).viewProjection
    }

    @Test func cubeInputsAreCheckedBeforeRasterizing() throws {
        let room = CubeScene(room: .screen(width: screen.width, height: screen.height))
        // The size is checked where it is made: `renderValidated` takes a `FrameSize`.
        #expect { try FrameSize(width: 0, height: 8) } throws: { error in
            "\(error)" == "size: expected 1…16384 pixels per side and at most 16777216 pixels (e.g. 4096x4096), found 0x8"
        }
        for (bad, field) in [(CubeRoom(width: .nan, height: 0.1, depth: 0.1), "room width"), (CubeRoom(width: 0.1, height: 0.1, depth: 0), "room depth"),
                             (CubeRoom(width: 0.1, height: .infinity, depth: 0.1), "room height")] {
            let matrix = try camera()
            do {
                try CubeScene(room: bad).validate(clipFromWorld: matrix)
                Issue.record("\(bad) was accepted")
            } catch {
                #expect(error.path.description == field)
            }
        }
        var matrix = try camera()
        matrix[2, 3] = .infinity
        #expect(throws: FieldError("camera", expected: "a finite projection · view matrix")) {
            try room.validate(clipFromWorld: matrix)
        }
    }

    /// The room whose opening is the screen fills the whole frame from any eye in front of it, so no pixel
    /// keeps the background colour — at 1 × 1 and at the largest frame (16384 wide, 2²⁴ pixels).
    @Test(arguments: [(1, 1), (16_384, 1_024)])
    func theCubeRoomRendersAtOneByOneAndAtTheMaximumSize(_ width: Int, _ height: Int) throws {
        let background = RGBA(1, 2, 3)
        let scene = CubeScene(room: .screen(width: screen.width, height: screen.height))
        let frame = try scene.renderValidated(clipFromWorld: try camera(head: Vec3(0.01, -0.02, 0.3)), size: try FrameSize(width: width, height: height),
                                              options: RasterOptions(background: background))
        #expect(frame.width == width && frame.height == height)
        for (x, y) in [(0, 0), (width - 1, 0), (0, height - 1), (width - 1, height - 1), (width / 2, height / 2)] {
            #expect(frame[x, y] != background, "pixel (\(x), \(y))")
        }
    }
}
