import Foundation
import Golden
import Imaging
import ParallaxTestSupport
import Testing
import Vocabulary

@Suite struct FrameComparisonTests {
    let base = TestImages.scene()

    @Test func identicalFramesPass() throws {
        let c = try FrameComparator.compare(golden: base, actual: base)
        #expect(c.identical && c.passed)
        #expect(c.maxChannelDiff == 0 && c.differingPixels == 0 && c.overTolerancePixels == 0)
        #expect(c.histogram[0] == 256 * 256)
        #expect(c.psnr == nil && c.meanAbsoluteError == 0)
        #expect(c.ssim?.mean == 1 && c.ssim?.minimum == 1)
        #expect(c.regions.isEmpty && c.regionCount == 0)
    }

    @Test func psnrAndMAEClosedForm() throws {
        // Uniform +5 on R, G, B: MSE = 25, PSNR = 10·log10(255²/25), MAE = 5.
        let golden = TestImages.gray(width: 32, height: 32) { _, _ in 100 }
        let actual = TestImages.gray(width: 32, height: 32) { _, _ in 105 }
        let c = try FrameComparator.compare(golden: golden, actual: actual)
        #expect(abs(c.psnr! - 10 * log10(65025.0 / 25)) < 1e-12)
        #expect(c.meanAbsoluteError == 5 && c.meanSquaredError == 25)
        // k pixels off by d in one channel: MSE = k·d² / (3N).
        var sparse = golden
        for i in 0..<10 { sparse[i, 3] = RGBA(100, 130, 100) }
        let s = try FrameComparator.compare(golden: golden, actual: sparse)
        let mse = 10.0 * 900 / (3 * 1024)
        #expect(abs(s.meanSquaredError - mse) < 1e-12)
        #expect(abs(s.psnr! - 10 * log10(65025 / mse)) < 1e-12)
        #expect(s.histogram[30] == 10 && s.maxChannelDiff == 30)
    }

    @Test func alphaCountsInTheChannelDifferenceButNotInPSNR() throws {
        var actual = base
        actual[3, 4] = RGBA(actual[3, 4].r, actual[3, 4].g, actual[3, 4].b, 200)
        let c = try FrameComparator.compare(golden: base, actual: actual)
        #expect(c.maxChannelDiff == 55 && c.overTolerancePixels == 1)
        #expect(c.psnr == nil && c.meanAbsoluteError == 0)
    }

    @Test func plusMinusOneNoiseOnOnePercentPasses() throws {
        var random = XorShift64Star(seed: 43)
        var actual = base
        var touched = Set<Int>()
        while touched.count < 655 {  // 1 % of 65,536
            let p = random.below(256 * 256)
            guard touched.insert(p).inserted else { continue }
            let i = p * 4 + random.below(3)
            actual.pixels[i] = random.below(2) == 0 ? actual.pixels[i] - 1 : actual.pixels[i] + 1
        }
        let c = try FrameComparator.compare(golden: base, actual: actual, tolerance: try Tolerance(parsing: "max-channel-diff=2"))
        #expect(c.passed)
        #expect(c.differingPixels == 655 && c.maxChannelDiff == 1 && c.histogram[1] == 655)
        #expect(c.overTolerancePixels == 0 && c.regions.isEmpty)
        #expect(c.ssim!.minimum > 0.99)
        #expect(c.checks.count == 3 && c.checks.allSatisfy(\.passed))
    }

    @Test func redBlockIsCaughtAndLocated() throws {
        var actual = base
        for y in 60..<84 { for x in 100..<124 { actual.pixels[(y * 256 + x) * 4] += 40 } }
        let c = try FrameComparator.compare(golden: base, actual: actual)
        #expect(!c.passed)
        #expect(c.overTolerancePixels == 576 && c.maxChannelDiff == 40 && c.histogram[40] == 576)
        #expect(abs(c.overToleranceFraction - 576.0 / 65536) < 1e-15)
        #expect(c.regions == [DiffRegion(x: 100, y: 60, width: 24, height: 24, pixels: 576, maxChannelDiff: 40)])
        #expect(c.checks.first { $0.limit == "max-over-fraction" }?.passed == false)
        #expect(c.ssim!.minimum < 0.9)  // the local minimum shows it; check ssim-local failed too
        #expect(c.checks.first { $0.limit == "min-ssim-local" }?.passed == false)
        let minimum = c.ssim!.minimumAt
        #expect((95...128).contains(minimum.x) && (55...88).contains(minimum.y))
    }

