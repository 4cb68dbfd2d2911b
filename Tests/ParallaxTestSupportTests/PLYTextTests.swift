import ParallaxTestSupport
import Testing

@Suite struct PLYTextTests {
    @Test func asciiFileIsHeaderThenOneLinePerVertex() {
        let text = PLYText.ascii(comments: ["hand-written"], properties: PLYText.floats(["x", "y"]) + ["uchar red"],
                                 vertices: ["1 2 255", "-1 0.5 0"])
        #expect(text == """
            ply
            format ascii 1.0
            comment hand-written
            element vertex 2
            property float x
            property float y
            property uchar red
            end_header
            1 2 255
            -1 0.5 0

            """)
    }

    @Test func binaryHeaderNamesTheFormat() {
        #expect(PLYText.header(format: "binary_big_endian", vertices: 1, properties: ["double x"])
            == "ply\nformat binary_big_endian 1.0\nelement vertex 1\nproperty double x\nend_header\n")
        #expect(PLYText.gaussianAttributes.count == 11 && PLYText.gaussianAttributes.last == "rot_3")
    }
}

@Suite struct ThrownErrorTests {
    struct Expected: Error, Equatable { var code: Int }
    struct Other: Error {}

    @Test func returnsTheErrorOfTheAskedTypeOnly() {
        #expect(thrownError(Expected.self) { throw Expected(code: 7) } == Expected(code: 7))
        #expect(thrownError(Expected.self) { throw Other() } == nil)
        #expect(thrownError(Expected.self) { 42 } == nil)
    }
}
