import Foundation
import ParallaxTestSupport
import Testing

/// tune.html's interactive view from `tune` and from `merge` (which reads the setup's traces again).
@Suite struct TuneViewCommandTests {
    @Test func mergeWritesTheSameViewAsTheUnshardedRunAndSaysWhenTracesAreGone() throws {
        let dir = try TemporaryDirectory()
        defer { dir.cleanUp() }
        let names = try TuneCommandTests.traces(dir)
        let common = ["tune", "--traces"] + names + ["--smoother", "ema:alpha=0.1...0.9/0.1", "--movement-scale", "1...2/0.5"]
        #expect(try ParallaxProcess.run(common + ["-o", "tune.json"], in: dir.url).status == 0)
        for i in 1...2 { #expect(try ParallaxProcess.run(common + ["--shard", "\(i)/2"], in: dir.url).status == 0) }
        let merge = ["merge", "tune.part-1-of-2.json", "tune.part-2-of-2.json", "-o"]
        #expect(try ParallaxProcess.run(merge + ["merged.json"], in: dir.url).status == 0)
        let tune = try String(contentsOfFile: dir.path("tune.html"), encoding: .utf8)
        let merged = try String(contentsOfFile: dir.path("merged.html"), encoding: .utf8)
        #expect(tune.contains("<script type=\"application/json\" id=\"tune-view-data\">") && tune.contains("id=\"tune-view-root\""))
        #expect(merged == tune, "merge's tune.html differs from the unsharded run's")

        try FileManager.default.removeItem(atPath: dir.path(names[0]))
        let orphan = try ParallaxProcess.run(merge + ["orphan.json"], in: dir.url)
        #expect(orphan.status == 0, "\(orphan.stderr)")
        let page = try String(contentsOfFile: dir.path("orphan.html"), encoding: .utf8)
        #expect(page.contains("No interactive view: the setup&#39;s traces cannot be read again") && page.contains(names[0]))
        #expect(!page.contains("tune-view-data"))
    }
}