    @Test func magentaBlockIsCaughtAndLocated() throws {
        var actual = base
        actual.fill(x: 30, y: 200, width: 10, height: 6, with: RGBA(255, 0, 255))
        let c = try FrameComparator.compare(golden: base, actual: actual)
        #expect(!c.passed)
        #expect(c.overTolerancePixels == 60)
        #expect(c.regions.count == 1)
        #expect(c.regions.first.map { ($0.x, $0.y, $0.width, $0.height, $0.pixels) } ?? (0, 0, 0, 0, 0) == (30, 200, 10, 6, 60))
    }

    @Test func oneRowEdgeShiftIsCaughtAndLocated() throws {
        let shifted = TestImages.scene(edgeRow: 121)  // the panel's top edge moves down by one row
        let c = try FrameComparator.compare(golden: base, actual: shifted)
        #expect(!c.passed)
        #expect(c.overTolerancePixels == 160)
        #expect(c.regions.count == 1)
        #expect(c.regions.first.map { ($0.x, $0.y, $0.width, $0.height) } ?? (0, 0, 0, 0) == (40, 120, 160, 1))
        #expect(c.ssim!.minimum < c.ssim!.mean)
    }

    @Test func separateDifferencesAreSeparateRegionsLargestFirst() throws {
        var actual = base
        actual.fill(x: 2, y: 2, width: 3, height: 3, with: RGBA(255, 255, 255))
        actual.fill(x: 200, y: 220, width: 20, height: 10, with: RGBA(255, 255, 255))
        actual.fill(x: 18, y: 2, width: 2, height: 2, with: RGBA(255, 255, 255))  // adjacent grid cell: merges with the first
        let c = try FrameComparator.compare(golden: base, actual: actual, tolerance: .exact)
        #expect(c.regionCount == 2)
        #expect(c.regions.map { [$0.x, $0.y, $0.width, $0.height, $0.pixels] } == [[200, 220, 20, 10, 200], [2, 2, 18, 3, 13]])
    }

    @Test func sizeMismatchIsAnErrorBeforeComparing() {
        let other = TestImages.scene(width: 255, height: 256)
        #expect(throws: FieldError("size", expected: "the size of g.png, 256×256", found: "255×256 (a size mismatch)", file: "a.png")) {
            try FrameComparator.compare(golden: base, actual: other, goldenName: "g.png", actualName: "a.png")
        }
    }

    @Test func limitsDecideAndOffLimitsAreSkipped() throws {
        var actual = base
        actual.fill(x: 0, y: 0, width: 4, height: 4, with: RGBA(0, 0, 0))  // 16 px = 0.024 %
        let lenient = try FrameComparator.compare(golden: base, actual: actual,
                                                  tolerance: Tolerance(parsing: "max-over-fraction=0.001, min-ssim-local=off"))
        #expect(lenient.passed)
        #expect(lenient.checks.map(\.limit) == ["max-over-fraction", "min-ssim"])
        let strict = try FrameComparator.compare(golden: base, actual: actual, tolerance: Tolerance(parsing: "max-over-pixels=15,min-psnr=60"))
        #expect(!strict.passed)
        #expect(strict.checks.filter { !$0.passed }.map(\.limit).contains("max-over-pixels"))
        #expect(strict.checks.filter { !$0.passed }.map(\.limit).contains("min-psnr"))
    }

    @Test func reportsShowEveryLimit() throws {
        var actual = base
        actual.fill(x: 100, y: 60, width: 24, height: 24, with: RGBA(255, 0, 255))
        let c = try FrameComparator.compare(golden: base, actual: actual)
        let text = ComparisonReport.text(c, golden: "g.png", actual: "a.png")
        #expect(text.hasPrefix("FAIL a.png vs golden g.png (256×256)"))
        for key in Tolerance.keys { #expect(text.contains(key), "\(key) missing from\n\(text)") }
        #expect(text.contains("24×24 at (100, 60)"))
        let json = try ComparisonReport.json(c, golden: "g.png", actual: "a.png")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        #expect(object["over_tolerance_pixels"] as? Int == 576)
        #expect(object["passed"] as? Bool == false)
        for key in ["ssim_mean", "ssim_min", "psnr_db", "max_channel_diff", "mean_absolute_error", "regions", "tolerance",
                    "max_channel_diff_histogram", "over_tolerance_fraction", "checks"] {
            #expect(object[key] != nil, "\(key)")
        }
        let tolerance = try #require(object["tolerance"] as? [String: Any])
        #expect(tolerance["max-channel-diff"] as? Int == 2)
        #expect(tolerance["min-psnr"] is NSNull)
    }
}
