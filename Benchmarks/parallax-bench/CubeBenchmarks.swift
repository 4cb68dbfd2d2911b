// Cube-room frames against Mesa's llvmpipe (software OpenGL), supersampling and PNG sequences.
import Foundation
import Geometry
import Imaging
import Plumbing
import Projection
import Rendering
import Tracking
import Scenes

/// Median wall time in seconds of `repetitions` runs of `body`.
func medianSeconds(repetitions: Int, _ body: () throws -> Void) rethrows -> Double {
    var times: [Double] = []
    for _ in 0..<repetitions {
        let start = DispatchTime.now().uptimeNanoseconds
        try body()
        times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
    }
    return times.sorted()[times.count / 2]
}

/// What llvmpipe reported for the same frame (Benchmarks/llvmpipe/cube_llvmpipe.py).
struct LlvmpipeTiming: Decodable {
    var renderer: String
    var render_median_s: Double
    var readback_median_s: Double
    var total_median_s: Double
}

/// Writes the scene as `cube_llvmpipe.py` reads it (clip-space triangles, raw RGBA textures), runs the script
/// and returns its timings and frame; nil with the reason printed when Python, moderngl or EGL is missing.
func runLlvmpipe(triangles: [ClipTriangle], textures: [RGBAImage], width: Int, height: Int, repetitions: Int,
                 directory: URL) throws -> (timing: LlvmpipeTiming, frame: [UInt8])? {
    let script = ProcessInfo.processInfo.environment["PARALLAX_LLVMPIPE_SCRIPT"] ?? "Benchmarks/llvmpipe/cube_llvmpipe.py"
    guard FileManager.default.fileExists(atPath: script) else {
        print("  llvmpipe: skipped (no \(script); run from the package root or set PARALLAX_LLVMPIPE_SCRIPT)")
        return nil
    }
    var textureEntries: [[String: Any]] = []
    for (index, image) in textures.enumerated() {
        let name = "texture-\(index).rgba"
        try AtomicFile.write(image.pixels, to: directory.appendingPathComponent(name).path)
        textureEntries.append(["width": image.width, "height": image.height, "rgba": name])
    }
    let rows: [[Double]] = triangles.map { t in
        [Double(t.texture)] + [t.a, t.b, t.c].flatMap { [$0.x, $0.y, $0.z, $0.w, $0.u, $0.v] }
    }
    let scene: [String: Any] = ["width": width, "height": height, "background": [0, 0, 0, 255],
                                "triangles": rows, "textures": textureEntries]
    let scenePath = directory.appendingPathComponent("llvmpipe-scene.json").path
    try AtomicFile.write([UInt8](try JSONSerialization.data(withJSONObject: scene)), to: scenePath)
    let framePath = directory.appendingPathComponent("llvmpipe-frame.rgba").path
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", script, scenePath, "--repetitions", "\(repetitions)", "--frame", framePath]
    let output = Pipe(), errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    let errorText = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    guard process.terminationStatus == 0, let line = String(decoding: data, as: UTF8.self).split(separator: "\n").last else {
        print("  llvmpipe: skipped (script failed: \(errorText.split(separator: "\n").last ?? "no output"); `make bench-llvmpipe` installs moderngl)")
        return nil
    }
    let timing = try JSONDecoder().decode(LlvmpipeTiming.self, from: Data(line.utf8))
    return (timing, [UInt8](try Data(contentsOf: URL(fileURLWithPath: framePath))))
}

/// Share of pixels whose channels differ by more than `tolerance` (the two renderers' agreement).
func fractionDiffering(_ a: [UInt8], _ b: [UInt8], tolerance: Int) -> Double {
    guard a.count == b.count, !a.isEmpty else { return 1 }
    var differing = 0
    for pixel in 0..<(a.count / 4) {
        for c in 0..<3 where abs(Int(a[4 * pixel + c]) - Int(b[4 * pixel + c])) > tolerance {
            differing += 1
            break
        }
    }
    return Double(differing) / Double(a.count / 4)
}

