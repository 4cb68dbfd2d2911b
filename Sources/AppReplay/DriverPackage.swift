import Foundation
import Plumbing

/// The replay driver built from an app folder: the app's files and the driver's `main.swift` compiled in one module
/// with the app's build settings by `swiftc`, against the stand-ins built once (`StandInsBuild`), and kept as one
/// executable per content (`key`) in the `ReplayCache`. Each entry keeps its incremental state (the objects and
/// the compiler's dependency graph), and a new app — a branch, a patch, a sample-app variant — starts from the
/// cached build that shares most of its files, so only the files that changed, and those that depend on them,
/// are compiled again.
package struct DriverPackage: Sendable {
    package let app: AppSourceFolder
    package let cache: ReplayCache
    /// The stand-ins this driver links (built once per content and toolchain).
    package let standIns: StandInsBuild
    /// The cache entry's key: the app's files, the driver's own source, the compiler's arguments and the stand-ins'
    /// key (their bytes and the toolchain's version): every byte compiled.
    package let key: String

    /// `cacheRoot` nil: `$PARALLAX_CACHE_DIR`, else `$XDG_CACHE_HOME/parallax`, else `~/.cache/parallax`.
    package init(app: AppSourceFolder, cacheRoot: URL? = nil) throws {
        self.app = app
        cache = ReplayCache(cacheRoot: cacheRoot)
        standIns = StandInsBuild(cache: cache, toolchain: try Toolchain.current())
        key = Fingerprint.fnv1a64(Array((app.hash + "\0" + standIns.key + "\0" + Self.settings.joined(separator: " ") + "\0").utf8)
            + Array(Self.driverSource.utf8))
    }

    /// The built driver's folder.
    package var folder: URL { cache.entry("driver-\(key)") }
    package var executable: URL { folder.appendingPathComponent("driver") }
    package var isBuilt: Bool { Self.isBuilt(folder) }
    static func isBuilt(_ folder: URL) -> Bool {
        FileManager.default.isExecutableFile(atPath: folder.appendingPathComponent("driver").path)
    }

    /// The module the app's files and the driver are compiled into.
    static let module = "AppReplayDriver"
    /// Where the compiled files are written, below the entry.
    static let sourceFolder = "Sources/AppReplayDriver"

    /// The app's build settings as its Xcode project sets them (AristidesAI/Splat-Frame @ 4ca7217,
    /// `Splat Frame.xcodeproj/project.pbxproj`): Swift 5 mode, main-actor default isolation, approachable
    /// concurrency (its upcoming features) and member import visibility; optimized as a release build is (the
    /// replay runs 6× faster than unoptimized), file by file so that a change recompiles only what it touches.
    static let settings = ["-O", "-swift-version", "5", "-default-isolation", "MainActor",
                           "-enable-upcoming-feature", "MemberImportVisibility",
                           "-enable-upcoming-feature", "InferSendableFromCaptures",
                           "-enable-upcoming-feature", "GlobalActorIsolatedTypesUsability",
                           "-enable-upcoming-feature", "InferIsolatedConformances",
                           "-enable-upcoming-feature", "NonisolatedNonsendingByDefault",
                           "-enable-upcoming-feature", "DisableOutwardActorInference",
                           "-DSWIFT_PACKAGE"]

    static var driverSource: String {
        guard let main = embeddedAppInTheLoopFiles.first(where: { $0.path == "Driver/main.swift" }) else {
            preconditionFailure("the build embeds AppInTheLoop/Driver/main.swift")
        }
        return main.text
    }

    /// The compiled files below the entry, in the order given to the compiler: the driver, then the app's files.
    var sources: [(name: String, text: String)] {
        [("main.swift", Self.driverSource)] + zip(app.files, app.contents).map { ($0.name, String(decoding: $1, as: UTF8.self)) }
    }

    /// Builds the driver unless the cache has it; returns the executable.
    @discardableResult
    package func build() throws -> URL {
        try standIns.build()
        let record = CompileRecord(standIns: standIns.key, files: sources.map { CompileRecord.File(name: $0.name, hash: Fingerprint.fnv1a64(Array($0.text.utf8))) })
        try cache.build(folder.lastPathComponent, isBuilt: Self.isBuilt) { staging in
            try compile(in: staging, record: record)
        }
        cache.evict(prefix: "driver-", keep: ReplayCache.maximumDrivers)
        return executable
    }

    /// Compiles into `staging`, starting from the incremental state of the cached driver closest to this one.
    private func compile(in staging: URL, record: CompileRecord) throws {
        let fileManager = FileManager.default
        let objects = staging.appendingPathComponent("objects")
        do {
            try seed(objects, from: closestBuild(to: record), for: record)
        } catch {
            // The base went away meanwhile (evicted by another process): a full build.
            try? fileManager.removeItem(at: objects)
            try fileManager.createDirectory(at: objects, withIntermediateDirectories: true)
        }
        for (name, text) in sources {
            let url = staging.appendingPathComponent("\(Self.sourceFolder)/\(name)")
            try fileManager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try AtomicFile.write(text, to: url.path)
        }
        // Paths below the entry are relative (the compiler runs in it), so the state is valid wherever it is copied.
        var map: [String: [String: String]] = ["": ["swift-dependencies": "objects/\(Self.module).swiftdeps"]]
        for (name, _) in sources {
            let stem = String(name.dropLast(".swift".count))
            map["\(Self.sourceFolder)/\(name)"] = ["object": "objects/\(stem).o", "swift-dependencies": "objects/\(stem).swiftdeps"]
        }
        try AtomicFile.write(try JSONEncoder.deterministic().encode(map), to: staging.appendingPathComponent("output-file-map.json").path)
        let arguments = ["-module-name", Self.module, "-incremental", "-enable-incremental-file-hashing", "-continue-building-after-errors",
                         "-j", "\(ProcessInfo.processInfo.activeProcessorCount)", "-output-file-map", "output-file-map.json"]
            + Self.settings + ["-I", standIns.modules.path, "-module-cache-path", cache.entry("module-cache").path]
            + sources.map { "\(Self.sourceFolder)/\($0.name)" } + (try standIns.objects().map(\.path)) + ["-o", "driver"]
        var result = try standIns.toolchain.run(standIns.toolchain.swiftc, arguments, in: staging)
        if result.status != 0 {
            // An incremental build stops at the changed files' errors: the whole module type-checked names them all
            // (the driver's use of a member the app lacks among them).
            let check = ["-module-name", Self.module, "-typecheck", "-continue-building-after-errors"] + Self.settings
                + ["-I", standIns.modules.path, "-module-cache-path", cache.entry("module-cache").path] + sources.map { "\(Self.sourceFolder)/\($0.name)" }
            let checked = try standIns.toolchain.run(standIns.toolchain.swiftc, check, in: staging)
            if checked.status != 0 { result = checked }
        }
        guard result.status == 0 else {
            let appPaths = Dictionary(uniqueKeysWithValues: app.files.map { ($0.name, $0.relativePath) })
            let errors = Self.compileErrors(in: result.stdoutText + "\n" + result.stderrText, appPaths: appPaths)
            if errors.isEmpty {
                let tail = (result.stderrText + result.stdoutText).split(separator: "\n").suffix(3).joined(separator: " | ")
                throw AppReplayError.compileFailed(errors: ["swiftc exited with status \(result.status): \(tail)"], count: 1)
            }
            if let missing = Self.missingMember(in: errors) { throw missing }
            throw AppReplayError.compileFailed(errors: Array(errors.prefix(3)), count: errors.count)
        }
        try AtomicFile.write(try JSONEncoder.deterministic().encode(record), to: staging.appendingPathComponent(CompileRecord.fileName).path)
    }

    /// Fills `objects` with the base's incremental state (none: an empty folder, a full build).
    private func seed(_ objects: URL, from base: (url: URL, record: CompileRecord)?, for record: CompileRecord) throws {
        let fileManager = FileManager.default
        guard let base else { return try fileManager.createDirectory(at: objects, withIntermediateDirectories: true) }
        // Times kept: an object the compiler does not write again keeps the time it was compiled at.
        let baseObjects = base.url.appendingPathComponent("objects")
        try fileManager.copyItem(at: baseObjects, to: objects)
        for name in try fileManager.contentsOfDirectory(atPath: baseObjects.path) {
            let time = try fileManager.attributesOfItem(atPath: baseObjects.appendingPathComponent(name).path)[.modificationDate]
            try fileManager.setAttributes([.modificationDate: time as Any], ofItemAtPath: objects.appendingPathComponent(name).path)
        }
        // A file whose bytes differ from the base's loses its object, so it is compiled whatever its time says
        // (the compiler's own test is the file's time, and two files written in one clock tick share it).
        let same = Set(base.record.files)
        for file in record.files where !same.contains(file) {
            try? fileManager.removeItem(at: objects.appendingPathComponent("\(file.name.dropLast(".swift".count)).o"))
        }
    }

    /// The cached driver, built on the same stand-ins, that shares the most identical files with `record` (the most
    /// recently used of equals), with what it was compiled from; nil when none shares one.
    func closestBuild(to record: CompileRecord) -> (url: URL, record: CompileRecord)? {
        var best: (url: URL, record: CompileRecord, shared: Int)?
        for (url, _) in cache.entries(prefix: "driver-") {
            guard let data = try? FileContents.read(url.appendingPathComponent(CompileRecord.fileName).path),
                  let other = try? JSONDecoder().decode(CompileRecord.self, from: Data(data)), other.standIns == record.standIns else { continue }
            let shared = Set(other.files).intersection(record.files).count
            if shared > (best?.shared ?? 0) { best = (url, other, shared) }
        }
        return best.map { ($0.url, $0.record) }
    }

    /// What an entry was compiled from: the stand-ins' key and each file's name and hash (`closestBuild`).
    struct CompileRecord: Codable, Equatable {
        static let fileName = "compiled.json"
        struct File: Codable, Hashable {
            var name: String
            var hash: String
        }
        var standIns: String
        var files: [File]

        enum CodingKeys: String, CodingKey {
            case standIns = "stand_ins", files
        }
    }

    /// `file:line: message` for each compiler error, with the app's own paths (the driver's as
    /// `AppInTheLoop/Driver/main.swift`, the stand-ins' as `AppInTheLoop/StandIns/…`), by file and line (the compiler's
    /// jobs run side by side and print in any order).
    static func compileErrors(in output: String, appPaths: [String: String]) -> [String] {
        var seen = Set<String>(), errors: [(file: String, line: Int, text: String)] = []
        for line in output.split(separator: "\n") {
            guard let range = line.range(of: ": error: ") else { continue }
            let location = line[..<range.lowerBound].split(separator: ":")
            guard location.count >= 2, let path = location.first, let number = Int(location[1]) else { continue }
            let file = URL(fileURLWithPath: String(path))
            let name = file.lastPathComponent
            let shown: String
            // The compiler names the app's files as given (`Sources/AppReplayDriver/…`), or from the module's name
            // inside a macro's expansion (`AppReplayDriver/…`).
            if ("/" + path).contains("/\(sourceFolder)/") || path.hasPrefix("\(module)/") {
                shown = name == "main.swift" ? "AppInTheLoop/Driver/main.swift" : (appPaths[name] ?? name)
            } else if let standIn = file.path.range(of: "/StandIns/") {
                shown = "AppInTheLoop" + file.path[standIn.lowerBound...]
            } else {
                shown = file.path
            }
            let error = "\(shown):\(number): \(line[range.upperBound...])"
            if seen.insert(error).inserted { errors.append((shown, number, error)) }
        }
        return errors.enumerated().sorted { a, b in
            (a.element.file, a.element.line, a.offset) < (b.element.file, b.element.line, b.offset)
        }.map(\.element.text)
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
}
