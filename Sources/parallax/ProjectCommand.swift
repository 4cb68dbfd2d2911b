import ArgumentParser
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

    @OptionGroup var camera: CameraOptions

    @Option(name: .long, help: "View matrix: translate (cube path) or splat (lookAt the point (0,0,-0.25), the splat path).")
    var view: OffAxisProjection.ViewPreset = .translate

    @Flag(name: .long, help: "Print JSON.")
    var json = false

    func run() throws {
        let model = try camera.screenModel()
        let setup = try camera.camera(on: model, view: view)
        if json {
            print(try CameraFile(camera: setup, screen: model).json())
        } else {
            print(setup.text(on: model), terminator: "")
        }
    }
}
