import Foundation
import Imaging
import Plumbing

/// Where goldens live and the only way they are written.
///
/// Path scheme: a frame name is a relative path of components made of letters, digits, `.`, `_`, `-`,
/// separated by `/` (no empty, `.` or `..` components); its golden is `ROOT/NAME.png` and its sidecar
/// `ROOT/NAME.json`, e.g. `cube/center` → `Tests/Goldens/cube/center.png`.
///
/// Numeric goldens (`NamedNumbers`) are `ROOT/NAME.json`, loaded by `loadNumbers`.
///
/// Record policy: `record` (frames) and `recordNumbers` (numeric goldens) are the only writers. It refuses when the environment variable `CI` is present
/// (any value), writes the sidecar and then the PNG, each atomically (temporary file + rename), so an
/// interrupted record never leaves a partial file; the PNG is written last, so a golden exists only once
/// it is complete. Reading a missing golden is an error that prints the exact command to record it.
public struct GoldenStore: Sendable {
    public var root: String
    /// The command that records `name` (printed when a golden is missing). The store's creator knows how its goldens
    /// are recorded — a suite's `parallax record` (`Remedy` builds it), `expectFrame`'s `swift test` —, the store does not.
    public var recordCommand: @Sendable (String) -> String

    public init(root: String = "Tests/Goldens", recordCommand: @escaping @Sendable (String) -> String) {
        self.root = root
        self.recordCommand = recordCommand
    }

    /// Checks a frame name against the path scheme.
    public static func validate(name: String) throws {
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-")
        let components = name.split(separator: "/", omittingEmptySubsequences: false)
        guard !name.isEmpty, components.allSatisfy({ !$0.isEmpty && $0 != "." && $0 != ".." && $0.allSatisfy(allowed.contains) }) else {
            throw GoldenError.invalidName(name)
        }
    }

    public func imagePath(for name: String) throws -> String {
        try Self.validate(name: name)
        return (root as NSString).appendingPathComponent(name + ".png")
    }

    public func sidecarPath(for name: String) throws -> String {
        try Self.validate(name: name)
        return (root as NSString).appendingPathComponent(name + ".json")
    }

    public func exists(_ name: String) throws -> Bool {
        FileManager.default.fileExists(atPath: try imagePath(for: name))
    }

    /// Loads the golden for `name`; a missing one is `GoldenError.missing` with the record command.
    public func load(_ name: String) throws -> RGBAImage {
        let path = try imagePath(for: name)
        guard FileManager.default.fileExists(atPath: path) else {
            throw GoldenError.missing(name: name, path: path, recordCommand: recordCommand(name))
        }
        return try PNGCodec.read(contentsOf: path)
    }

    /// The sidecar recorded with the golden, or nil when there is none.
    public func sidecar(_ name: String) throws -> GoldenSidecar? {
        let path = try sidecarPath(for: name)
        guard let data = (try? FileContents.read(path)).map({ Data($0) }) else { return nil }
        do {
            return try JSONDecoder().decode(GoldenSidecar.self, from: data)
        } catch {
            throw GoldenError.invalidSidecar(path: path, reason: "\(error)")
        }
    }

    /// The numeric golden `name` (a JSON file of numbers): `ROOT/NAME.json`.
    public func numbersPath(for name: String) throws -> String { try sidecarPath(for: name) }

    /// Loads the numeric golden `name`; a missing one is `GoldenError.missing` with the record command.
    public func loadNumbers(_ name: String) throws -> NamedNumbers {
        let path = try numbersPath(for: name)
        guard FileManager.default.fileExists(atPath: path) else {
            throw GoldenError.missing(name: name, path: path, recordCommand: recordCommand(name))
        }
        return try NamedNumbers(decoding: try FileContents.read(path), path: path)
    }

    /// Records `numbers` as the numeric golden `name`, atomically; refused when `CI` is set. Returns its path.
    @discardableResult
    public func recordNumbers(_ numbers: NamedNumbers, name: String,
                              environment: [String: String] = ProcessInfo.processInfo.environment) throws -> String {
        let path = try numbersPath(for: name)
        if ContinuousIntegration.isActive(in: environment) { throw GoldenError.recordRefusedInCI(name: name) }
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try AtomicFile.write(try numbers.encoded(), to: path)
        return path
    }

