import Foundation
import Geometry
import Imaging
import Projection
import Testing
@testable import Splatting
import Vocabulary

/// Scene files and scenes from outside: extreme values are rejected naming the splat and field, declared
/// sizes are checked before anything is allocated, and the renderers never trap. (.spz gzip bombs:
/// FuzzEntryPointsTests.SPZBombTests.)
@Suite struct HostileSceneTests {
    static let properties = ["x", "y", "z", "f_dc_0", "f_dc_1", "f_dc_2", "opacity", "scale_0", "scale_1", "scale_2",
                             "rot_0", "rot_1", "rot_2", "rot_3"]

    func asciiPLY(_ rows: [String], declared: Int? = nil) -> [UInt8] {
        let header = "ply\nformat ascii 1.0\nelement vertex \(declared ?? rows.count)\n"
            + Self.properties.map { "property float \($0)\n" }.joined() + "end_header\n"
        return Array((header + rows.map { $0 + "\n" }.joined()).utf8)
    }

    // MARK: Stored values

    @Test func theIssuesSceneIsRejectedNamingSplatZero() {
        let bytes = asciiPLY(["0 0 -0.5 1 1 1 5 80 80 80 0 0 0 0"])
        #expect(throws: SplatError("s.ply: splat 0 rotation: expected a non-zero quaternion, found (0, 0, 0, 0)")) {
            try PLYReader.decode(bytes, name: "s.ply")
        }
    }

    @Test func aLogScaleWhoseSigmaOverflowsIsRejectedAndOneThatFitsAccepted() throws {
        // e^89 ≈ 4.5e38 > Float.greatestFiniteMagnitude ≈ 3.4e38; e^88 ≈ 1.65e38 fits.
        #expect(throws: SplatError("s.ply: splat 1 scale: expected a finite number, found inf")) {
            try PLYReader.decode(asciiPLY(["0 0 -1 0 0 0 0 -5 -5 -5 1 0 0 0", "0 0 -1 0 0 0 0 -5 -5 89 1 0 0 0"]), name: "s.ply")
        }
        let scene = try PLYReader.decode(asciiPLY(["0 0 -1 0 0 0 0 88 -5 -inf 1 0 0 0"]), name: "s.ply")
        #expect(scene.scales[0] == Foundation.exp(Float(88)) && scene.scales[0].isFinite)
        #expect(scene.scales[2] == 0, "log σ = −inf is σ = 0")
    }

    @Test func nonFiniteStoredValuesAreRejectedOrConvertedAsTheReferenceDoes() throws {
        // A NaN quaternion would normalise to the identity: rejected before it is hidden.
        #expect(throws: SplatError("s.ply: splat 0 rotation: expected a finite quaternion, found (1, nan, 0, 0)")) {
            try PLYReader.decode(asciiPLY(["0 0 -1 0 0 0 0 -5 -5 -5 1 nan 0 0"]), name: "s.ply")
        }
        do {
            _ = try PLYReader.decode(asciiPLY(["0 0 -1 0 0 0 nan -5 -5 -5 1 0 0 0"]), name: "s.ply")
            Issue.record("a NaN opacity was accepted")
        } catch let error as SplatError {
            // sigmoid(NaN) is a NaN whose sign the platform decides ("nan" or "-nan").
            #expect(error.description.hasPrefix("s.ply: splat 0 opacity: expected a finite number, found "))
        }
        // The reference's sigmoid takes ±inf to 1 and 0.
        let scene = try PLYReader.decode(asciiPLY(["0 0 -1 0 0 0 inf -5 -5 -5 1 0 0 0", "0 0 -1 0 0 0 -inf -5 -5 -5 1 0 0 0"]), name: "s.ply")
        #expect(scene.opacities == [1, 0])
    }

    @Test func splatRecordsWithNegativeSigmaOrAZeroQuaternionAreRejected() {
        func record(sigma: Float, quaternion: [UInt8]) -> [UInt8] {
            var bytes: [UInt8] = []
            for v: Float in [0, 0, -1, sigma, 0.01, 0.01] { withUnsafeBytes(of: v.bitPattern.littleEndian) { bytes += $0 } }
            return bytes + [255, 255, 255, 255] + quaternion
        }
        let good = record(sigma: 0.01, quaternion: [255, 128, 128, 128])
        #expect(throws: SplatError("s.splat: splat 1 scale_0: expected σ ≥ 0, found -0.01")) {
            try SplatFormat.decode(good + record(sigma: -0.01, quaternion: [255, 128, 128, 128]), name: "s.splat")
        }
        #expect(throws: SplatError("s.splat: splat 0 rotation: expected a non-zero quaternion, found (0, 0, 0, 0)")) {
            try SplatFormat.decode(record(sigma: 0.01, quaternion: [128, 128, 128, 128]), name: "s.splat")
        }
        #expect((try? SplatFormat.decode(good + record(sigma: 0, quaternion: [200, 100, 128, 128]), name: "s.splat"))?.count == 2)
    }

    /// log σ = −200 underflows to σ = 0: accepted, and drawn as the reference does, the 0.3 px² dilation
    /// alone: α(d) = o·exp(−d²/(2·0.3)) at d pixels from the centre.
    @Test func zeroSigmaDrawsTheDilationOnly() throws {
        let scene = try PLYReader.decode(asciiPLY(["0 0 0 1.7724539 1.7724539 1.7724539 0 -200 -200 -200 1 0 0 0"]), name: "s.ply")
        #expect(scene.scales == [0, 0, 0])
        // f_dc = 1.7724539 ⇒ colour C0·f + 0.5 = 1.0; opacity sigmoid(0) = 0.5.
        let frame = SplatRenderer.render(scene, camera: try testCamera(), options: SplatRenderOptions(mode: .inria))
        #expect(Int(frame[16, 16].r) == inriaByte(0.5))
        #expect(Int(frame[17, 16].r) == inriaByte(0.5 * exp(-1 / 0.6)))
    }

    // MARK: Declared sizes

    @Test func aHeaderDeclaringTwoToThe31VerticesOverOneKilobyteIsRejectedAtTheHeader() {
        for format in ["ascii", "binary_little_endian"] {
            let header = "ply\nformat \(format) 1.0\nelement vertex 2147483648\n" + Self.properties.map { "property float \($0)\n" }.joined() + "end_header\n"
            let bytes = Array(header.utf8) + [UInt8](repeating: 0x30, count: 1024)
            #expect(throws: SplatError("big.ply: header line 3: element vertex: the header declares 2147483648 records, more than the file's \(bytes.count) bytes could hold")) {
                try PLYReader.decode(bytes, name: "big.ply")
            }
        }
    }

    @Test func anAsciiCountTheBodyCannotHoldIsRejectedBeforeReserving() {
        // 14 values take at least 28 bytes (27 for the file's last line): 2 rows of 27 + 1 bytes hold 2, not 3.
        let body = ["0 0 0 0 0 0 0 0 0 0 1 0 0 0", "0 0 0 0 0 0 0 0 0 0 1 0 0 0"]
        #expect(throws: SplatError("s.ply: element vertex: truncated: the header declares 3 vertices of 14 values, the 56 bytes left hold at most 2")) {
            try PLYReader.decode(asciiPLY(body, declared: 3), name: "s.ply")
        }
        #expect((try? PLYReader.decode(asciiPLY(body, declared: 2), name: "s.ply"))?.count == 2)
    }

    // MARK: Renderers

    /// σ = e^80 m (the issue's log-scale 80), identity rotation, opacity 0.5, white: in inria every pixel is
    /// inside the splat, α = 0.5 ⇒ byte 128; in metalsplatter its float32 2D covariance overflows and the splat
    /// is dropped (background), as a float32 renderer cannot draw it.
    func hugeSplat() -> SplatScene {
        var s = SplatScene(shDegree: 0)
        let white = SplatScene.dcCoefficient(color: 1)
        s.append(position: SIMD3(0, 0, -0.5), scale: SIMD3(repeating: Foundation.exp(Float(80))), rotation: SIMD4(1, 0, 0, 0),
                 opacity: 0.5, coefficients: [white, white, white])
        return s
    }

    @Test(arguments: [(1, 1), (16_384, 1_024)])
    func aHugeSplatRendersAtOneByOneAndAtTheMaximumSize(_ width: Int, _ height: Int) throws {
        let camera = try testCamera(width: width, height: height)
        let inria = SplatRenderer.render(hugeSplat(), camera: camera, options: SplatRenderOptions(mode: .inria))
        let metal = SplatRenderer.render(hugeSplat(), camera: camera, options: SplatRenderOptions(mode: .metalsplatter))
        for (x, y) in [(0, 0), (width - 1, height - 1), (width / 2, height / 2)] {
            #expect(inria[x, y] == RGBA(128, 128, 128))
            #expect(metal[x, y] == RGBA(0, 0, 0))
        }
    }

    /// The camera takes a `FrameSize`, so no camera is larger than the limits.
    @Test func theMaximumFrameSizeIsEnforcedBeforeTheCamera() throws {
        _ = try testCamera(width: 4096, height: 4096)
        #expect(throws: FieldError.self) { try testCamera(width: 4097, height: 4096) }
        #expect(throws: FieldError.self) { try testCamera(width: 16_385, height: 1) }
    }

    /// Splats the readers would reject, handed to the renderer directly: NaN and overflowing positions, NaN and
    /// infinite scales, a NaN opacity and a zero quaternion leave the frame exactly as the good splat alone makes it.
    @Test(arguments: SplatMode.allCases)
    func degenerateSplatsLeaveTheFrameAsTheGoodOneMakesIt(_ mode: SplatMode) throws {
        let good: [Float] = [0, 0, 0, 0.005, 0.005, 0.005, 1, 0, 0, 0, 0.8, 1, 0.5, -0.5]
        let bad: [[Float]] = [
            [.nan, 0, 0, 0.005, 0.005, 0.005, 1, 0, 0, 0, 0.8, 1, 1, 1],
            [0, 0, 0, .nan, 0.005, 0.005, 1, 0, 0, 0, 0.8, 1, 1, 1],
            [0, 0, 0, 0.005, 0.005, 0.005, 1, 0, 0, 0, .nan, 1, 1, 1],
            [.greatestFiniteMagnitude, 0, 0, 0.005, 0.005, 0.005, 1, 0, 0, 0, 0.8, 1, 1, 1],
            [0, 0, 0, .infinity, 0.005, 0.005, 0, 0, 0, 0, 0.8, 1, 1, 1],
        ]
        func scene(_ rows: [[Float]]) throws -> SplatScene {
            try SplatScene(positions: rows.flatMap { $0[0..<3] }, scales: rows.flatMap { $0[3..<6] }, rotations: rows.flatMap { $0[6..<10] },
                           opacities: rows.map { $0[10] }, shDegree: 0, sh: rows.flatMap { $0[11..<14] })
        }
        let options = SplatRenderOptions(mode: mode)
        let alone = SplatRenderer.render(try scene([good]), camera: try testCamera(), options: options)
        #expect(alone[16, 16] != RGBA(0, 0, 0), "the good splat is drawn")
        for row in bad {
            let frame = SplatRenderer.render(try scene([good, row]), camera: try testCamera(), options: options)
            #expect(frame == alone, "\(mode) with \(row)")
        }
    }
}
