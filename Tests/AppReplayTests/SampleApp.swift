import AppReplay
import Foundation
import Geometry
import ParallaxTestSupport
import TestedApp
import Tracking

/// The sample app of Tests/Fixtures/apps/SampleApp (its README states the numbers the closed forms use), replayed
/// through the driver cache every test shares (`DriverCache`), and traces built sample by sample.
enum SampleApp {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/apps/SampleApp").path

    static func replay(_ folder: String = folder, timeout: Double = 120) throws -> AppReplay {
        try AppReplay(appSource: folder, cacheRoot: DriverCache.url, timeout: timeout)
    }

    /// A copy of the sample app in a temporary folder with `edit` applied to the text of each of `files`.
    static func variant(_ files: String..., edit: (String) -> String) throws -> TemporaryDirectory {
        let copy = try TemporaryDirectory(prefix: "sample-app-variant")
        let sources = URL(fileURLWithPath: folder).appendingPathComponent("Sources")
        for name in try FileManager.default.contentsOfDirectory(atPath: sources.path) {
            let text = try String(contentsOf: sources.appendingPathComponent(name), encoding: .utf8)
            try (files.contains(name) ? edit(text) : text).write(toFile: copy.path(name), atomically: true, encoding: .utf8)
        }
        return copy
    }

    /// A copy of the sample app with Splat Frame's recenter and tracking-loss defects and its screen table's shape
    /// (Tests/Fixtures/apps/SampleAppAsShipped laid over it), `edit` applied to that head tracker's text.
    static func asShipped(_ edit: (String) -> String = { $0 }) throws -> TemporaryDirectory {
        let overlay = URL(fileURLWithPath: folder).deletingLastPathComponent().appendingPathComponent("SampleAppAsShipped")
        let tracker = try String(contentsOf: overlay.appendingPathComponent("HeadTrackingService.swift"), encoding: .utf8)
        let copy = try variant("HeadTrackingService.swift") { _ in edit(tracker) }
        try String(contentsOf: overlay.appendingPathComponent("ScreenCalibration.swift"), encoding: .utf8)
            .write(toFile: copy.path("ScreenCalibration.swift"), atomically: true, encoding: .utf8)
        return copy
    }

    /// 60 Hz samples at `positions`, with the phone's attitude per sample.
    static func trace(_ positions: [Vec3], attitudes: [Quaternion]) -> HeadTrace {
        var trace = HeadTrace(samples: positions.enumerated().map { HeadSample(t: Double($0.offset) / 60, position: $0.element) })
        trace.setOrientations(attitudes, .device)
        return trace
    }

    /// The on-screen device the tests simulate: iPhone 15 Pro, `iPhone16,1` (in the sample app's table: 70 × 150 mm).
    static let device = SimulatedDevice(machine: "iPhone16,1", nativeWidth: 1179, nativeHeight: 2556)
}
