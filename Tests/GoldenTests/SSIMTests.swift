import Foundation
@testable import Golden
import Imaging
import ParallaxTestSupport
import Testing

@Suite struct SSIMTests {
    let c1: Double = (0.01 * 255) * (0.01 * 255), c2: Double = (0.03 * 255) * (0.03 * 255)

    /// Independent reference: the 2-D window built directly from exp(−(dx² + dy²)/(2σ²)), normalised in 2-D,
    /// statistics in Double, every valid window visited naively.
    func reference(_ x: [Double], _ y: [Double], width: Int, height: Int) -> (mean: Double, min: Double, map: [Double]) {
        var window = [Double](repeating: 0, count: 121)
        for dy in -5...5 { for dx in -5...5 { window[(dy + 5) * 11 + dx + 5] = exp(-Double(dx * dx + dy * dy) / 4.5) } }
        let total = window.reduce(0, +)
        window = window.map { $0 / total }
        var map: [Double] = []
        for j in 0...(height - 11) {
            for i in 0...(width - 11) {
                var mx = 0.0, my = 0.0, sxx = 0.0, syy = 0.0, sxy = 0.0
                for dy in 0..<11 {
                    for dx in 0..<11 {
                        let w = window[dy * 11 + dx], p = (j + dy) * width + i + dx
                        mx += w * x[p]; my += w * y[p]
                    }
                }
                for dy in 0..<11 {
                    for dx in 0..<11 {
                        let w = window[dy * 11 + dx], p = (j + dy) * width + i + dx
                        sxx += w * (x[p] - mx) * (x[p] - mx); syy += w * (y[p] - my) * (y[p] - my); sxy += w * (x[p] - mx) * (y[p] - my)
                    }
                }
                map.append((2 * mx * my + c1) * (2 * sxy + c2) / ((mx * mx + my * my + c1) * (sxx + syy + c2)))
            }
        }
        return (map.reduce(0, +) / Double(map.count), map.min()!, map)
    }

    @Test func identicalImagesGiveExactlyOne() throws {
        let image = TestImages.scene(width: 64, height: 48)
        let result = try #require(SSIM.compute(image, image))
        #expect(result.mean == 1)
        #expect(result.minimum == 1)
        #expect(result.mapWidth == 54 && result.mapHeight == 38)  // valid windows: (W − 10) × (H − 10)
    }