    /// Records `image` as the golden for `name` with a sidecar holding `parameters`. Refused when `CI` is set
    /// in `environment`. Returns the PNG path.
    @discardableResult
    public func record(image: RGBAImage, name: String, parameters: GoldenParameters,
                       environment: [String: String] = ProcessInfo.processInfo.environment) throws -> String {
        try record(image: image, name: name, parameters: parameters, environment: environment, beforeRename: nil)
    }

    /// `beforeRename` runs after the PNG's temporary file is complete and before it is renamed into place;
    /// a throw there stands for an interruption (tests).
    func record(image: RGBAImage, name: String, parameters: GoldenParameters, environment: [String: String],
                beforeRename: (() throws -> Void)?) throws -> String {
        let path = try imagePath(for: name)
        if ContinuousIntegration.isActive(in: environment) {
            throw GoldenError.recordRefusedInCI(name: name)
        }
        let directory = (path as NSString).deletingLastPathComponent
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw GoldenError.writeFailed(path: directory, reason: "cannot create directory: \(error.localizedDescription)")
        }
        let sidecar = GoldenSidecar(name: name, image: (path as NSString).lastPathComponent,
                                    width: image.width, height: image.height, parameters: parameters)
        let json = Array(try JSONEncoder.deterministic().encode(sidecar)) + [0x0A]
        let png = try PNGCodec.encode(image, options: .compact)
        try AtomicFile.write(json, to: try sidecarPath(for: name))
        try AtomicFile.write(png, to: path, beforeRename: beforeRename)
        return path
    }
}

/// What produced a golden (stored in its sidecar JSON).
public struct GoldenParameters: Sendable, Equatable, Codable {
    /// Renderer and its mode, e.g. `cube-room` or `splat:inria`.
    public var renderer: String
    /// Scene name or file.
    public var scene: String
    /// Head (eye) position x, y, z in meters, world frame.
    public var headPose: [Double]
    /// Screen model name, e.g. `iPhone 15 Pro`.
    public var screen: String
    /// ParallaxLab version that rendered it.
    public var version: String
    /// Any further parameters (movement scale, clip convention, …), written with sorted keys.
    public var extra: [String: String]

    public init(renderer: String, scene: String, headPose: [Double], screen: String, version: String,
                extra: [String: String] = [:]) {
        self.renderer = renderer; self.scene = scene; self.headPose = headPose
        self.screen = screen; self.version = version; self.extra = extra
    }

    enum CodingKeys: String, CodingKey {
        case renderer, scene, screen, version, extra
        case headPose = "head_pose"
    }
}

/// The sidecar JSON next to each golden (`NAME.json`), schema 1:
/// `{"schema": 1, "name": "cube/center", "image": "center.png", "width": 1179, "height": 2556,
///   "parameters": {"renderer": …, "scene": …, "head_pose": [x, y, z], "screen": …, "version": …, "extra": {…}}}`.
/// No timestamp, so recording the same frame twice gives identical bytes.
public struct GoldenSidecar: Sendable, Equatable, Codable {
    public var schema: Int
    public var name: String
    public var image: String
    public var width: Int
    public var height: Int
    public var parameters: GoldenParameters

    public init(name: String, image: String, width: Int, height: Int, parameters: GoldenParameters) {
        self.schema = 1
        self.name = name; self.image = image; self.width = width; self.height = height; self.parameters = parameters
    }
}

public enum GoldenError: Error, Equatable, CustomStringConvertible {
    case missing(name: String, path: String, recordCommand: String)
    case recordRefusedInCI(name: String)
    case invalidName(String)
    case invalidSidecar(path: String, reason: String)
    case invalidNumbers(path: String)
    case writeFailed(path: String, reason: String)

    public var description: String {
        switch self {
        case let .missing(name, path, command):
            return "golden '\(name)' is missing (expected \(path)); record it with: \(command)"
        case let .recordRefusedInCI(name):
            return "refusing to record golden '\(name)': the environment variable CI is set (goldens are never written in CI; record locally and commit)"
        case let .invalidName(name):
            return "golden name '\(name)': expected a relative path of letters, digits, '.', '_', '-' separated by '/' (no empty, '.' or '..' parts)"
        case let .invalidSidecar(path, reason):
            return "\(path): invalid golden sidecar: \(reason)"
        case let .invalidNumbers(path):
            return "\(path): not a numbers golden (expected a JSON object of numbers)"
        case let .writeFailed(path, reason):
            return "\(path): cannot write: \(reason)"
        }
    }
}
