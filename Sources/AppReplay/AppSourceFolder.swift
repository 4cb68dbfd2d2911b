import Foundation
import Plumbing

/// The app's source folder as `--app-source` names it: the files the replay driver compiles, found by name anywhere
/// below it (AristidesAI/Splat-Frame keeps them under `Splat Frame/Services`, `Utilities`, `Models`, `Views/CubeMode`).
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
    /// Each required file: its name and its path below `path`, in `requiredFiles` order.
    package var files: [(name: String, relativePath: String)]
    /// The files' contents, in the same order.
    package var contents: [[UInt8]]

    /// The folder's `requiredFiles`.
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
                guard wanted.contains(name) else { continue }
                found[name, default: []].append(String(url.standardizedFileURL.path.dropFirst(root.path.count + 1)))
            }
        }
        let missing = wanted.filter { found[$0] == nil }
        guard missing.isEmpty else { throw AppReplayError.missingFiles(folder: path, names: missing) }
        files = try wanted.map { name in
            let paths = found[name]!.sorted()
            guard paths.count == 1 else { throw AppReplayError.ambiguousFiles(folder: path, name: name, paths: paths) }
            return (name, paths[0])
        }
        contents = try files.map { try FileContents.read(root.appendingPathComponent($0.relativePath).path) }
    }

    /// FNV-1a 64 over each compiled file's name and bytes: what the replay reports as the code it ran (the cache key
    /// adds the driver's own sources).
    package var hash: String {
        Fingerprint.fnv1a64(files.indices.flatMap { Array(files[$0].name.utf8) + [0] + contents[$0] + [0] })
    }
}
