import Foundation
import Geometry
import Plumbing
import Projection
import TestedApp
import Tracking

/// `parallax app replay`: one trace through the app's own code on a simulated device, frame by frame.
package struct AppCodeReplay: Sendable {
    package var appSourcePath: String
    package var appSourceHash: String
    /// The settings the app held (read back from its properties).
    package var settings: AppSettings
    package var trace: String
    package var screen: String
    package var arkitFrame: ARKitFrame
    package var events: ReplayEvents
    package var frames: [AppFrame]
    /// One line when the sensor stream assumed what the trace did not hold (`SensorStream.note`).
    package var note: String?
    /// The compiled files, relative to the app's folder (the source hash covers each).
    package var files: [String]

    package static func run(_ replay: AppReplay, traceName: String, trace: HeadTrace, screen: ScreenModel, arkitFrame: ARKitFrame,
                            events: ReplayEvents) throws -> AppCodeReplay {
        let inputs = try SensorStream(traceName: traceName, trace: trace, arkitFrame: arkitFrame)
        let run = ReplayRun(device: try SimulatedDevice(screen: screen), samples: inputs.samples, presses: events.recenters)
        let result = try replay.run([run])[0]
        return AppCodeReplay(appSourcePath: replay.app.path, appSourceHash: replay.app.hash, settings: result.settings, trace: traceName,
                             screen: screen.name, arkitFrame: arkitFrame, events: events, frames: result.frames, note: inputs.note,
                             files: replay.app.files.map(\.relativePath))
    }

    /// The frames as JSON: `{"app_source": {"path", "hash"}, "arkit_frame", "frames": [{"t", "head", "tilt_offset", "eye",
    /// "projection", "view"}], …}`, metres, matrices row-major; every app value as the Float it was.
    package func jsonData() throws -> Data {
        try JSONEncoder.deterministic().encode(Document(self))
    }

    /// The same as CSV columns: t, head_x…z, tilt_x, tilt_y, eye_x…z, p00…p33, v00…v33 (row-major).
    package var csv: String {
        let matrix = { (name: String) in (0..<4).flatMap { i in (0..<4).map { j in "\(name)\(i)\(j)" } } }
        let header = ["t", "head_x", "head_y", "head_z", "tilt_x", "tilt_y", "eye_x", "eye_y", "eye_z"] + matrix("p") + matrix("v")
        var lines = ["# app_source: \(appSourcePath) @ \(appSourceHash)", "# trace: \(trace); screen: \(screen); arkit_frame: \(arkitFrame.rawValue)",
                     header.joined(separator: ",")]
        for frame in frames {
            let values = FrameRecord(frame)
            lines.append((["\(frame.t)"] + (values.head + values.tiltOffset + values.eye + values.projection.joined() + values.view.joined()).map { "\($0)" })
                .joined(separator: ","))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A short account for the terminal.
    package var text: String {
        guard let last = frames.last else { return "no frames\n" }
        let r = FrameRecord(last)
        return """
            replayed \(frames.count) frames of \(trace) through the app's code at \(appSourcePath) (\(appSourceHash), \(files.count) files) on \(screen), ARKit frame \(arkitFrame.rawValue), \(settings)
            last frame (t = \(last.t) s): head \(r.head), tilt offset \(r.tiltOffset), eye \(r.eye)

            """
    }

    private struct FrameRecord: Encodable {
        var t: Double
        var head: [Float]
        var tiltOffset: [Float]
        var eye: [Float]
        var projection: [[Float]]
        var view: [[Float]]

        init(_ f: AppFrame) {
            t = f.t
            head = [f.head.x, f.head.y, f.head.z].map { Float($0) }
            tiltOffset = [f.tiltOffset.x, f.tiltOffset.y].map { Float($0) }
            eye = [f.eye.x, f.eye.y, f.eye.z].map { Float($0) }
            projection = f.projection.rowArrays.map { $0.map { Float($0) } }
            view = f.view.rowArrays.map { $0.map { Float($0) } }
        }

        enum CodingKeys: String, CodingKey { case t, head, tiltOffset = "tilt_offset", eye, projection, view }
    }

    private struct Document: Encodable {
        var appSource: Source
        var settings: AppSettings
        var arkitFrame: String
        var trace: String
        var screen: String
        var recenters: [Double]
        var frames: [FrameRecord]

        init(_ replay: AppCodeReplay) {
            appSource = Source(path: replay.appSourcePath, hash: replay.appSourceHash, files: replay.files)
            settings = replay.settings
            arkitFrame = replay.arkitFrame.rawValue
            trace = replay.trace
            screen = replay.screen
            recenters = replay.events.recenters
            frames = replay.frames.map(FrameRecord.init)
        }

        struct Source: Encodable { var path: String; var hash: String; var files: [String] }

        enum CodingKeys: String, CodingKey { case appSource = "app_source", settings, arkitFrame = "arkit_frame", trace, screen, recenters, frames }
    }
}
