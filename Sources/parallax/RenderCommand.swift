import ArgumentParser
import Foundation
import Geometry
import Imaging
import Projection
import Rendering
import Tracking

struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render reference frames in software (deterministic, device resolution).",
        subcommands: [RenderCubeCommand.self, RenderSplatCommand.self]
    )
}

struct RenderCubeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cube",
        abstract: "Render the app's cube room through the off-axis projection to a PNG.",
        discussion: """
            The room: an opening of W × H at z = 0 and a box D deep behind it, a texture on each of its five \
            inner faces (built-in orientation textures unless --texture is given). Presets: screen (the \
            opening is the screen, depth = its height), app-cube (0.30 × 0.30 m, depth 0.30 m), app-portrait \
            (0.22 × 0.42 m, depth 0.30 m), or W,H,D in meters. --size defaults to the screen's pixels.

            --camera FILE renders from explicit matrices instead ({"width","height","projection","view", \
            "clip"}, as `parallax project --json` prints). --path TRACE.csv renders every N-th sample of a \
            trace (positions as recorded) into the directory given by -o, as frame-00000.png ….

            Examples:
              parallax render cube --screen iphone-15-pro --head 0.02,0.01,0.35 -o frame.png
              parallax render cube --room app-cube --texture back=photo.png --samples 4 -o aa.png
              parallax project --screen iphone-16-pro --head 0,0,0.4 --json > cam.json && parallax render cube --camera cam.json -o f.png
              parallax render cube --path Traces/sway.csv --every 10 --size 295x639 -o frames/
            """
    )

    @OptionGroup var camera: CameraOptions

    @OptionGroup var frame: FrameOutputOptions

    @Option(name: .long, help: "Room: screen, app-cube, app-portrait or W,H,D in meters.")
    var room: String = "screen"

    @Option(name: .long, help: "Face texture FACE=PATH.png (faces: back, left, right, top, bottom); repeatable.")
    var texture: [String] = []

    @Option(name: .long, help: "Supersampling per axis: 1, 2 (2×2) or 4 (4×4).")
    var samples: Int = 1

    @Option(name: .long, help: "Texture filter: bilinear (no mipmaps) or trilinear (mipmapped).")
    var filter: RasterOptions.Filter = .bilinear

    @Flag(name: .long, help: "Filter in linear light (sRGB decode → filter → encode) instead of on encoded values.")
    var linearLight = false


    func validate() throws {
        guard [1, 2, 4].contains(samples) else { throw ValidationError("--samples: expected 1, 2 or 4, found \(samples)") }
    }

    func run() throws {
        let scene = CubeScene(room: try cubeRoom(), images: try faceImages(), mipmaps: filter == .trilinear, linearLight: linearLight)
        var options = RasterOptions(samples: samples, filter: filter, filteringSpace: linearLight ? .linear : .encoded,
                                    background: try frame.backgroundColor())
        if let cameraFile = frame.cameraFile {
            let file = try CameraJSON.load(cameraFile)
            options.depthRange = file.clip == ClipConvention.metal.rawValue ? .zeroToOne : .negativeOneToOne
            let image: RGBAImage
            do {
                image = try scene.renderValidated(clipFromWorld: file.clipFromWorld, width: file.width, height: file.height, options: options)
            } catch {
                throw InputError("\(cameraFile): \(error)")
            }
            try PNGCodec.write(image, to: frame.output)
            return
        }
        let projection = try camera.projection(view: .translate)
        options.depthRange = projection.clip == .metal ? .zeroToOne : .negativeOneToOne
        let (width, height) = try frame.frameSize(projection.screen)
        if let path = frame.path {
            let trace = try TraceCSVReader.read(contentsOf: path)
            try FileManager.default.createDirectory(atPath: frame.output, withIntermediateDirectories: true)
            // Check every pose first, so a bad sample fails before any file is written.
            let indices = Array(stride(from: 0, to: trace.count, by: frame.every))
            let setups = try indices.map { try projection.cameraSetup(head: trace.samples[$0].position, what: "\(path): sample \($0 + 1)") }
            // Encode frame k (one core) while frame k + 1 renders (all cores); at most two frames in flight.
            let encoder = PNGPipeline()
            for (index, setup) in zip(indices, setups) {
                let image = try scene.renderValidated(clipFromWorld: setup.viewProjection, width: width, height: height, options: options)
                try encoder.write(image, to: frame.sequencePath(index))
            }
            try encoder.finish()
            return
        }
        let setup = try projection.cameraSetup(head: try camera.headPosition(), what: "--head")
        let image = try scene.renderValidated(clipFromWorld: setup.viewProjection, width: width, height: height, options: options)
        try PNGCodec.write(image, to: frame.output)
    }

    private func cubeRoom() throws -> CubeRoom {
        switch room {
        case "screen":
            let screen = try camera.screenModel()
            return .screen(width: screen.width, height: screen.height)
        case "app-cube": return .appCube
        case "app-portrait": return .appPortrait
        default:
            let parts = room.split(separator: ",").map { Double($0.trimmingCharacters(in: .whitespaces)) }
            guard parts.count == 3, let w = parts[0], let h = parts[1], let d = parts[2], w > 0, h > 0, d > 0, w.isFinite, h.isFinite, d.isFinite else {
                throw InputError("--room: expected screen, app-cube, app-portrait or W,H,D (three positive sizes in meters), found '\(room)'")
            }
            return CubeRoom(width: w, height: h, depth: d)
        }
    }

    private func faceImages() throws -> [CubeRoom.Face: RGBAImage] {
        var images: [CubeRoom.Face: RGBAImage] = [:]
        for entry in texture {
            let parts = entry.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2, let face = CubeRoom.Face(rawValue: parts[0]) else {
                throw InputError("--texture: expected FACE=PATH with FACE one of \(CubeRoom.Face.allCases.map(\.rawValue).joined(separator: ", ")), found '\(entry)'")
            }
            images[face] = try PNGCodec.read(contentsOf: parts[1])
        }
        return images
    }

}

extension RasterOptions.Filter: ExpressibleByArgument {}

/// Writes PNGs on a background queue, one at a time, so encoding overlaps the next render. The first error
/// is reported by the next `write` or by `finish`.
final class PNGPipeline: @unchecked Sendable {
    private let queue = DispatchQueue(label: "parallax.png-writer")
    private let slots = DispatchSemaphore(value: 2)
    private let lock = NSLock()
    private var failure: Error?

    func write(_ image: RGBAImage, to path: String) throws {
        try check()
        slots.wait()
        queue.async {
            defer { self.slots.signal() }
            do { try PNGCodec.write(image, to: path, options: PNGWriteOptions(channels: .rgb)) } catch {
                self.lock.lock()
                if self.failure == nil { self.failure = error }
                self.lock.unlock()
            }
        }
    }

    func finish() throws {
        queue.sync {}
        try check()
    }

    private func check() throws {
        lock.lock()
        defer { lock.unlock() }
        if let failure { throw failure }
    }
}
