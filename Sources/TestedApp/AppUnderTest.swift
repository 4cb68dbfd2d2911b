import Geometry
import Projection
import Vocabulary

/// The app under test: the app as a model (`ModelApp`) or the app as its own code built from a source folder
/// (`AppReplay.CodeApp`). Analysis, tuning, the suite and the audit take one of these and never ask which: "the
/// app" of every number is whatever this runs.
package protocol AppUnderTest: Sendable {
    /// What is under test, for labels and the JSON: the model's parameters, or the code's folder, files and hash.
    var identity: AppIdentity { get }
    /// The settings the app holds as built (for code: read back from the app's own properties).
    func defaults() throws -> AppSettings
    /// The frames of each run, in order: per run, one frame per sample the run returns.
    func run(_ runs: [AppRun]) throws -> [[AppFrame]]
    /// Each run's frames with the settings the app held while it ran, read back from the app after they were set —
    /// what a sweep checks its sliders against (an app may clamp or round what a slider sets).
    func runReadingSettings(_ runs: [AppRun]) throws -> [AppRunResult]
}

extension AppUnderTest {
    /// An app that cannot be asked holds what it was given (the model does).
    package func runReadingSettings(_ runs: [AppRun]) throws -> [AppRunResult] {
        let built = try runs.contains { $0.settings == nil } ? defaults() : nil
        return try zip(run(runs), runs).map { AppRunResult(frames: $0, settings: $1.settings ?? built!) }
    }
}

/// One run's frames, the settings the app held during it, and where its updates landed (the app's code; the model
/// counts nothing).
package struct AppRunResult: Sendable {
    package var frames: [AppFrame]
    package var settings: AppSettings
    package var landing: UpdateLanding

    package init(frames: [AppFrame], settings: AppSettings, landing: UpdateLanding = UpdateLanding()) {
        self.frames = frames
        self.settings = settings
        self.landing = landing
    }
}

/// Where the app's code applies what the platform hands it, counted by the driver over a run: an anchor's effect on
/// the tracker's head, and a display frame's on the camera, either within the delegate call (the frame SceneKit then
/// renders shows it) or only after the app's queued main-actor work (a hop: the next frame shows it). Calls that
/// change nothing are not counted; frames rendered off the main thread are not counted.
package struct UpdateLanding: Sendable, Equatable {
    package var anchorsDirect = 0, anchorsQueued = 0, framesDirect = 0, framesQueued = 0

    package init(anchorsDirect: Int = 0, anchorsQueued: Int = 0, framesDirect: Int = 0, framesQueued: Int = 0) {
        self.anchorsDirect = anchorsDirect
        self.anchorsQueued = anchorsQueued
        self.framesDirect = framesDirect
        self.framesQueued = framesQueued
    }

    /// Whether most anchor updates reach the head only after a hop (none counted: nil).
    package var anchorsHop: Bool? { anchorsDirect + anchorsQueued == 0 ? nil : anchorsQueued > anchorsDirect }
    /// Whether most frames' camera updates land only after the render (none counted: nil).
    package var framesHop: Bool? { framesDirect + framesQueued == 0 ? nil : framesQueued > framesDirect }
}

/// The app's user settings: the properties its Settings sliders set (AristidesAI/Splat-Frame @ 4ca7217,
/// Views/Settings/SettingsView.swift:29–41: `headTracker.smoothingAlpha`, `cubeController.movementScale`).
package struct AppSettings: Hashable, Codable, Sendable, CustomStringConvertible {
    /// The head smoother's per-sample weight α ("Smoothing", 0.1…0.5).
    package var smoothingAlpha: Double
    /// The exaggeration of head x and y ("Sensitivity", 0.5…3.0).
    package var movementScale: Double

    package init(smoothingAlpha: Double, movementScale: Double) {
        self.smoothingAlpha = smoothingAlpha
        self.movementScale = movementScale
    }

    package var description: String { "α \(smoothingAlpha), movement scale \(movementScale)" }

    /// The settings a command asks for: each slider given, the others as `app` holds them; nil when none is given
    /// (the app as built). A value outside the slider's meaning is a `FieldError` naming it.
    package static func choosing(smoothingAlpha: Double?, movementScale: Double?, for app: any AppUnderTest) throws -> AppSettings? {
        guard smoothingAlpha != nil || movementScale != nil else { return nil }
        if let smoothingAlpha, !(smoothingAlpha > 0 && smoothingAlpha <= 1) {
            throw FieldError("smoothing_alpha", expected: "a weight in (0, 1]", found: "\(smoothingAlpha)")
        }
        if let movementScale, !(movementScale.isFinite && movementScale > 0) {
            throw FieldError("movement_scale", expected: "a finite scale > 0", found: "\(movementScale)")
        }
        var settings = try app.defaults()
        if let smoothingAlpha { settings.smoothingAlpha = smoothingAlpha }
        if let movementScale { settings.movementScale = movementScale }
        return settings
    }

    enum CodingKeys: String, CodingKey { case smoothingAlpha = "smoothing_alpha", movementScale = "movement_scale" }
}

/// Which app is under test, as reports name it.
package struct AppIdentity: Sendable, Equatable, Codable {
    package enum Kind: String, Sendable, Codable { case model, code }

    package var kind: Kind
    /// The model's parameters ("ema:alpha=0.25, movement scale 1.5"), or the code's folder.
    package var source: String
    /// The code's source hash (every compiled file); nil for the model.
    package var hash: String?
    /// The code's compiled files, relative to its folder; empty for the model.
    package var files: [String]
    /// The simulated platform's alternatives the code ran under (`SimulatedPlatform.assumptions`); nil on the defaults.
    package var platform: [String]?

    package init(kind: Kind, source: String, hash: String? = nil, files: [String] = [], platform: [String]? = nil) {
        self.kind = kind
        self.source = source
        self.hash = hash
        self.files = files
        self.platform = platform
    }

    /// "the app (code f7310c2e…)", "the app (code f7310c2e…, assuming arkit-loss=removed)" or "the app (model:
    /// ema:alpha=0.25, movement scale 1.5)".
    package var label: String {
        switch kind {
        case .code:
            let assuming = platform.map { ", assuming \($0.joined(separator: ", "))" } ?? ""
            return "the app (code \(hash.map { String($0.prefix(8)) } ?? "?")\(assuming))"
        case .model: return "the app (model: \(source))"
        }
    }
}

/// One run of the app: a fresh app on a simulated iPhone, its settings set as the sliders set them (nil: as
/// built), fed the sensor samples in order with the reset button pressed at `presses` (seconds, before the first
/// sample at or after each). Frames are returned from sample `firstReturned` on (a prefix the caller does not
/// read is still fed).
package struct AppRun: Sendable {
    package var screen: ScreenModel
    package var samples: [SensorSample]
    package var settings: AppSettings?
    package var presses: [Double]
    package var firstReturned: Int

    package init(screen: ScreenModel, samples: [SensorSample], settings: AppSettings? = nil, presses: [Double] = [], firstReturned: Int = 0) {
        self.screen = screen
        self.samples = samples
        self.settings = settings
        self.presses = presses
        self.firstReturned = firstReturned
    }
}
