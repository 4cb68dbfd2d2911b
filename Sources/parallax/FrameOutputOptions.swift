import ArgumentParser
import Foundation
import Geometry
import Imaging
import Projection
import Rendering

/// The output options every renderer shares: frame size, background, an explicit camera file, a trace path
/// to render as a sequence, and where the PNGs go.
struct FrameOutputOptions: ParsableArguments {
    @Option(name: .long, help: "Frame size WxH in pixels (default: the screen's pixels).")
    var size: String?

    @Option(name: .long, help: "Background colour r,g,b (0–255).")
    var background: String = "0,0,0"

    @Option(name: .customLong("camera"), help: "Camera file (JSON from `parallax project --json`) instead of screen/head options.")
    var cameraFile: String?

    @Option(name: .long, help: "Render a sequence from a trace CSV's samples.")
    var path: String?

    @Option(name: .long, help: "With --path: every N-th sample.")
    var every: Int = 1

    @Option(name: [.short, .long], help: "Output PNG (a directory with --path).")
    var output: String

    func validate() throws {
        guard every >= 1 else { throw ValidationError("--every: expected a whole number ≥ 1, found \(every)") }
        if cameraFile != nil && path != nil { throw ValidationError("give either --camera or --path, not both") }
    }

    func frameSize(_ screen: ScreenModel) throws -> (Int, Int) {
        guard let size else {
            do {
                try FrameLimits.check(width: screen.pixelWidth, height: screen.pixelHeight)
            } catch {
                throw InputError("--screen: pixel size as the frame size: \(error.description); give --size")
            }
            return (screen.pixelWidth, screen.pixelHeight)
        }
        let parts = size.lowercased().split(separator: "x").map { Int($0) }
        guard parts.count == 2, let w = parts[0], let h = parts[1], (try? FrameLimits.check(width: w, height: h)) != nil else {
            throw InputError("--size: expected WxH in pixels, 1…\(FrameLimits.maximumSide) each and at most \(FrameLimits.maximumPixels) pixels, found '\(size)'")
        }
        return (w, h)
    }

    func backgroundColor() throws -> RGBA {
        let parts = background.split(separator: ",").map { UInt8($0.trimmingCharacters(in: .whitespaces)) }
        guard parts.count == 3, let r = parts[0], let g = parts[1], let b = parts[2] else {
            throw InputError("--background: expected r,g,b with each 0–255, found '\(background)'")
        }
        return RGBA(r, g, b)
    }

    /// The file of frame `index` of a `--path` sequence.
    func sequencePath(_ index: Int) -> String {
        (output as NSString).appendingPathComponent(String(format: "frame-%05d.png", index))
    }
}

extension OffAxisProjection {
    /// The camera for one head position; bad geometry is bad input naming where the head came from.
    func cameraSetup(head: Vec3, what: String) throws -> CameraSetup {
        do {
            return try camera(head: head)
        } catch let error as ProjectionError {
            throw InputError("\(what): \(error.description)")
        }
    }
}
