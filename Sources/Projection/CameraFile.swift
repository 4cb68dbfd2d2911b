import Foundation
import Geometry
import Plumbing
import Vocabulary

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
        let encoder = JSONEncoder.deterministic()
        return String(decoding: try encoder.encode(self), as: UTF8.self)
    }

    /// Reads and checks a camera file; every problem names the file and the field.
    public static func load(_ path: String) throws -> CameraFile {
        guard let data = (try? FileContents.read(path)).map({ Data($0) }) else {
            throw FieldError(FieldPath(), expected: "a readable camera file", found: "nothing to read", file: path)
        }
        return try decode(data, name: path)
    }

    /// Decodes and checks a camera file's bytes; errors name `path` as their file.
    public static func decode(_ data: Data, name path: String) throws -> CameraFile {
        let form = "{\"width\", \"height\", \"projection\", \"view\", \"clip\"} as printed by `parallax project --json`"
        let camera: CameraFile
        do {
            camera = try JSONDecoder().decode(CameraFile.self, from: data)
        } catch let error as DecodingError {
            throw FieldError(FieldPath(), expected: form, found: "a field that does not decode (\(error.fieldDescription))", file: path)
        } catch {
            throw FieldError(FieldPath(), expected: form, found: "text that is not JSON (\(error))", file: path)
        }
        guard camera.width > 0, camera.height > 0, camera.width <= 16_384, camera.height <= 16_384 else {
            throw FieldError("width/height", expected: "1…16384 pixels", found: "\(camera.width)x\(camera.height)", file: path)
        }
        guard ClipConvention(rawValue: camera.clip) != nil else {
            throw FieldError("clip", expected: ClipConvention.allCases.map(\.rawValue).joined(separator: " or "), found: "'\(camera.clip)'", file: path)
        }
        for (name, rows) in [("projection", camera.projection), ("view", camera.view)] {
            guard Mat4(rowArrays: rows) != nil, rows.allSatisfy({ $0.allSatisfy(\.isFinite) }) else {
                throw FieldError(name, expected: "4 rows of 4 finite numbers", found: Mat4(rowArrays: rows) == nil
                                 ? "\(rows.count) rows of \(rows.map { String($0.count) }.joined(separator: ", ")) numbers" : "a number that is not finite",
                                 file: path)
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
