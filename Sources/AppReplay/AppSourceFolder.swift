import Foundation
import Plumbing

/// The app's source folder as `--app-source` names it: the files the replay driver compiles — the required ones,
/// found by name anywhere below it (AristidesAI/Splat-Frame keeps them under `Splat Frame/Services`, `Utilities`,
/// `Models`, `Views/CubeMode`), and every other Swift file of the folder that declares a type they name, and so on
/// (ParallaxRecorder.swift once HeadTrackingService.swift names `ParallaxRecorder`; `SwiftNames`).
package struct AppSourceFolder: Sendable {
    /// What the driver compiles, by name: the cube scene's controller and everything it calls — the head tracker,
    /// the device motion service, the projection and its screen table, the smoother, the head position, the motion
    /// effects the controller applies and the face names it uses (`CubeFace`).
    package static let requiredFiles = [
        "CubeSceneController.swift", "HeadTrackingService.swift", "DeviceMotionService.swift", "OffAxisProjection.swift",
        "ScreenCalibration.swift", "MatrixMath.swift", "ExponentialSmoother.swift", "HeadPosition.swift",
        "MotionEffectsService.swift", "CubeFaceContent.swift",
    ]

    /// The folder as given.
    package var path: String
    /// Each compiled file: its name and its path below `path` — the `requiredFiles` in their order, then the files
    /// declare a type they name (in the order found: by path, to a fixed point).
    package var files: [(name: String, relativePath: String)]
    /// The files' contents, in the same order.
    package var contents: [[UInt8]]

    /// The folder's `requiredFiles` and the files they reference.
    package init(path: String) throws {
        self.path = path
        let wanted = Self.requiredFiles
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw AppReplayError.missingFiles(folder: path, names: ["the folder itself"])
        }
        var found: [String: [String]] = [:]
        let root = URL(fileURLWithPath: path).standardizedFileURL
        if let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) {
            for case let url as URL in walker {
                let name = url.lastPathComponent
                if name.hasPrefix(".") { walker.skipDescendants(); continue }
                guard name.hasSuffix(".swift") else { continue }
                found[name, default: []].append(String(url.standardizedFileURL.path.dropFirst(root.path.count + 1)))
            }
        }
        let missing = wanted.filter { found[$0] == nil }
        guard missing.isEmpty else { throw AppReplayError.missingFiles(folder: path, names: missing) }
        var files: [(name: String, relativePath: String)] = try wanted.map { name in
            let paths = found[name]!.sorted()
            guard paths.count == 1 else { throw AppReplayError.ambiguousFiles(folder: path, name: name, paths: paths) }
            return (name, paths[0])
        }
        func read(_ relativePath: String) throws -> [UInt8] { try FileContents.read(root.appendingPathComponent(relativePath).path) }
        var contents = try files.map { try read($0.relativePath) }
        // Every other Swift file, with the names it declares; taken while a compiled file names one of its types.
        var others = try found.filter { !wanted.contains($0.key) }.flatMap { name, paths in paths.map { (name, $0) } }
            .sorted { $0.1 < $1.1 }
            .map { (name: $0.0, relativePath: $0.1, bytes: try read($0.1)) }
        var named = Set<String>()
        for bytes in contents { named.formUnion(SwiftNames(source: String(decoding: bytes, as: UTF8.self)).identifiers) }
        var taken = true
        while taken {
            taken = false
            for (index, other) in others.enumerated() {
                let names = SwiftNames(source: String(decoding: other.bytes, as: UTF8.self))
                guard !names.declaredTypes.isDisjoint(with: named) else { continue }
                if let twin = files.first(where: { $0.name == other.name }) {
                    throw AppReplayError.ambiguousFiles(folder: path, name: other.name, paths: [twin.relativePath, other.relativePath].sorted())
                }
                files.append((other.name, other.relativePath))
                contents.append(other.bytes)
                named.formUnion(names.identifiers)
                others.remove(at: index)
                taken = true
                break
            }
        }
        self.files = files
        self.contents = contents
    }

    /// FNV-1a 64 over each compiled file's name and bytes: what the replay reports as the code it ran (the cache key
    /// adds the driver's own sources).
    package var hash: String {
        Fingerprint.fnv1a64(files.indices.flatMap { Array(files[$0].name.utf8) + [0] + contents[$0] + [0] })
    }
}