    @Test func kernelIsTheNormalisedGaussian() {
        let raw = (-5...5).map { exp(-Double($0 * $0) / (2 * 1.5 * 1.5)) }
        let sum = raw.reduce(0, +)
        for (k, r) in zip(SSIM.kernel, raw) { #expect(abs(Double(k) - r / sum) < 1e-7) }
    }

    @Test func constantOffsetMatchesClosedForm() throws {
        // x = 60 + 2i (a ramp), y = x + 25. The Gaussian is symmetric, so each window's mean is its centre
        // value μ, variances and covariance are equal, and SSIM = (2μ(μ + 25) + C1) / (μ² + (μ + 25)² + C1).
        let width = 40, height = 16, offset = 25.0
        let x = TestImages.gray(width: width, height: height) { i, _ in 60 + 2 * i }
        let y = TestImages.gray(width: width, height: height) { i, _ in 60 + 2 * i + Int(offset) }
        let result = try #require(SSIM.compute(x, y))
        let closed = (5..<(width - 5)).map { i -> Double in
            let mu = 60.0 + 2.0 * Double(i)
            return (2 * mu * (mu + offset) + c1) / (mu * mu + (mu + offset) * (mu + offset) + c1)
        }
        #expect(abs(result.mean - closed.reduce(0, +) / Double(closed.count)) < 1e-5)
        #expect(abs(result.minimum - closed.min()!) < 1e-5)
        #expect(result.minimumAt.x == 5)  // the darkest window suffers most from the offset
    }

    @Test func oneBrightPixelInAFlatPatchByHand() throws {
        // 11×11: one window. x ≡ 100; y = 100 except the centre pixel = 110. With w the centre weight
        // (k5², k5 = 1 / Σ exp(−d²/4.5)): μx = 100, μy = 100 + 10w, σx² = 0, σxy = 0, σy² = 100·w·(1 − w).
        let x = TestImages.gray(width: 11, height: 11) { _, _ in 100 }
        let y = TestImages.gray(width: 11, height: 11) { i, j in i == 5 && j == 5 ? 110 : 100 }
        let taps: [Double] = (-5...5).map { (d: Int) -> Double in exp(-Double(d * d) / 4.5) }
        let k5: Double = 1 / taps.reduce(0, +)
        let w: Double = k5 * k5
        let muY: Double = 100 + 10 * w
        let varY: Double = 100 * w * (1 - w)
        let numerator: Double = (200 * muY + c1) * c2
        let denominator: Double = (10_000 + muY * muY + c1) * (varY + c2)
        let expected = numerator / denominator
        let result = try #require(SSIM.compute(x, y))
        #expect(result.mapWidth == 1 && result.mapHeight == 1)
        #expect(abs(result.mean - expected) < 1e-6)
        #expect(result.minimum == result.mean)
        #expect(result.minimumAt == PixelPoint(x: 5, y: 5))
        #expect(abs(expected - 0.899) < 0.001)  // w ≈ 0.0708: σy² ≈ 6.58 against C2 ≈ 58.52 → ≈ 0.899
    }

    @Test func randomImagesMatchTheNaiveReference() throws {
        var random = XorShift64Star(seed: 17)
        let width = 23, height = 19
        let a = (0..<(width * height)).map { _ in Double(random.below(256)) }
        let b = a.map { min(255, max(0, $0 + Double(random.below(61)) - 30)) }
        let expected = reference(a, b, width: width, height: height)
        let result = try #require(SSIM.compute(lumaA: a.map(Float.init), lumaB: b.map(Float.init), width: width, height: height))
        #expect(abs(result.mean - expected.mean) < 1e-5)
        #expect(abs(result.minimum - expected.min) < 1e-5)
        let index = expected.map.firstIndex(of: expected.min)!
        #expect(result.minimumAt == PixelPoint(x: index % (width - 10) + 5, y: index / (width - 10) + 5))
    }

    @Test func lumaIsBT601() throws {
        // Colour images whose BT.601 luma equals a gray reference give the same SSIM as that reference.
        let colour = RGBAImage(width: 12, height: 12) { x, _ in x < 6 ? RGBA(200, 0, 0) : RGBA(0, 0, 200) }
        let shifted = RGBAImage(width: 12, height: 12) { x, _ in x < 7 ? RGBA(200, 0, 0) : RGBA(0, 0, 200) }
        let lumaA = (0..<144).map { i -> Float in (i % 12) < 6 ? 0.299 * 200 : 0.114 * 200 }
        let lumaB = (0..<144).map { i -> Float in (i % 12) < 7 ? 0.299 * 200 : 0.114 * 200 }
        let fromRGB = try #require(SSIM.compute(colour, shifted))
        let fromLuma = try #require(SSIM.compute(lumaA: lumaA, lumaB: lumaB, width: 12, height: 12))
        #expect(abs(fromRGB.mean - fromLuma.mean) < 1e-6)
        #expect(fromRGB.mean < 0.99)
    }

    @Test func largeImagesAreDeterministicAcrossBands() throws {
        // More than one 64-row band: the band merge must equal a single-pass naive computation.
        var random = XorShift64Star(seed: 3)
        let width = 24, height = 150
        let a = (0..<(width * height)).map { _ in Double(random.below(256)) }
        let b = a.map { min(255, max(0, $0 + Double(random.below(21)) - 10)) }
        let expected = reference(a, b, width: width, height: height)
        let first = try #require(SSIM.compute(lumaA: a.map(Float.init), lumaB: b.map(Float.init), width: width, height: height))
        let second = try #require(SSIM.compute(lumaA: a.map(Float.init), lumaB: b.map(Float.init), width: width, height: height))
        #expect(first == second)
        #expect(abs(first.mean - expected.mean) < 1e-5)
        #expect(abs(first.minimum - expected.min) < 1e-5)
    }

    @Test func imagesSmallerThanTheWindowHaveNoSSIM() {
        let small = TestImages.gray(width: 10, height: 30) { _, _ in 0 }
        #expect(SSIM.compute(small, small) == nil)
    }
}
