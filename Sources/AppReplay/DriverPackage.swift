import Foundation
import Plumbing

/// The replay driver built from an app folder: a SwiftPM package generated in the cache — the Apple stand-ins,
/// the app's files and the driver in one executable target with the app's build settings — built once per
/// content (`key`) and kept as one executable. A build happens in a staging folder that is renamed into place
/// only when it succeeded, so the cache never holds a half-built driver, and two builds of the same key race
/// harmlessly (the second finds the first's).
package struct DriverPackage: Sendable {
    package let app: AppSourceFolder
    /// The cache folder's key: the app's files and the embedded stand-ins and driver.
    package let key: String
    package let cacheRoot: URL

    /// `cacheRoot` nil: `$PARALLAX_CACHE_DIR`, else `$XDG_CACHE_HOME/parallax`, else `~/.cache/parallax`.
    package init(app: AppSourceFolder, cacheRoot: URL? = nil) {
        self.app = app
        self.cacheRoot = (cacheRoot ?? Self.defaultCacheRoot).appendingPathComponent("app-replay")
        key = Fingerprint.fnv1a64(Array((app.hash + Self.manifest + Self.buildArguments.joined(separator: " ")).utf8)
            + Self.builtFiles.flatMap { Array($0.path.utf8) + [0] + Array($0.text.utf8) + [0] })
    }

    static var defaultCacheRoot: URL {
        let environment = ProcessInfo.processInfo.environment
        if let dir = environment["PARALLAX_CACHE_DIR"], !dir.isEmpty { return URL(fileURLWithPath: dir) }
        if let dir = environment["XDG_CACHE_HOME"], !dir.isEmpty { return URL(fileURLWithPath: dir).appendingPathComponent("parallax") }
        return FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".cache/parallax")
    }

    /// The built driver's folder for this key.
    package var folder: URL { cacheRoot.appendingPathComponent(key) }
    package var executable: URL { folder.appendingPathComponent("driver") }
    package var isBuilt: Bool { FileManager.default.isExecutableFile(atPath: executable.path) }

    /// The target's name in the generated package.
    static let target = "AppReplayDriver"
    /// Optimized: a release build of these few files takes no longer than a debug one, and replays 2× faster.
    static let buildArguments = ["build", "-c", "release", "--product", target]

    /// Builds the driver unless the cache has it; returns the executable.
    @discardableResult
    package func build() throws -> URL {
        if isBuilt { return executable }
        let fileManager = FileManager.default
        try fileManager.createDirectory(at: cacheRoot, withIntermediateDirectories: true)
        let staging = cacheRoot.appendingPathComponent("\(key).staging-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString)")
        defer { try? fileManager.removeItem(at: staging) }
        try write(to: staging)
        let swift = try Self.swiftExecutable()
        let result: ChildProcessResult
        do {
            result = try ChildProcess.run(swift, arguments: Self.buildArguments + ["--package-path", staging.path],
                                          timeout: 600)
        } catch {
            throw AppReplayError.noToolchain(reason: "\(error)")
        }
        guard result.status == 0 else {
            let errors = compileErrors(in: result.stdoutText + "\n" + result.stderrText)
            if errors.isEmpty {
                let tail = (result.stderrText + result.stdoutText).split(separator: "\n").suffix(3).joined(separator: " | ")
                throw AppReplayError.compileFailed(errors: ["swift build exited with status \(result.status): \(tail)"], count: 1)
            }
            if let missing = Self.missingMember(in: errors) { throw missing }
            throw AppReplayError.compileFailed(errors: Array(errors.prefix(3)), count: errors.count)
        }
        let built = staging.appendingPathComponent(".build/release/\(Self.target)")
        try fileManager.copyItem(at: built, to: staging.appendingPathComponent("driver"))
        try fileManager.removeItem(at: staging.appendingPathComponent(".build"))
        if fileManager.fileExists(atPath: folder.path) && !isBuilt { try fileManager.removeItem(at: folder) }  // a driver deleted by hand
        do {
            try fileManager.moveItem(at: staging, to: folder)
        } catch where isBuilt {
            // Another process built the same key meanwhile: its driver is this one.
        }
        return executable
    }

    /// The embedded files a build writes: the stand-ins and the driver. Not the targets the stand-ins' package has
    /// only for testing ParallaxRecorder (an app's file: when an app holds it, it comes with the app's files).
    static var builtFiles: [(path: String, text: String)] {
        embeddedAppInTheLoopFiles.filter { file in
            (file.path.hasPrefix("StandIns/") && !recorderOnly.contains { file.path.hasPrefix($0) }) || file.path == "Driver/main.swift"
        }.map { ($0.path, $0.text) }
    }

    /// The stand-ins' folders that exist for the recorder's tests (StandIns/Package.swift declares their targets only
    /// beside the recorder).
    static let recorderOnly = ["StandIns/Sources/Recorder/", "StandIns/Sources/RecorderMainActor/", "StandIns/Sources/SwiftUI/",
                               "StandIns/Sources/RecorderSample/", "StandIns/Sources/record-sample/"]

    /// The package's files: Package.swift, the stand-ins, the app's files and the driver.
    func write(to root: URL) throws {
        let fileManager = FileManager.default
        func put(_ text: String, _ path: String) throws {
            let url = root.appendingPathComponent(path)
            try fileManager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try AtomicFile.write(text, to: url.path)
        }
        try put(Self.manifest, "Package.swift")
        for file in Self.builtFiles where file.path.hasPrefix("StandIns/") { try put(file.text, file.path) }
        guard let main = embeddedAppInTheLoopFiles.first(where: { $0.path == "Driver/main.swift" }) else {
            preconditionFailure("the build embeds AppInTheLoop/Driver/main.swift")
        }
        try put(main.text, "Sources/\(Self.target)/main.swift")
        for (file, bytes) in zip(app.files, app.contents) {
            try put(String(decoding: bytes, as: UTF8.self), "Sources/\(Self.target)/\(file.name)")
        }
    }

    /// The app's build settings as its Xcode project sets them (AristidesAI/Splat-Frame @ 4ca7217,
    /// `Splat Frame.xcodeproj/project.pbxproj`): Swift 5 mode, main-actor default isolation, approachable
    /// concurrency (its upcoming features) and member import visibility.
    static let manifest = """
        // swift-tools-version:6.2
        // Generated by `parallax app replay`: the app's files, the replay driver and the Apple stand-ins.
        import PackageDescription

        let package = Package(
            name: "AppReplay",
            dependencies: [.package(path: "StandIns")],
            targets: [
                .executableTarget(
                    name: "\(target)",
                    dependencies: [.product(name: "AppleStandIns", package: "StandIns")],
                    swiftSettings: [
                        .swiftLanguageMode(.v5),
                        .defaultIsolation(MainActor.self),
                        .enableUpcomingFeature("MemberImportVisibility"),
                        .enableUpcomingFeature("InferSendableFromCaptures"),
                        .enableUpcomingFeature("GlobalActorIsolatedTypesUsability"),
                        .enableUpcomingFeature("InferIsolatedConformances"),
                        .enableUpcomingFeature("NonisolatedNonsendingByDefault"),
                        .enableUpcomingFeature("DisableOutwardActorInference"),
                    ]),
            ]
        )

        """

    /// `file:line: message` for each compiler error, with the app's own paths (the driver's as
    /// `AppInTheLoop/Driver/main.swift`, the stand-ins' as `AppInTheLoop/StandIns/…`).
    func compileErrors(in output: String) -> [String] {
        var seen = Set<String>(), errors: [String] = []
        let appPaths = Dictionary(uniqueKeysWithValues: app.files.map { ($0.name, $0.relativePath) })
        for line in output.split(separator: "\n") {
            guard let range = line.range(of: ": error: ") else { continue }
            let location = line[..<range.lowerBound].split(separator: ":")
            guard location.count >= 2, let path = location.first, let number = Int(location[1]) else { continue }
            let file = URL(fileURLWithPath: String(path))
            let name = file.lastPathComponent
            let shown: String
            if file.path.contains("/Sources/\(Self.target)/") {
                shown = name == "main.swift" ? "AppInTheLoop/Driver/main.swift" : (appPaths[name] ?? name)
            } else if let standIn = file.path.range(of: "/StandIns/") {
                shown = "AppInTheLoop" + file.path[standIn.lowerBound...]
            } else {
                shown = file.path
            }
            let error = "\(shown):\(number): \(line[range.upperBound...])"
            if seen.insert(error).inserted { errors.append(error) }
        }
        return errors
    }

    /// What the driver uses of the app as the app's own code does (AristidesAI/Splat-Frame @ 4ca7217), for the message
    /// when a branch lacks it: the Settings sliders' targets (Views/Settings/SettingsView.swift:31–41), the scene's
    /// wiring (Models/AppState.swift:203–217, Views/CubeMode/CubeSceneView.swift) and the reset button
    /// (Views/MainTabView.swift:214–218).
    static let memberUses = [
        "smoothingAlpha": "the replay sets the Smoothing slider through it, as SettingsView does (headTracker.smoothingAlpha)",
        "movementScale": "the replay sets the Sensitivity slider through it, as SettingsView does (cubeController.movementScale)",
    ]

    /// A compile error in the driver that says the app lacks a member the driver uses (`value of type 'T' has no member
    /// 'm'`), as an `AppReplayError.missingMember`; nil for any other error.
    static func missingMember(in errors: [String]) -> AppReplayError? {
        for error in errors where error.hasPrefix("AppInTheLoop/Driver/main.swift:") {
            guard let typeStart = error.range(of: "value of type '"), let typeEnd = error[typeStart.upperBound...].range(of: "'"),
                  let memberStart = error.range(of: "has no member '"), let memberEnd = error[memberStart.upperBound...].range(of: "'") else { continue }
            let type = String(error[typeStart.upperBound..<typeEnd.lowerBound])
            let member = String(error[memberStart.upperBound..<memberEnd.lowerBound])
            let use = memberUses[member] ?? "the replay driver uses it as the app's own code does (\(error))"
            return .missingMember(type: type, member: member, use: use)
        }
        return nil
    }

    /// `swift` on the PATH.
    static func swiftExecutable() throws -> URL {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for dir in path.split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(dir)).appendingPathComponent("swift")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        throw AppReplayError.noToolchain(reason: "no `swift` on the PATH (\(path))")
    }
}
