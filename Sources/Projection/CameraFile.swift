import Foundation
import Geometry
import Plumbing

/// The camera file: what `parallax project --json` prints and what the renderers' `--camera` reads.
/// Matrices act on column vectors and are stored row-major as nested arrays; `width` and `height` are the
/// frame's pixels (the screen's by default).
///
/// ```json
/// {"clip": "opengl", "eye": [x, y, z], "frustum": {"left": …, …}, "height": 2556,
///  "projection": [[…], …], "view": [[…], …], "width": 1179}
/// ```
public struct CameraFile: Codable, Sendable {
    public struct FrustumValues: Codable, Sendable {
        public var left, right, bottom, top, near, far: Double
    }

    public var clip: String
    public var eye: [Double]?
    public var frustum: FrustumValues?
    public var projection: [[Double]]
    public var view: [[Double]]
    public var width: Int
    public var height: Int

    public init(camera: CameraSetup, screen: ScreenModel) {
        clip = camera.clip.rawValue
        eye = [camera.eye.x, camera.eye.y, camera.eye.z]
        let f = camera.frustum
        frustum = FrustumValues(left: f.left, right: f.right, bottom: f.bottom, top: f.top, near: f.near, far: f.far)
        projection = camera.projection.rowArrays
        view = camera.view.rowArrays
        width = screen.pixelWidth
        height = screen.pixelHeight
    }

    /// The file's JSON (sorted keys, pretty-printed) as `parallax project --json` prints it.
    public func json() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(self), as: UTF8.self)
    }

    /// Reads and checks a camera file; every problem names the file and the field.
    public static func load(_ path: String) throws -> CameraFile {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw CameraFileError("\(path): cannot read the camera file")
        }
        return try decode(data, name: path)
    }

    /// Decodes and checks a camera file's bytes; errors start with `name`.
    public static func decode(_ data: Data, name path: String) throws -> CameraFile {
        let camera: CameraFile
        do {
            camera = try JSONDecoder().decode(CameraFile.self, from: data)
        } catch let error as DecodingError {
            throw CameraFileError("\(path): \(error.fieldDescription); expected {\"width\", \"height\", \"projection\", \"view\", \"clip\"} as printed by `parallax project --json`")
        } catch {
            throw CameraFileError("\(path): not JSON: \(error)")
        }
        guard camera.width > 0, camera.height > 0, camera.width <= 16_384, camera.height <= 16_384 else {
            throw CameraFileError("\(path): width/height: expected 1…16384 pixels, found \(camera.width)x\(camera.height)")
        }
        guard ClipConvention(rawValue: camera.clip) != nil else {
            throw CameraFileError("\(path): clip: expected \(ClipConvention.allCases.map(\.rawValue).joined(separator: " or ")), found '\(camera.clip)'")
        }
        for (name, rows) in [("projection", camera.projection), ("view", camera.view)] {
            guard Mat4(rowArrays: rows) != nil, rows.allSatisfy({ $0.allSatisfy(\.isFinite) }) else {
                throw CameraFileError("\(path): \(name): expected 4 rows of 4 finite numbers")
            }
        }
        return camera
    }

    /// Valid after `load` (checked there).
    public var clipConvention: ClipConvention { ClipConvention(rawValue: clip)! }
    public var projectionMatrix: Mat4 { Mat4(rowArrays: projection)! }
    public var viewMatrix: Mat4 { Mat4(rowArrays: view)! }
    public var clipFromWorld: Mat4 { projectionMatrix * viewMatrix }
}

/// A camera file that cannot be used (exit 2).
public struct CameraFileError: Error, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}