/// The cube benchmarks at iPhone 15 Pro resolution, head off-centre: one frame into memory beside llvmpipe,
/// supersampling 1/2/4 per axis, and a 100-frame `--path`-style PNG sequence.
func cubeBenchmarks(directory: URL, selected: (String) -> Bool) throws {
    let screen = try ScreenModel.device("iphone-15-pro")
    let projection = try OffAxisProjection(screen: screen)
    let camera = try projection.camera(head: Vec3(0.02, 0.01, 0.35))
    let scene = CubeScene(room: .screen(width: screen.width, height: screen.height))
    let width = screen.pixelWidth, height = screen.pixelHeight

    if selected("render cube vs llvmpipe") {
        let triangles = scene.room.clipTriangles(clipFromWorld: camera.viewProjection)
        let ours = medianSeconds(repetitions: 15) {
            _ = scene.render(clipFromWorld: camera.viewProjection, width: width, height: height)
        }
        print(String(format: "%-46@ median %.4f s", "cube 1179×2556 bilinear, ours (into memory)" as NSString, ours))
        let images = CubeRoom.Face.allCases.map { DefaultFaceTextures.texture(for: $0) }
        if let (timing, frame) = try runLlvmpipe(triangles: triangles, textures: images, width: width, height: height,
                                                 repetitions: 15, directory: directory) {
            print(String(format: "%-46@ median %.4f s  (render %.4f + read-back %.4f)", "cube 1179×2556 bilinear, llvmpipe" as NSString,
                         timing.total_median_s, timing.render_median_s, timing.readback_median_s))
            print(String(format: "  ratio ours / llvmpipe (render + read-back): %.2f×; / llvmpipe render only: %.2f×  [%@]",
                         ours / timing.total_median_s, ours / timing.render_median_s, timing.renderer))
            let reference = scene.render(clipFromWorld: camera.viewProjection, width: width, height: height)
            print(String(format: "  same scene check: %.4f %% of pixels differ by more than 2 from llvmpipe's",
                         100 * fractionDiffering(reference.pixels, frame, tolerance: 2)))
        }
    }

    if selected("render cube supersampling") {
        // At half resolution per axis (590×1278), so the 4×4 float buffer stays moderate.
        let w = width / 2, h = height / 2
        var single = 0.0
        for samples in [1, 2, 4] {
            let options = RasterOptions(samples: samples)
            let time = medianSeconds(repetitions: samples == 4 ? 5 : 9) {
                _ = scene.render(clipFromWorld: camera.viewProjection, width: w, height: h, options: options)
            }
            if samples == 1 { single = time }
            print(String(format: "%-46@ median %.4f s  (%.2f× of 1 sample for %d× the samples)",
                         "cube \(w)×\(h) supersampled \(samples)×\(samples)" as NSString, time, time / single, samples * samples))
        }
    }

    if selected("render cube PNG") {
        // One frame's encoding with each candidate zlib level / row filter (RGB, as sequences are written).
        let frame = scene.render(clipFromWorld: camera.viewProjection, width: width, height: height)
        for (level, filters, name) in [(1, PNGWriteOptions.Filters.sub, "sub"), (1, .up, "up"), (1, .none, "none"),
                                       (1, .paeth, "paeth"), (2, .up, "up"), (6, .up, "up")] {
            let options = PNGWriteOptions(channels: .rgb, compressionLevel: level, filters: filters)
            var size = 0
            let time = try medianSeconds(repetitions: 5) { size = try PNGCodec.encode(frame, options: options).count }
            print(String(format: "%-46@ median %.4f s  (%.2f MB)", "cube PNG encode level \(level), \(name)" as NSString, time, Double(size) / 1e6))
        }
    }

    if selected("render cube sequence") {
        // 100 poses along a sway, written as numbered PNGs: what `render cube --path` does (Scenes.FrameSequence).
        let samples = (0..<100).map { k -> HeadSample in
            let phase = Double(k) / 100 * 2 * Double.pi
            return HeadSample(t: Double(k) / 60, position: Vec3(0.04 * sin(phase), 0.01 * cos(phase), 0.35))
        }
        let output = directory.appendingPathComponent("sequence").path
        let cubeScene = try SceneRenderer(.cube(SceneSource.CubeSettings()), screen: projection.screen)
        let time = try medianSeconds(repetitions: 3) {
            try FrameSequence(trace: HeadTrace(samples: samples), traceName: "sway", every: 1)
                .render(cubeScene, projection: projection, size: try FrameSize(of: screen), into: output)
        }
        let paths = (0..<100).map { FrameSequence.path(of: $0, in: output) }
        let bytes = paths.reduce(0) { $0 + ((try? FileManager.default.attributesOfItem(atPath: $1)[.size] as? Int) ?? 0) }
        print(String(format: "%-46@ median %.3f s  (%.1f ms per frame, %.1f MB of PNG)",
                     "cube sequence 100 × 1179×2556 → PNG" as NSString, time, time * 10, Double(bytes) / 1e6))
    }
}
