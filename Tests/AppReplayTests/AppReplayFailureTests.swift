import AppReplay
import Audit
import Foundation
import Geometry
import ParallaxTestSupport
import TestedApp
import Testing
import Tracking
import Vocabulary

/// What goes wrong outside ParallaxLab — a folder without the files, app code that does not compile against the
/// stand-ins, a crash or a hang in the app's code, a trace the simulated sensors cannot use — is one error naming
/// what and where, and the cache never keeps a half-built driver.
@Suite(.serialized) struct AppReplayFailureTests {
    func run(_ replay: AppReplay, presses: [Double] = []) throws -> [AppFrame] {
        let trace = SampleApp.trace(Array(repeating: Vec3(0.01, 0, 0.4), count: 10), attitudes: Array(repeating: .identity, count: 10))
        let inputs = try SensorStream(traceName: "still", trace: trace, arkitFrame: .camera)
        return try replay.replay([ReplayRun(device: SampleApp.device, samples: inputs.samples, presses: presses)])[0]
    }

    @Test func aFolderWithoutTheFilesListsWhatIsMissing() throws {
        let folder = try SampleApp.variant("HeadPosition.swift") { $0 }
        defer { folder.cleanUp() }
        try FileManager.default.removeItem(atPath: folder.path("DeviceMotionService.swift"))
        try FileManager.default.removeItem(atPath: folder.path("MatrixMath.swift"))
        #expect(throws: AppReplayError.missingFiles(folder: folder.url.path, names: ["DeviceMotionService.swift", "MatrixMath.swift"])) {
            try SampleApp.replay(folder.url.path)
        }
        let error = AppReplayError.missingFiles(folder: "X", names: ["DeviceMotionService.swift", "MatrixMath.swift"])
        #expect(error.description == "--app-source X: expected the app's files that the replay compiles, missing DeviceMotionService.swift, MatrixMath.swift")
    }

    /// A branch without a Settings slider's target property: one line naming the type, the property and why.
    @Test func anAppWithoutASlidersPropertyNamesIt() throws {
        let folder = try SampleApp.variant("HeadTrackingService.swift") {
            $0.replacingOccurrences(of: "var smoothingAlpha: Float", with: "var smoothingWeight: Float")
        }
        defer { folder.cleanUp() }
        #expect {
            _ = try CodeApp(try SampleApp.replay(folder.url.path)).defaults()
        } throws: { error in
            "\(error)" == "the app's HeadTrackingService has no 'smoothingAlpha': the replay sets the Smoothing slider through it, as SettingsView does (headTracker.smoothingAlpha)"
        }
    }

    @Test func codeUsingAnAppleAPITheStandInsLackNamesTheFileLineAndAPI() throws {
        let folder = try SampleApp.variant("HeadTrackingService.swift") {
            $0.replacingOccurrences(of: "        let configuration = ARFaceTrackingConfiguration()\n",
                                    with: "        let configuration = ARFaceTrackingConfiguration()\n        let world = ARWorldTrackingConfiguration()\n")
        }
        defer { folder.cleanUp() }
        let replay = try SampleApp.replay(folder.url.path)
        do {
            _ = try run(replay)
            Issue.record("expected a compile error")
        } catch let error as AppReplayError {
            guard case .compileFailed(let errors, _) = error else { Issue.record("expected compileFailed, got \(error)"); return }
            #expect(errors.first?.hasPrefix("HeadTrackingService.swift:22: cannot find 'ARWorldTrackingConfiguration' in scope") == true, "\(errors)")
            #expect(error.description.contains("ARWorldTrackingConfiguration"))
        }
        // Nothing of the failed build stays in the cache.
        #expect(!replay.driver.isBuilt)
        let left = try FileManager.default.contentsOfDirectory(atPath: DriverCache.path("app-replay"))
        #expect(!left.contains { $0.hasPrefix(replay.driver.folder.lastPathComponent) && !$0.hasSuffix(".lock") })
    }

    @Test func aCrashInTheAppsCodeNamesTheSignalAndTheLastEventFed() throws {
        let folder = try SampleApp.variant("HeadTrackingService.swift") {
            $0.replacingOccurrences(of: "    func resetOrigin() {\n", with: "    func resetOrigin() {\n        fatalError(\"recenter broke\")\n")
        }
        defer { folder.cleanUp() }
        do {
            _ = try run(try SampleApp.replay(folder.url.path), presses: [3.0 / 60])
            Issue.record("expected the driver to crash")
        } catch let error as AppReplayError {
            guard case .driverFailed = error else { Issue.record("expected driverFailed, got \(error)"); return }
            #expect(error.description.contains("crashed (signal"), "\(error)")
            #expect(error.description.contains("after the frame at t = 0.033 s, fed the reset button after frame 3"), "\(error)")
            #expect(error.description.contains("recenter broke"), "\(error)")
        }
    }

    @Test func aHangInTheAppsCodeIsStoppedAtTheTimeLimit() throws {
        let folder = try SampleApp.variant("HeadTrackingService.swift") {
            $0.replacingOccurrences(of: "    func resetOrigin() {\n", with: "    func resetOrigin() {\n        while origin.x < 1 { origin.y += 1 }\n")
        }
        defer { folder.cleanUp() }
        let replay = try SampleApp.replay(folder.url.path)
        try replay.driver.build()
        do {
            _ = try run(try SampleApp.replay(folder.url.path, timeout: 2), presses: [5.0 / 60])
            Issue.record("expected a time-out")
        } catch let error as AppReplayError {
            #expect(error.description.hasPrefix("the app's code did not finish within 2.000 s and was stopped after the frame at t = 0.067 s, fed the reset button after frame 5"), "\(error)")
        }
    }

    /// Without attitude columns the phone is held still and upright (identity attitude, no rotation), said in one
    /// line; a caller that needs the attitude refuses the trace.
    @Test func aTraceWithoutTheAttitudeIsAPhoneHeldStillAndUpright() throws {
        let trace = HeadTrace(samples: (0..<5).map { HeadSample(t: Double($0) / 60, position: Vec3(0.01, 0.02, 0.4)) })
        let stream = try SensorStream(traceName: "bare", trace: trace, arkitFrame: .gravity)
        #expect(stream.note == "trace bare has no device_q (or pitch,roll) columns: the phone is held still and upright")
        #expect(stream.samples.allSatisfy { $0.attitude == .identity && $0.rotationRate == Vec3(0, 0, 0) })
        #expect(stream.samples.map(\.anchor) == trace.samples.map(\.position))  // upright: both hypotheses report the measurement
        #expect {
            _ = try SensorStream(traceName: "bare", trace: trace, arkitFrame: .gravity, requireAttitude: true)
        } throws: { error in
            "\(error)" == "trace bare.columns: expected the phone's attitude for the simulated CoreMotion: device_qw,device_qx,device_qy,device_qz (or pitch,roll), found neither"
        }
    }
}
