import AppReplay
import ArgumentParser
import Audit
import Foundation
import Plumbing
import Projection
import TestedApp
import Tracking
import Vocabulary

/// `parallax app …`: the app's own code in the loop.
struct AppCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "app",
        abstract: "Run an iOS app's own head-tracking, motion and projection code on simulated ARKit and CoreMotion.",
        subcommands: [AppReplayCommand.self]
    )
}

struct AppReplayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Replay a trace through the app's own code and print what it computes per display frame.",
        discussion: """
            Builds the app's cube scene controller and everything it calls (\(AppSourceFolder.requiredFiles.joined(separator: ", ")), \
            found by name under --app-source, and any other Swift file there that declares a type they name, such as \
            ParallaxRecorder.swift) with the Apple stand-ins and a driver into a cached executable (keyed by \
            the files' contents; $PARALLAX_CACHE_DIR, else ~/.cache/parallax), then feeds it the trace: the simulated \
            ARKit session delivers each sample's face anchor (the head put into --arkit-frame), the simulated \
            CoreMotion the device_q attitude (a trace without one: the phone held still and upright, said in a note), \
            and --events presses the reset button (the app's resetView(), resetOrigin() and resetReference()). Per \
            display frame, read from the app itself: t, the tracker's currentPosition, the motion service's \
            tiltOffset, and the camera node's position (the eye), its camera's projectionTransform and the view (the \
            inverse of the node's world transform) as the app's CubeSceneController left them (metres; matrices \
            row-major). --json also lists the compiled files (the hash covers each) and the settings the app holds, \
            read back from its properties. Needs the Swift toolchain on the PATH for the first build.
            Exit status: 0 replayed, 2 bad input (missing files, code that does not compile against the stand-ins, \
            a crash or a hang in the app's code, a trace without the columns the simulated sensors need).

            Examples:
              parallax app replay --app-source Splat-Frame --trace Traces/sway.csv --json
              parallax app replay --app-source Splat-Frame --trace Traces/tilt.csv --events recenter@2.0 -o /tmp/tilt-app.csv
            """
    )

    @Option(name: .long, help: "The app's source folder (e.g. a clone of AristidesAI/Splat-Frame).")
    var appSource: String

    @Option(name: .long, help: "A trace CSV with device_q* (or pitch,roll) columns.")
    var trace: String

    @Option(name: .long, help: "The simulated iPhone: a display-table name, slug or identifier.")
    var screen = AppDefaults.screen

    @Option(name: .long, help: "What ARKit's face anchor holds: gravity (a world frame fixed at session start) or camera.")
    var arkitFrame = ARKitFrame.gravity.rawValue

    @Option(name: .long, help: "Reset-button presses, e.g. recenter@2.0,recenter@2.6 (seconds).")
    var events: String?

    @Option(name: .long, help: "Seconds the app's code may run before it is stopped as hung.")
    var timeout = 120.0

    @OptionGroup var platform: PlatformOptions

    @Flag(name: .long, help: "Print the frames as JSON.")
    var json = false

    @Option(name: [.short, .long], help: "Write the frames as CSV to this file.")
    var output: String?

    func run() throws {
        let result: AppCodeReplay
        do {
            let screenModel = try ScreenModel(parsing: screen)
            let frame = try ARKitFrame(parsing: arkitFrame)
            let parsedEvents = try events.map(ReplayEvents.init(parsing:)) ?? ReplayEvents()
            let traceData = try TraceCSVReader.read(contentsOf: trace)
            let name = ((trace as NSString).lastPathComponent as NSString).deletingPathExtension
            let replay = try AppReplay(appSource: appSource, timeout: timeout, platform: platform.platform(appSource: appSource))
            result = try AppCodeReplay.run(replay, traceName: name, trace: traceData, screen: screenModel, arkitFrame: frame, events: parsedEvents)
        } catch let error as FieldError {
            throw error.naming(flags: ["screen": "--screen", "arkit_frame": "--arkit-frame", "events": "--events"])
        }
        if let note = result.note { ParallaxMain.note(note) }
        if let output { try AtomicFile.write(result.csv, to: output) }
        if json {
            print(String(decoding: try result.jsonData(), as: UTF8.self))
        } else if output == nil {
            print(result.text, terminator: "")
        }
    }
}
