import AppReplay
import Foundation
import Geometry
import ParallaxTestSupport
import TestedApp
import Testing

/// How a driver is built: the stand-ins once, an app's files against them, and a changed app from the cached build
/// closest to it, recompiling only what changed; the cache bounded and never left with a half-built entry.
@Suite(.serialized) struct DriverBuildTests {
    /// Ten samples of a head moving 1 cm right per sample at 40 cm, the phone upright and still.
    func ramp(_ replay: AppReplay) throws -> [AppFrame] {
        let trace = SampleApp.trace((0..<10).map { Vec3(0.01 * Double($0), 0, 0.4) }, attitudes: Array(repeating: .identity, count: 10))
        let inputs = try SensorStream(traceName: "ramp", trace: trace, arkitFrame: .camera)
        return try replay.replay([ReplayRun(device: SampleApp.device, samples: inputs.samples)])[0]
    }

    func modificationTime(_ url: URL) throws -> Date {
        try #require(try FileManager.default.attributesOfItem(atPath: url.path)[.modificationDate] as? Date)
    }

    @Test func aOneFileChangeRecompilesThatFileAloneAndTheReplayFollowsIt() throws {
        // A build of this test's own (a unique comment), then the same app with the smoother passing its input through.
        let marker = "\n// DriverBuildTests \(UUID().uuidString)\n"
        let base = try SampleApp.variant("ExponentialSmoother.swift") { $0 + marker }
        defer { base.cleanUp() }
        let baseReplay = try SampleApp.replay(base.url.path)
        let baseFrames = try ramp(baseReplay)
        let standIns = baseReplay.driver.standIns
        let standInFiles = try FileManager.default.subpathsOfDirectory(atPath: standIns.folder.path).sorted()
        let standInTimes = try standInFiles.map { try modificationTime(standIns.folder.appendingPathComponent($0)) }

        let changed = try SampleApp.variant("ExponentialSmoother.swift") {
            $0.replacingOccurrences(of: "state.map { weight * value + (1 - weight) * $0 } ?? value", with: "value") + marker
        }
        defer { changed.cleanUp() }
        let changedReplay = try SampleApp.replay(changed.url.path)
        #expect(changedReplay.driver.key != baseReplay.driver.key)
        let started = Date()
        let changedFrames = try ramp(changedReplay)

        // The changed file's object is new; every other file's object is the one the earlier build compiled.
        let objects = changedReplay.driver.folder.appendingPathComponent("objects")
        #expect(try modificationTime(objects.appendingPathComponent("ExponentialSmoother.o")) >= started.addingTimeInterval(-1))
        for kept in ["main.o", "CubeSceneController.o", "HeadTrackingService.o", "MatrixMath.o", "OffAxisProjection.o"] {
            #expect(try modificationTime(objects.appendingPathComponent(kept)) < started, "\(kept) was compiled again")
        }
        // The stand-ins' build is untouched: the same files, the same times.
        #expect(try FileManager.default.subpathsOfDirectory(atPath: standIns.folder.path).sorted() == standInFiles)
        #expect(try standInFiles.map { try modificationTime(standIns.folder.appendingPathComponent($0)) } == standInTimes)

        // The replay follows the change: the EMA (weight 0.5) lags the 9 cm ramp by a sample, the pass-through does not.
        let reached = { (frames: [AppFrame]) in frames.map { abs($0.head.x) }.max() ?? 0 }
        #expect(abs(reached(changedFrames) - 0.09) <= 1e-6, "\(changedFrames.map(\.head))")
        #expect(reached(baseFrames) < 0.085, "\(baseFrames.map(\.head))")
    }

    /// Eviction keeps the most recently used drivers and removes the rest with their locks; a staging folder of a
    /// process that is gone is swept by the next build.
    @Test func theCacheKeepsTheMostRecentlyUsedAndSweepsWhatDeadBuildsLeft() throws {
        let root = try TemporaryDirectory(prefix: "replay-cache")
        defer { root.cleanUp() }
        let cache = ReplayCache(cacheRoot: root.url)
        let fileManager = FileManager.default
        for (i, name) in ["driver-a", "driver-b", "driver-c", "standins-x"].enumerated() {
            try fileManager.createDirectory(at: cache.entry(name), withIntermediateDirectories: true)
            _ = fileManager.createFile(atPath: cache.entry(name).path + ".lock", contents: nil)
            try fileManager.setAttributes([.modificationDate: Date(timeIntervalSince1970: 1_000_000 + Double(i))], ofItemAtPath: cache.entry(name).path)
        }
        // A staging folder of a process that cannot be alive (pid beyond the kernel's limit) and an orphaned lock.
        try fileManager.createDirectory(at: cache.entry("driver-d.staging-2147483646-x"), withIntermediateDirectories: true)
        _ = fileManager.createFile(atPath: cache.entry("driver-e.lock").path, contents: nil)
        // Two staging folders of a live process (this one: a killed builder's pid reused): the one whose entry's lock is
        // held is a build under way and stays; the one whose lock is free has no builder.
        let building = open(cache.entry("driver-h").path + ".lock", O_CREAT | O_RDWR, 0o644)
        #expect(building >= 0 && flock(building, LOCK_EX) == 0)
        defer { close(building) }
        try fileManager.createDirectory(at: cache.entry("driver-h.staging-\(getpid())-x"), withIntermediateDirectories: true)
        _ = fileManager.createFile(atPath: cache.entry("driver-i.lock").path, contents: nil)
        try fileManager.createDirectory(at: cache.entry("driver-i.staging-\(getpid())-x"), withIntermediateDirectories: true)

        cache.evict(prefix: "driver-", keep: 2)
        cache.sweepStaging()
        let left = try fileManager.contentsOfDirectory(atPath: cache.root.path).sorted()
        #expect(left == ["driver-b", "driver-b.lock", "driver-c", "driver-c.lock", "driver-h.lock", "driver-h.staging-\(getpid())-x",
                         "standins-x", "standins-x.lock"])

        // An entry built through the cache: made whole, or not at all.
        try cache.build("driver-f", isBuilt: { fileManager.fileExists(atPath: $0.appendingPathComponent("driver").path) }) { staging in
            _ = fileManager.createFile(atPath: staging.appendingPathComponent("driver").path, contents: Data([1]))
        }
        #expect(fileManager.fileExists(atPath: cache.entry("driver-f/driver").path))
        #expect(throws: CancellationError.self) {
            try cache.build("driver-g", isBuilt: { _ in false }) { _ in throw CancellationError() }
        }
        #expect(!(try fileManager.contentsOfDirectory(atPath: cache.root.path)).contains { $0.hasPrefix("driver-g") && !$0.hasSuffix(".lock") })
    }
}
