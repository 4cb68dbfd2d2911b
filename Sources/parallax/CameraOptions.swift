import ArgumentParser
import Foundation
import Geometry
import Projection
import Rendering

/// The options that place the eye and build the app's off-axis camera, shared by `project` and `render`.
struct CameraOptions: ParsableArguments {
    @Option(name: .long, help: "Screen: iPhone name, slug or identifier, or WxH[@PWxPH] in meters.")
    var screen: String = "iphone-15-pro"

    @Option(name: .long, help: "Screen size source: display-table (true active area) or app-table (the app's).")
    var screenSource: ScreenModel.Source = .displayTable

    @Option(name: .long, help: "portrait, landscape-left (camera left) or landscape-right.")
    var orientation: ScreenModel.Orientation = .portrait

    @Option(name: .long, help: "Head position x,y,z in meters.")
    var head: String = "0,0,0.35"

    @Option(name: .long, help: "Movement scale s applied to head x and y (default 1.5, the app's).")
    var movementScale: Double = 1.5

    @Option(name: .long, help: "Near plane in meters.")
    var near: Double = 0.001

    @Option(name: .long, help: "Far plane in meters.")
    var far: Double = 10

    @Option(name: .long, help: "Clamp the eye's z to at least this many meters.")
    var zMin: Double = 0.1

    @Flag(name: .long, help: "No z clamp: an eye at or behind the screen plane is an error.")
    var noClamp = false

    @Option(name: .long, help: "Clip depth convention: opengl (z in [-1, 1], the app's) or metal (z in [0, 1]).")
    var clip: ClipConvention = .openGL

    @Option(name: .long, help: "Head positions are screen-relative (as the app uses them) or camera-relative (camera offset applied).")
    var headFrame: OffAxisProjection.HeadFrame = .screen

    enum ViewChoice: String, ExpressibleByArgument, CaseIterable {
        case translate, splat
    }

    func screenModel() throws -> ScreenModel {
        do {
            return try ScreenModel.parse(screen, source: screenSource, orientation: orientation)
        } catch let error as ProjectionError {
            throw InputError(error.description)
        }
    }

    func projection(view: ViewChoice) throws -> OffAxisProjection {
        do {
            return try OffAxisProjection(
                screen: try screenModel(), movementScale: movementScale, near: near, far: far, zMin: noClamp ? nil : zMin,
                clip: clip, headFrame: headFrame, view: view == .splat ? .splat : .translate)
        } catch let error as ProjectionError {
            throw InputError(error.description)
        }
    }

    func headPosition() throws -> Vec3 {
        try Self.vector(head, option: "--head")
    }

    static func vector(_ text: String, option: String) throws -> Vec3 {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false).map { Double($0.trimmingCharacters(in: .whitespaces)) }
        guard parts.count == 3, let x = parts[0], let y = parts[1], let z = parts[2], Vec3(x, y, z).isFinite else {
            throw InputError("\(option): expected x,y,z (three finite numbers in meters), found '\(text)'")
        }
        return Vec3(x, y, z)
    }
}

/// `parallax project --json`, and the `--camera` input of the renderers: matrices row-major as nested arrays.
struct CameraJSON: Codable {
    struct FrustumJSON: Codable {
        var left, right, bottom, top, near, far: Double
    }

    var clip: String
    var eye: [Double]?
    var frustum: FrustumJSON?
    var projection: [[Double]]
    var view: [[Double]]
    var width: Int
    var height: Int

    init(camera: CameraSetup, screen: ScreenModel) {
        clip = camera.clip.rawValue
        eye = [camera.eye.x, camera.eye.y, camera.eye.z]
        let f = camera.frustum
        frustum = FrustumJSON(left: f.left, right: f.right, bottom: f.bottom, top: f.top, near: f.near, far: f.far)
        projection = camera.projection.rowArrays
        view = camera.view.rowArrays
        width = screen.pixelWidth
        height = screen.pixelHeight
    }

    /// Reads a camera file; every problem names the file and the field.
    static func load(_ path: String) throws -> CameraJSON {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw InputError("\(path): cannot read the camera file")
        }
        let camera: CameraJSON
        do {
            camera = try JSONDecoder().decode(CameraJSON.self, from: data)
        } catch let error as DecodingError {
            throw InputError("\(path): \(describe(error)); expected {\"width\", \"height\", \"projection\", \"view\", \"clip\"} as printed by `parallax project --json`")
        }
        do {
            try FrameLimits.check(width: camera.width, height: camera.height)
        } catch {
            throw InputError("\(path): width/height: \(error.description)")
        }
        guard ClipConvention(rawValue: camera.clip) != nil else {
            throw InputError("\(path): clip: expected \(ClipConvention.allCases.map(\.rawValue).joined(separator: " or ")), found '\(camera.clip)'")
        }
        for (name, rows) in [("projection", camera.projection), ("view", camera.view)] {
            guard Mat4(rowArrays: rows) != nil, rows.allSatisfy({ $0.allSatisfy(\.isFinite) }) else {
                throw InputError("\(path): \(name): expected 4 rows of 4 finite numbers")
            }
        }
        return camera
    }

    var clipFromWorld: Mat4 { Mat4(rowArrays: projection)! * Mat4(rowArrays: view)! }

    private static func describe(_ error: DecodingError) -> String {
        switch error {
        case .keyNotFound(let key, _): return "missing '\(key.stringValue)'"
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
            let field = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
            return "\(field.isEmpty ? "JSON" : String(field.drop { $0 == "." })): \(context.debugDescription)"
        @unknown default: return "\(error)"
        }
    }
}

extension ScreenModel.Source: ExpressibleByArgument {}
extension ScreenModel.Orientation: ExpressibleByArgument {}
extension ClipConvention: ExpressibleByArgument {}
extension OffAxisProjection.HeadFrame: ExpressibleByArgument {}
