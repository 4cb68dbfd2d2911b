// Report weight: how much index.html, report.json and the folder grow per frame and per scenario. A one-trace,
// one-smoother, one-frame suite is run beside the same suite with one more frame and with one more smoother
// (one more scenario per trace × screen × scale); the differences are the per-item costs (`Harness.SuiteRun`).
import Foundation
import Harness

/// The repository root, from this file's place in the package (suites name traces relative to it).
let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

func reportSizeBenchmark(directory: URL) throws {
    func suite(frames: Int, smoothers: [String]) -> String {
        let frameList = (0..<frames).map { k in
            "  - {name: bench/cube-\(k), scene: {cube: screen}, head: [\(0.01 * Double(k)), 0, 0.35], scale: 0.25}"
        }.joined(separator: "\n")
        return """
            name: report size
            traces: [\(repositoryRoot.appendingPathComponent("Traces/sway.csv").path)]
            smoothers: [\(smoothers.map { "\"\($0)\"" }.joined(separator: ", "))]
            screens: [iphone-15-pro]
            movement_scales: [1.5]
            goldens: goldens
            frames:
            \(frameList)

            """
    }
    struct Sizes { var index = 0, json = 0, folder = 0 }
    func run(_ name: String, frames: Int, smoothers: [String]) throws -> Sizes {
        let folder = directory.appendingPathComponent("report-size-\(name)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent("suite.yml").path
        try suite(frames: frames, smoothers: smoothers).write(toFile: path, atomically: true, encoding: .utf8)
        var options = SuiteRun.Options(suitePath: path)
        options.output = folder.appendingPathComponent("report").path
        options.environment = [:]  // never CI here: the goldens are recorded first
        options.record = true
        _ = try SuiteRun.run(options)
        options.record = false
        let outcome = try SuiteRun.run(options)
        func size(_ file: String) throws -> Int {
            (try FileManager.default.attributesOfItem(atPath: (outcome.directory as NSString).appendingPathComponent(file))[.size] as? Int) ?? 0
        }
        var folderBytes = 0
        for case let file as String in FileManager.default.enumerator(atPath: outcome.directory)! { folderBytes += try size(file) }
        return Sizes(index: try size("index.html"), json: try size("report.json"), folder: folderBytes)
    }
    let base = try run("base", frames: 1, smoothers: ["ema:alpha=0.25"])
    let moreFrames = try run("frames", frames: 2, smoothers: ["ema:alpha=0.25"])
    let moreScenarios = try run("scenarios", frames: 1, smoothers: ["ema:alpha=0.25", "one-euro:mincutoff=1,beta=10"])
    print("report size: base suite index.html \(base.index) B, report.json \(base.json) B, folder \(base.folder) B")
    print("  per frame (cube, 295×639):  index.html +\(moreFrames.index - base.index) B, report.json +\(moreFrames.json - base.json) B, folder +\(moreFrames.folder - base.folder) B")
    print("  per scenario:              index.html +\(moreScenarios.index - base.index) B, report.json +\(moreScenarios.json - base.json) B, folder +\(moreScenarios.folder - base.folder) B")
}
