import AppReplay
import ArgumentParser
import TestedApp
import Vocabulary

/// The app under test as a command takes it: `--app-source` (its own code, else the model), `--arkit-frame`,
/// `--timeout` and the simulated platform (`--assume`, `--rates`). It validates itself — the replay's options need
/// the app's code, a bad value is one line naming its flag — and builds the app (`codeApp()`, `replay()`).
struct AppOptions: ParsableArguments {
    @Option(name: .long, help: "The app's source folder: measure its own code (its controller, tracking, motion and projection replayed on simulated sensors) instead of the model.")
    var appSource: String?

    @Option(name: .long, help: "What ARKit's face anchor holds (not documented): gravity (a world frame fixed at session start, inferred from the app's configuration; the default) or camera (relative to the camera).")
    var arkitFrame: String?

    @Option(name: .long, help: "With --app-source: seconds the app's code may run before it is stopped as hung (default 120).")
    var timeout: Double?

    @OptionGroup var platform: PlatformOptions

    func validate() throws {
        if appSource == nil, timeout != nil { throw ValidationError("--timeout: with --app-source only (it limits the replay)") }
        if let arkitFrame, ARKitFrame(rawValue: arkitFrame) == nil {
            throw ValidationError("--arkit-frame: expected gravity or camera, found '\(arkitFrame)'")
        }
    }

    /// For a command whose model reads no ARKit anchor (analyze's and tune's smoother): `--arkit-frame` is the replay's.
    func requireAppForARKitFrame() throws {
        if appSource == nil, arkitFrame != nil || timeout != nil {
            throw ValidationError("--arkit-frame and --timeout: with --app-source only (they are the replay's)")
        }
    }

    /// The ARKit hypothesis (gravity unless given).
    var frame: ARKitFrame { arkitFrame.flatMap(ARKitFrame.init(rawValue:)) ?? .gravity }

    /// The app's code as an app under test; nil without `--app-source` (the command's model is the app).
    func codeApp() throws -> CodeApp? {
        let platform = try platform.platform(appSource: appSource)
        return try appSource.map { try CodeApp(appSource: $0, timeout: timeout ?? 120, platform: platform) }
    }

    /// The app's code as the audit replays it; nil without `--app-source`.
    func replay() throws -> AppReplay? {
        let platform = try platform.platform(appSource: appSource)
        return try appSource.map { try AppReplay(appSource: $0, timeout: timeout ?? 120, platform: platform) }
    }
}
