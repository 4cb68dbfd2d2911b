import ArgumentParser
import Geometry
import Projection
import Vocabulary

/// The options that place the eye and build the app's off-axis camera, shared by `project` and `render`.
struct CameraOptions: ParsableArguments {
    @Option(name: .long, help: "Screen: iPhone name, slug or identifier, or WxH[@PWxPH] in meters.")
    var screen: String = AppDefaults.screen

    @Option(name: .long, help: "Screen size source: display-table (true active area) or app-table (the app's).")
    var screenSource: ScreenModel.Source = .displayTable

    @Option(name: .long, help: "portrait, landscape-left (camera left) or landscape-right.")
    var orientation: ScreenModel.Orientation = .portrait

    @Option(name: .long, help: "Head position x,y,z in meters. (default: 0,0,0.35)", transform: Vec3.init(parsing:))
    var head = Vec3(0, 0, 0.35)

    @Option(name: .long, help: "Movement scale s applied to head x and y (the app's by default).")
    var movementScale: Double = AppDefaults.movementScale

    @Option(name: .long, help: "Near plane in meters.")
    var near: Double = AppDefaults.near

    @Option(name: .long, help: "Far plane in meters.")
    var far: Double = AppDefaults.far

    @Option(name: .long, help: "Clamp the eye's z to at least this many meters.")
    var zMin: Double = AppDefaults.zMin

    @Flag(name: .long, help: "No z clamp: an eye at or behind the screen plane is an error.")
    var noClamp = false

    @Option(name: .long, help: "Clip depth convention: opengl (z in [-1, 1], the app's) or metal (z in [0, 1]).")
    var clip: ClipConvention = .openGL

    @Option(name: .long, help: "Head positions are screen-relative (as the app uses them) or camera-relative (camera offset applied).")
    var headFrame: OffAxisProjection.HeadFrame = .screen

    /// The screen `--screen`, `--screen-source` and `--orientation` name: a command parses it once and passes it on.
    /// Parsed here rather than by argument-parser: the three flags make one screen, and argument-parser's message
    /// would not be the `--screen: …` one.
    func screenModel() throws -> ScreenModel {
        do { return try ScreenModel.parse(screen, source: screenSource, orientation: orientation) } catch let error as FieldError {
            throw error.naming(flags: ["screen": "--screen"])
        }
    }

    func projection(on screen: ScreenModel, view: OffAxisProjection.ViewPreset) throws -> OffAxisProjection {
        try OffAxisProjection(screen: screen, movementScale: movementScale, near: near, far: far,
                              zMin: noClamp ? nil : zMin, clip: clip, headFrame: headFrame, view: view.mode)
    }

    /// The camera for `--head`.
    func camera(on screen: ScreenModel, view: OffAxisProjection.ViewPreset) throws -> CameraSetup {
        try projection(on: screen, view: view).camera(head: head)
    }
}

extension ScreenModel.Source: ExpressibleByArgument {}
extension ScreenModel.Orientation: ExpressibleByArgument {}
extension ClipConvention: ExpressibleByArgument {}
extension OffAxisProjection.HeadFrame: ExpressibleByArgument {}
extension OffAxisProjection.ViewPreset: ExpressibleByArgument {}
