import ArgumentParser
import Foundation
import Geometry
import Projection

struct ProjectCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "project",
        abstract: "Print the app's off-axis projection for one head position (eye, frustum, matrices).",
        discussion: """
            The app's construction: eye = (s·hx, s·hy, max(zMin, hz)), k = n/ez, l/r/b/t from the screen \
            edges, projection = glFrustum(l, r, b, t, n, f), view = translate(−eye). World frame: screen \
            centre at the origin, +x right, +y up, +z toward the viewer; meters. Matrices act on column \
            vectors; JSON lists them row-major as nested arrays ("projection", "view"), with "eye", \
            "frustum", "clip" and the screen's pixel "width" and "height": the input of the renderers' \
            --camera.

            Screens: an iPhone by name ('iPhone 16 Pro'), slug (iphone-16-pro) or identifier (iPhone17,1); \
            the app's own (wrong) size table with --screen-source app-table or the prefix app-table:; or a \
            custom portrait size WxH in meters, optionally with pixels: 0.065x0.141@1170x2532.

            Examples:
              parallax project --screen iphone-16-pro --head 0.02,-0.01,0.35 --movement-scale 1.5 --json
              parallax project --screen iPhone17,1 --head 0,0,0.4 --clip metal --view splat
              parallax project --screen 0.065x0.141 --head 0.01,0,0.3 --no-clamp
            """
    )

    @Option(name: .long, help: "Screen: iPhone name, slug or identifier, or WxH[@PWxPH] in meters.")
    var screen: String

    @Option(name: .long, help: "Screen size source: display-table (true active area) or app-table (the app's).")
    var screenSource: ScreenModel.Source = .displayTable

    @Option(name: .long, help: "portrait, landscape-left (camera left) or landscape-right.")
    var orientation: ScreenModel.Orientation = .portrait

    @Option(name: .long, help: "Head position x,y,z in meters.")
    var head: String

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

    @Option(name: .long, help: "View matrix: translate (cube path) or splat (lookAt the point (0,0,-0.25), the splat path).")
    var view: ViewChoice = .translate

    @Flag(name: .long, help: "Print JSON.")
    var json = false

    enum ViewChoice: String, ExpressibleByArgument, CaseIterable {
        case translate, splat
    }

    func run() throws {
        do {
            let model = try ScreenModel.parse(screen, source: screenSource, orientation: orientation)
            let projection = try OffAxisProjection(
                screen: model, movementScale: movementScale, near: near, far: far, zMin: noClamp ? nil : zMin,
                clip: clip, headFrame: headFrame, view: view == .splat ? .splat : .translate)
            let camera = try projection.camera(head: try parseHead())
            if json {
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
                let output = CameraJSON(camera: camera, screen: model)
                print(String(decoding: try encoder.encode(output), as: UTF8.self))
            } else {
                printText(camera, model)
            }
        } catch let error as ProjectionError {
            throw InputError(error.description)
        }
    }

    private func parseHead() throws -> Vec3 {
        let parts = head.split(separator: ",", omittingEmptySubsequences: false).map { Double($0.trimmingCharacters(in: .whitespaces)) }
        guard parts.count == 3, let x = parts[0], let y = parts[1], let z = parts[2] else {
            throw InputError("--head: expected x,y,z (three numbers in meters), found '\(head)'")
        }
        let v = Vec3(x, y, z)
        guard v.isFinite else { throw InputError("--head: expected finite x,y,z in meters, found '\(head)'") }
        return v
    }

    private func printText(_ camera: CameraSetup, _ model: ScreenModel) {
        func g(_ v: Double) -> String { String(format: "%.10g", v) }
        let f = camera.frustum
        print("screen: \(model.name), \(g(model.width * 1000)) x \(g(model.height * 1000)) mm, \(model.pixelWidth) x \(model.pixelHeight) px, \(model.orientation.rawValue)")
        print("camera offset: (\(g(model.cameraOffset.x)), \(g(model.cameraOffset.y)), \(g(model.cameraOffset.z))) m (\(model.cameraOffsetQuality.rawValue))")
        print("eye: (\(g(camera.eye.x)), \(g(camera.eye.y)), \(g(camera.eye.z))) m")
        print("frustum: l \(g(f.left))  r \(g(f.right))  b \(g(f.bottom))  t \(g(f.top))  n \(g(f.near))  f \(g(f.far))")
        print("clip: \(camera.clip.rawValue)")
        for (name, m) in [("projection", camera.projection), ("view", camera.view)] {
            print("\(name):")
            for row in m.rowArrays { print("  " + row.map { String(format: "%16.10g", $0) }.joined(separator: " ")) }
        }
    }
}

/// `parallax project --json`: the input of the renderers' `--camera`.
struct CameraJSON: Codable {
    struct FrustumJSON: Codable {
        var left, right, bottom, top, near, far: Double
    }

    var clip: String
    var eye: [Double]
    var frustum: FrustumJSON
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
}

extension ScreenModel.Source: ExpressibleByArgument {}
extension ScreenModel.Orientation: ExpressibleByArgument {}
extension ClipConvention: ExpressibleByArgument {}
extension OffAxisProjection.HeadFrame: ExpressibleByArgument {}
