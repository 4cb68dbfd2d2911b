import Foundation
import ParallaxTestSupport
import Testing
@testable import Splatting

@Suite struct FormatTests {
    func temporary(_ name: String) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("splat-\(UUID().uuidString)-\(name)").path
    }

    @Test func plyRoundTripsEveryDegree() throws {
        for degree in 0...3 {
            let scene = SyntheticScene.make(count: 50, seed: UInt64(degree + 1), shDegree: degree)
            let back = try PLYReader.decode(PLYWriter.encode(scene), name: "mem.ply")
            #expect(back.shDegree == degree)
            expectClose(back.positions, scene.positions, within: .absolute(0), "positions")
            expectClose(back.sh, scene.sh, within: .absolute(0), "sh (channel-major on disk)")
            expectClose(back.rotations, scene.rotations, within: .absolute(1e-6), "rotations")
            expectClose(back.scales, scene.scales, within: .absolute(1e-6), "scales")
            expectClose(back.opacities, scene.opacities, within: .absolute(1e-6), "opacities")
        }
    }

    @Test func splatRoundTripWithinQuantisation() throws {
        let scene = SyntheticScene.make(count: 200, seed: 9, shDegree: 0)
        let path = temporary("a.splat"), plyPath = temporary("b.ply")
        defer { try? FileManager.default.removeItem(atPath: path); try? FileManager.default.removeItem(atPath: plyPath) }
        try SceneFile.write(scene, to: path)
        #expect((try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) == 200 * 32)
        let back = try SceneFile.load(path)
        expectClose(back.positions, scene.positions, within: .absolute(0), "positions")
        expectClose(back.scales, scene.scales, within: .absolute(0), "scales")
        expectClose(back.opacities, scene.opacities, within: .absolute(0.5 / 255 + 1e-6), "opacities")
        let colors = { (s: SplatScene) in s.sh.map { SplatScene.color(dc: $0) } }
        expectClose(colors(back), colors(scene).map { min(max($0, 0), 1) }, within: .absolute(0.5 / 255 + 1e-5), "colours")
        // Quaternions: each component within a byte step (q and −q are the same rotation; the writer keeps the sign).
        expectClose(back.rotations, scene.rotations, within: .absolute(2.5 / 128), "rotations")
        // .splat → .ply → .splat keeps the quantised values (up to float rounding of exp/log and the logit).
        try SceneFile.write(back, to: plyPath)
        let again = try SplatFormat.decode(SplatFormat.encode(try SceneFile.load(plyPath)), name: "again.splat")
        expectClose(again.positions, back.positions, within: .absolute(0), "positions again")
        expectClose(again.scales, back.scales, within: .absolute(1e-6), "scales again")
        expectClose(again.opacities, back.opacities, within: .absolute(0), "opacities again")
        expectClose(again.sh, back.sh, within: .absolute(0), "colours again")
        expectClose(again.rotations, back.rotations, within: .absolute(1.0 / 128), "rotations again (re-normalised before re-quantising)")
    }

    @Test func asciiAndBigEndianPLYAndPointClouds() throws {
        let ascii = PLYText.ascii(comments: ["hand-written"],
                                  properties: PLYText.floats(["x", "y", "z", "nx"] + PLYText.gaussianAttributes) + ["uchar extra"],
                                  vertices: ["1 2 3 9 0.5 -0.5 0 0 -2 -3 -4 2 0 0 0 7", "-1 0 0.5 9 0 0 0 2 0 0 0 0 0 0 3 7"])
        let a = try PLYReader.decode(Array(ascii.utf8), name: "a.ply")
        #expect(a.count == 2 && a.shDegree == 0)
        #expect(a.position(0) == SIMD3(1, 2, 3))
        #expect(a.opacities[0] == 0.5)
        let sigmoid2: Float = 1 / (1 + exp(-2))
        #expect(abs(a.opacities[1] - sigmoid2) < 1e-6)
        let expMinus2: Float = exp(-2)
        #expect(abs(a.scales[0] - expMinus2) < 1e-7)
        #expect(a.rotation(0) == SIMD4(1, 0, 0, 0))
        #expect(a.rotation(1) == SIMD4(0, 0, 0, 1))
        #expect(Array(a.sh[0..<3]) == [0.5, -0.5, 0])

        // The same first vertex, big endian, doubles for x and a uchar in between.
        let header = PLYText.header(format: "binary_big_endian", vertices: 1,
                                    properties: ["double x", "float y", "float z", "uchar junk"] + PLYText.floats(PLYText.gaussianAttributes))
        var bytes = Array(header.utf8)
        bytes += withUnsafeBytes(of: Double(1).bitPattern.bigEndian, Array.init)
        for v: Float in [2, 3] { bytes += withUnsafeBytes(of: v.bitPattern.bigEndian, Array.init) }
        bytes.append(42)
        for v: Float in [0.5, -0.5, 0, 0, -2, -3, -4, 2, 0, 0, 0] { bytes += withUnsafeBytes(of: v.bitPattern.bigEndian, Array.init) }
        let b = try PLYReader.decode(bytes, name: "b.ply")
        #expect(b.positions == Array(a.positions[0..<3]))
        #expect(b.scales == Array(a.scales[0..<3]))
        #expect(b.sh == Array(a.sh[0..<3]))

        let cloud = PLYText.ascii(properties: PLYText.floats(["x", "y", "z"]) + ["uchar red", "uchar green", "uchar blue"],
                                  vertices: ["0 0 0 255 0 51", "0 3 4 0 255 0"])
        let c = try PLYReader.decode(Array(cloud.utf8), name: "c.ply")
        #expect(c.shDegree == 0 && c.opacities == [1, 1])
        let red: Float = SplatScene.color(dc: c.sh[0]), blue: Float = SplatScene.color(dc: c.sh[2])
        #expect(abs(red - 1) < 1e-6)
        #expect(abs(blue - 0.2) < 1e-6)
        // σ = diagonal / (2·√n) = 5 / (2·√2).
        let expectedSigma: Float = 5 / (2 * Float(2).squareRoot())
        #expect(abs(c.scales[0] - expectedSigma) < 1e-6)
    }

    /// Builds an inflated .spz body from the documented layout.
    func spzBody(version: UInt32, count: UInt32, degree: UInt8, fractionalBits: UInt8, sections: [[UInt8]]) -> [UInt8] {
        var bytes: [UInt8] = Array("NGSP".utf8)
        for v in [version, count] { bytes += withUnsafeBytes(of: v.littleEndian, Array.init) }
        bytes += [degree, fractionalBits, 0, 0]
        for s in sections { bytes += s }
        return bytes
    }

    func fixed24(_ v: Double, bits: Int) -> [UInt8] {
        let f = Int32((v * Double(1 << bits)).rounded())
        let u = UInt32(bitPattern: f)
        return [UInt8(u & 0xFF), UInt8((u >> 8) & 0xFF), UInt8((u >> 16) & 0xFF)]
    }

    @Test func handMadeSPZVersion2And3Decode() throws {
        // Two splats, SH degree 1, 12 fractional bits.
        let positions = fixed24(0.5, bits: 12) + fixed24(-0.25, bits: 12) + fixed24(1.0, bits: 12)
            + fixed24(-2, bits: 12) + fixed24(0.125, bits: 12) + fixed24(0, bits: 12)
        let alphas: [UInt8] = [255, 51]
        let colors: [UInt8] = [128 + 38, 128, 0, 255, 64, 128]
        let scales: [UInt8] = [160, 144, 176, 0, 255, 160]   // log σ = s/16 − 10 → 0, −1, 1; −10, 5.9375, 0
        let shBytes: [UInt8] = [192, 128, 64, 128, 128, 128, 128, 128, 255,  0, 0, 0, 128, 128, 128, 128, 128, 128]
        // v2 rotations: identity (x = y = z = 0 → 127.5 ≈ bytes 128) and 90° about x (x = √½ → 218).
        let v2Rotations: [UInt8] = [128, 128, 128, 218, 128, 128]
        let body2 = spzBody(version: 2, count: 2, degree: 1, fractionalBits: 12, sections: [positions, alphas, colors, scales, v2Rotations, shBytes])
        let s2 = try SPZReader.decode(try Gzip.deflate(body2), name: "v2.spz")
        #expect(s2.count == 2 && s2.shDegree == 1)
        // RUB → RDF: (x, −y, −z).
        #expect(s2.position(0) == SIMD3(0.5, 0.25, -1))
        #expect(s2.position(1) == SIMD3(-2, -0.125, 0))
        #expect(s2.opacities == [1, 0.2])
        let dc: Float = (Float(166) / 255 - 0.5) / 0.15
        #expect(abs(s2.sh[0] - dc) < 1e-6)
        let e1: Float = exp(-1), e10: Float = exp(-10)
        #expect(abs(s2.scales[0] - 1) < 1e-6)
        #expect(abs(s2.scales[1] - e1) < 1e-6)
        #expect(abs(s2.scales[3] - e10) < 1e-9)
        let q0 = s2.rotation(0)
        #expect(abs(q0[0] - 1) < 1e-4)
        let q1 = s2.rotation(1)   // (w, x, −y, −z) of (√½, √½, 0, 0)
        #expect(abs(q1[0] - 0.7071) < 0.01 && abs(q1[1] - 0.7071) < 0.01)
        // SH: splat 0, coefficient 1 (Y1 ∝ y, flips sign), RGB = (192, 128, 64) → (0.5, 0, −0.5) → (−0.5, 0, 0.5).
        #expect(Array(s2.sh[3..<6]) == [-0.5, 0, 0.5])
        // Coefficient 3 (Y3 ∝ x, no flip): (128, 128, 255) → (0, 0, 127/128).
        #expect(Array(s2.sh[9..<12]) == [0, 0, Float(127) / 128])

        // v3: smallest-three. Splat 0: largest = w (index 3), others 0. Splat 1: largest = x (index 0),
        // w = √½ → magnitude 511, stored first (i = 3), then z (i = 2) and y (i = 1) zero.
        func pack(_ largest: UInt32, _ fields: [(UInt32, Bool)]) -> [UInt8] {
            // fields in order i = 3, 2, 1, 0 (skipping largest): each 10 bits, first in the lowest bits.
            var comp: UInt32 = largest << 30
            var shift: UInt32 = 0
            for (magnitude, negative) in fields {
                comp |= (magnitude | (negative ? 1 << 9 : 0)) << shift
                shift += 10
            }
            return withUnsafeBytes(of: comp.littleEndian, Array.init)
        }
        let v3Rotations = pack(3, [(0, false), (0, false), (0, false)]) + pack(0, [(511, false), (0, false), (0, false)])
        let body3 = spzBody(version: 3, count: 2, degree: 1, fractionalBits: 12, sections: [positions, alphas, colors, scales, v3Rotations, shBytes])
        let s3 = try SPZReader.decode(try Gzip.deflate(body3), name: "v3.spz")
        #expect(s3.positions == s2.positions && s3.sh == s2.sh)
        #expect(s3.rotation(0) == SIMD4(1, 0, 0, 0))
        let r = s3.rotation(1)
        #expect(abs(r[0] - 0.70710678) < 1e-5 && abs(r[1] - 0.70710678) < 1e-5 && r[2] == 0 && r[3] == 0)

        // v1: float16 positions.
        var halfPositions: [UInt8] = []
        for v: Float in [0.5, -0.25, 1, -2, 0.125, 0] { halfPositions += withUnsafeBytes(of: Float16(v).bitPattern.littleEndian, Array.init) }
        let body1 = spzBody(version: 1, count: 2, degree: 1, fractionalBits: 0, sections: [halfPositions, alphas, colors, scales, v2Rotations, shBytes])
        #expect(try SPZReader.decode(try Gzip.deflate(body1), name: "v1.spz").positions == s2.positions)
    }

    @Test func brokenFilesNameTheFileAndTheField() throws {
        func message(_ body: () throws -> Any) -> String {
            do { _ = try body(); return "no error" } catch { return "\(error)" }
        }
        let good = PLYWriter.encode(SyntheticScene.make(count: 3, seed: 1, shDegree: 1))
        #expect(message { try PLYReader.decode(Array(good.dropLast(5)), name: "t.ply") }.hasPrefix("t.ply: vertex 2: truncated"))
        let noScale = String(decoding: good, as: UTF8.self).components(separatedBy: "end_header")[0].replacingOccurrences(of: "property float scale_0\n", with: "")
        #expect(message { try PLYReader.decode(Array((noScale + "end_header\n").utf8), name: "s.ply") } == "s.ply: property scale_0: missing (required by the 3DGS layout)")
        let wrongRest = String(decoding: good, as: UTF8.self).components(separatedBy: "end_header")[0].replacingOccurrences(of: "property float f_rest_8\n", with: "")
        #expect(message { try PLYReader.decode(Array((wrongRest + "end_header\n").utf8), name: "r.ply") }.contains("r.ply: f_rest_*: expected 0, 9, 24 or 45"))
        #expect(message { try PLYReader.decode(Array("PLY\n".utf8), name: "m.ply") }.hasPrefix("m.ply: magic:"))
        #expect(message { try SplatFormat.decode([UInt8](repeating: 0, count: 40), name: "x.splat") }.hasPrefix("x.splat: record 1: truncated"))
        #expect(message { try SplatFormat.decode([], name: "e.splat") }.hasPrefix("e.splat: records:"))
        let body = spzBody(version: 2, count: 1, degree: 0, fractionalBits: 12, sections: [[UInt8](repeating: 0, count: 20)])
        #expect(message { try SPZReader.decode(try Gzip.deflate(body), name: "c.spz") }.hasPrefix("c.spz: count: the header's 1 splats take 35 bytes"))
        #expect(message { try SPZReader.decode(try Gzip.deflate(Array(body.prefix(20))), name: "t.spz") }.hasPrefix("t.spz: positions: truncated"))
        let gz = try Gzip.deflate(body)
        #expect(message { try SPZReader.decode(Array(gz.prefix(gz.count / 2)), name: "g.spz") } == "g.spz: gzip: truncated: the compressed stream ends early")
        var badMagic = body; badMagic[0] = 0x41
        #expect(message { try SPZReader.decode(try Gzip.deflate(badMagic), name: "b.spz") }.hasPrefix("b.spz: magic: expected 'NGSP'"))
        var v4 = spzBody(version: 4, count: 1, degree: 0, fractionalBits: 12, sections: [])
        #expect(message { try SPZReader.decode(v4, name: "v4.spz") }.hasPrefix("v4.spz: version: version 4 (ZSTD-compressed) is not supported"))
        v4[4] = 9
        #expect(message { try SPZReader.decode(try Gzip.deflate(v4), name: "v9.spz") }.hasPrefix("v9.spz: version:"))
        #expect(message { try SceneFile.load("/nonexistent/scene.ply") }.hasPrefix("/nonexistent/scene.ply: file: cannot read"))
        #expect(message { try SceneFile.load("scene.obj") }.hasPrefix("scene.obj: extension:"))
    }

    @Test func framePNGRecordsTheMode() throws {
        let image = SplatRenderer.render(SyntheticScene.make(count: 20), camera: try testCamera(), options: SplatRenderOptions(mode: .metalsplatter))
        let bytes = try PNGCodec.encode(image, options: PNGWriteOptions(text: [PNGText("parallax.splat-mode", "metalsplatter")]))
        #expect(PNGText.entries(of: bytes)["parallax.splat-mode"] == "metalsplatter")
        #expect(try PNGCodec.decode(bytes) == image)
    }
}

import Imaging
