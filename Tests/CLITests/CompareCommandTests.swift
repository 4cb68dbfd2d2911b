import Foundation
import ParallaxTestSupport
import Testing

@Suite struct CompareCommandTests {
    /// A 64×64 scene; `block` paints a magenta square at (x, y) with the given size.
    func scene(block: (x: Int, y: Int, size: Int)? = nil, noise: Bool = false) -> [UInt8] {
        TinyPNG.rgba(width: 64, height: 64) { x, y in
            if let block, x >= block.x, x < block.x + block.size, y >= block.y, y < block.y + block.size { return [255, 0, 255, 255] }
            let base: [UInt8] = [UInt8(40 + x * 2), UInt8(60 + y), 120, 255]
            if noise && (x * 7 + y * 13) % 100 == 0 { return [base[0] + 1, base[1], base[2], 255] }
            return base
        }
    }

    func write(_ bytes: [UInt8], _ path: String) throws { try Data(bytes).write(to: URL(fileURLWithPath: path)) }

    @Test func withinToleranceExitsZero() throws {
        let dir = try TemporaryDirectory()
        defer { dir.cleanUp() }
        try write(scene(), dir.path("golden.png"))
        try write(scene(noise: true), dir.path("actual.png"))
        let run = try ParallaxProcess.run(["compare", dir.path("golden.png"), dir.path("actual.png")])
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.hasPrefix("PASS"))
        for key in ["max-channel-diff=2", "max-over-fraction", "min-ssim", "min-ssim-local", "min-psnr"] { #expect(run.stdout.contains(key)) }
        #expect(!FileManager.default.fileExists(atPath: dir.path("diff.png")))
    }

    @Test func outsideToleranceExitsOneWithJSONAndDiff() throws {
        let dir = try TemporaryDirectory()
        defer { dir.cleanUp() }
        try write(scene(), dir.path("golden.png"))
        try write(scene(block: (20, 30, 8)), dir.path("actual.png"))
        let run = try ParallaxProcess.run(["compare", dir.path("golden.png"), dir.path("actual.png"), "--json",
                                           "--diff", dir.path("diff.png"), "--strip", dir.path("strip.png"),
                                           "--tolerance", "max-channel-diff: 2, max-over-fraction: 0.0005, min-ssim: 0.98"])
        #expect(run.status == 1, "\(run.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        #expect(object["over_tolerance_pixels"] as? Int == 64)
        #expect(object["passed"] as? Bool == false)
        #expect((object["ssim_min"] as? Double).map { $0 < 0.9 } == true)
        #expect(object["ssim_mean"] is Double && object["psnr_db"] is Double)
        #expect(object["max_channel_diff"] as? Int == 175)  // red: 255 − (40 + 2·20) at the block's left column
        let regions = try #require(object["regions"] as? [[String: Any]])
        #expect(regions.count == 1)
        #expect(regions.first.map { [$0["x"], $0["y"], $0["width"], $0["height"]].compactMap { $0 as? Int } } == [20, 30, 8, 8])
        let diff = try Data(contentsOf: URL(fileURLWithPath: dir.path("diff.png")))
        #expect(diff.prefix(4) == Data([0x89, 0x50, 0x4E, 0x47]))
        #expect(FileManager.default.fileExists(atPath: dir.path("strip.png")))
        #expect(object["diff_image"] as? String == dir.path("diff.png"))
    }

    @Test func identicalJSONHasNullPSNR() throws {
        let dir = try TemporaryDirectory()
        defer { dir.cleanUp() }
        try write(scene(), dir.path("a.png"))
        let run = try ParallaxProcess.run(["compare", dir.path("a.png"), dir.path("a.png"), "--json"])
        #expect(run.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        #expect(object["identical"] as? Bool == true)
        #expect(object["psnr_db"] is NSNull)
        #expect(object["ssim_mean"] as? Double == 1)
    }

    @Test func badInputExitsTwoWithOneLine() throws {
        let dir = try TemporaryDirectory()
        defer { dir.cleanUp() }
        let good = scene()
        try write(good, dir.path("golden.png"))
        try write(Array(good.prefix(good.count / 2)), dir.path("truncated.png"))
        try write(TinyPNG.rgba(width: 32, height: 64) { _, _ in [0, 0, 0, 255] }, dir.path("narrow.png"))
        let cases: [([String], String)] = [
            ([dir.path("golden.png"), dir.path("truncated.png")], "truncated.png: not a valid PNG"),
            ([dir.path("golden.png"), dir.path("missing.png")], "missing.png: cannot read"),
            ([dir.path("golden.png"), dir.path("narrow.png")], "size mismatch"),
            ([dir.path("golden.png"), dir.path("golden.png"), "--tolerance", "max-diff=3"], "unknown key 'max-diff'"),
            ([dir.path("golden.png")], "Missing expected argument"),
        ]
        for (arguments, message) in cases {
            let run = try ParallaxProcess.run(["compare"] + arguments + ["--diff", dir.path("diff.png")])
            #expect(run.status == 2, "\(arguments)")
            #expect(run.stderr.contains(message), "\(run.stderr)")
            #expect(run.stderr.split(separator: "\n").count == 1 || message == "Missing expected argument", "\(run.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: dir.path("diff.png")))
    }
}
