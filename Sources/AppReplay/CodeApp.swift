import Foundation
import TestedApp

/// The app under test as its own code: the folder's files built with the Apple stand-ins and the driver
/// (`DriverPackage`), run on the simulated sensors (`AppReplay`). Settings are set through the app's own properties
/// and read back from them, so "the app's defaults" are whatever its code holds.
package struct CodeApp: AppUnderTest {
    package let replay: AppReplay

    package init(_ replay: AppReplay) {
        self.replay = replay
    }

    package init(appSource: String, timeout: Double = 120, platform: SimulatedPlatform = .default) throws {
        var replay = try AppReplay(appSource: appSource, timeout: timeout)
        replay.platform = platform
        self.init(replay)
    }

    package var identity: AppIdentity {
        let assumptions = replay.platform.assumptions
        return AppIdentity(kind: .code, source: replay.app.path, hash: replay.app.hash, files: replay.app.files.map(\.relativePath),
                           platform: assumptions.isEmpty ? nil : assumptions)
    }

    /// The settings the app holds as built: a run of no samples, read back from its properties.
    package func defaults() throws -> AppSettings {
        let device = SimulatedDevice(machine: "iPhone16,1", nativeWidth: 1179, nativeHeight: 2556)
        return try replay.run([ReplayRun(device: device, steps: [])])[0].builtSettings
    }

    package func run(_ runs: [AppRun]) throws -> [[AppFrame]] {
        try results(runs).map(\.frames)
    }

    package func runReadingSettings(_ runs: [AppRun]) throws -> [AppRunResult] {
        try results(runs).map { AppRunResult(frames: $0.frames, settings: $0.settings, landing: $0.landing) }
    }

    /// The runs with what the app reports besides the frames (the settings it held).
    package func results(_ runs: [AppRun]) throws -> [ReplayResult] {
        let replayRuns = try runs.map { run in
            ReplayRun(device: try SimulatedDevice(screen: run.screen), samples: run.samples, presses: run.presses,
                      settings: run.settings, firstReturned: run.firstReturned)
        }
        return try replay.run(replayRuns)
    }
}
