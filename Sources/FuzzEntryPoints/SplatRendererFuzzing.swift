import Geometry
import Imaging
import Projection
import Splatting

/// The splat renderer on structured input decoded from the fuzzer's bytes: a camera either from the app's
/// projection (screen, movement scale, near, far, z clamp, head) or from explicit matrices (as `--camera`),
/// a frame of 1…48 × 1…48 pixels, 0–4 splats with any float bit patterns (NaN, ±inf, subnormals, zero
/// quaternions, zero or huge scales, opacity outside 0…1), a placement, and either mode.
enum SplatRendererFuzzing {
    static func run(_ bytes: [UInt8]) throws {
        var input = FuzzBytes(bytes)
        let mode: SplatMode = input.flag() ? .metalsplatter : .inria
        let halfPrecision = input.flag()
        let size = try FrameSize(width: input.size(upTo: 48), height: input.size(upTo: 48))
        let camera: SplatCamera
        if input.flag() {
            let view = FuzzGeometry.matrix(&input), projection = FuzzGeometry.matrix(&input)
            let clip: ClipConvention = input.flag() ? .metal : .openGL
            camera = try SplatCamera(view: view, projection: projection, size: size, clip: clip)
        } else {
            let view: OffAxisProjection.ViewMode = input.flag() ? .splat : .translate
            let projection = try FuzzGeometry.projection(&input, view: view)
            let setup = try projection.camera(head: FuzzGeometry.vector(&input))
            camera = try SplatCamera(setup, size: size)
        }
        let count = Int(input.byte() % 5)
        var values: [[Float]] = [[], [], [], [], []]
        for _ in 0..<count {
            for (field, per) in [3, 3, 4, 1, 3].enumerated() {
                for _ in 0..<per { values[field].append(input.float()) }
            }
        }
        let scene = try SplatScene(positions: values[0], scales: values[1], rotations: values[2], opacities: values[3], shDegree: 0, sh: values[4])
        let placement = ScenePlacement(fit: input.flag(), scale: Double(input.float()), rotationDegrees: FuzzGeometry.vector(&input),
                                       translation: FuzzGeometry.vector(&input), flipY: input.flag())
        let model = try placement.modelMatrix(for: scene, screenWidth: 0.07, screenHeight: 0.15)
        let options = SplatRenderOptions(mode: mode, halfPrecision: halfPrecision, tilesPerTask: 1 + Int(input.byte() % 4),
                                         splatsPerChunk: 1 + Int(input.byte() % 3))
        let image = SplatRenderer.render(scene, model: model, camera: camera, options: options)
        precondition(image.width == size.width && image.height == size.height, "the frame has the camera's size")
    }
}

/// Geometry decoded from fuzzer bytes (floats widened to doubles, so every float bit pattern is reachable).
enum FuzzGeometry {
    static func vector(_ input: inout FuzzBytes) -> Vec3 {
        Vec3(Double(input.float()), Double(input.float()), Double(input.float()))
    }

    static func matrix(_ input: inout FuzzBytes) -> Mat4 {
        Mat4(rows: Vec4(Double(input.float()), Double(input.float()), Double(input.float()), Double(input.float())),
             Vec4(Double(input.float()), Double(input.float()), Double(input.float()), Double(input.float())),
             Vec4(Double(input.float()), Double(input.float()), Double(input.float()), Double(input.float())),
             Vec4(Double(input.float()), Double(input.float()), Double(input.float()), Double(input.float())))
    }

    /// The app's off-axis projection with every parameter from the input (its own checks apply).
    static func projection(_ input: inout FuzzBytes, view: OffAxisProjection.ViewMode) throws -> OffAxisProjection {
        let screen = try ScreenModel(name: "fuzz", width: Double(input.float()), height: Double(input.float()))
        let movementScale = Double(input.float()), near = Double(input.float()), far = Double(input.float())
        let zMin: Double? = input.flag() ? nil : Double(input.float())
        let clip: ClipConvention = input.flag() ? .metal : .openGL
        let headFrame: OffAxisProjection.HeadFrame = input.flag() ? .camera : .screen
        return try OffAxisProjection(screen: screen, movementScale: movementScale, near: near, far: far, zMin: zMin,
                                     clip: clip, headFrame: headFrame, view: view)
    }
}
