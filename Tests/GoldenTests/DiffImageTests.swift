import Golden
import Imaging
import Testing

@Suite struct DiffImageTests {
    @Test func greyBackgroundRedOverToleranceBlueWithin() {
        let golden = TestImages.gray(width: 4, height: 2) { _, _ in 200 }
        var actual = golden
        actual[1, 0] = RGBA(240, 200, 200)  // d = 40 > 2
        actual[2, 0] = RGBA(200, 201, 200)  // d = 1 ≤ 2
        actual[3, 1] = RGBA(0, 200, 200)    // d = 200 (saturates)
        let diff = DiffImage.make(golden: golden, actual: actual, threshold: 2)
        let grey = UInt8(48 + 3 * 200 / 8)  // 123
        #expect(diff[0, 0] == RGBA(grey, grey, grey, 255))
        #expect(diff[1, 0] == RGBA(UInt8(128 + (127 * 40 + 64) / 128), 0, 0, 255))
        #expect(diff[2, 0] == RGBA(grey, grey, grey + 48, 255))
        #expect(diff[3, 1] == RGBA(255, 0, 0, 255))
    }

    @Test func stripIsGoldenActualDiffSideBySide() {
        let golden = TestImages.gray(width: 3, height: 2) { x, _ in 10 * x }
        let actual = TestImages.gray(width: 3, height: 2) { x, _ in 10 * x + 5 }
        let diff = DiffImage.make(golden: golden, actual: actual, threshold: 2)
        let strip = DiffImage.strip(golden: golden, actual: actual, diff: diff)
        #expect(strip.width == 3 * 3 + 2 * DiffImage.separatorWidth && strip.height == 2)
        #expect(strip[2, 1] == golden[2, 1])
        #expect(strip[3, 0] == RGBA(24, 24, 24, 255))
        #expect(strip[3 + DiffImage.separatorWidth + 1, 0] == actual[1, 0])
        #expect(strip[strip.width - 1, 1] == diff[2, 1])
    }
}
