import Foundation
import Imaging
import ParallaxTestSupport
import Plumbing
import Testing

@Suite struct PNGDecodeTests {
    /// Decodes handmade bytes and returns RGBA per pixel.
    func decode(_ bytes: [UInt8]) throws -> RGBAImage { try PNGCodec.decode(bytes, name: "test.png") }

    func randomSamples(_ count: Int, max: Int, seed: UInt64) -> [Int] {
        var random = XorShift64Star(seed: seed)
        return (0..<count).map { _ in random.below(max + 1) }
    }

    @Test(arguments: [1, 2, 4, 8])
    func grayLowBitDepthsScaleToFullRange(depth: Int) throws {
        let maximum = (1 << depth) - 1
        let samples = randomSamples(7 * 5, max: maximum, seed: UInt64(depth))
        let image = try decode(HandmadePNG.make(width: 7, height: 5, type: .gray, bitDepth: depth, samples: samples))
        #expect(image.width == 7 && image.height == 5)
        for (i, v) in samples.enumerated() {
            let expected = UInt8(v * 255 / maximum)  // exact: 255 is divisible by 1, 3, 15, 255
            #expect(image[i % 7, i / 7] == RGBA(expected, expected, expected, 255))
        }
    }

    @Test func gray16ScalesByDividingBy257() throws {
        let samples = [0, 65535, 257 * 100, 0x1234, 257 * 200 + 100, 32768]
        let expected: [UInt8] = [0, 255, 100, 18, 200, 128]  // round(v / 257)
        let image = try decode(HandmadePNG.make(width: 3, height: 2, type: .gray, bitDepth: 16, samples: samples))
        for i in 0..<6 { #expect(image[i % 3, i / 3] == RGBA(expected[i], expected[i], expected[i], 255)) }
    }

    @Test(arguments: [8, 16])
    func grayAlpha(depth: Int) throws {
        let scale = depth == 16 ? 257 : 1
        let samples = [10, 20, 30, 40, 255, 0, 128, 255].map { $0 * scale }
        let image = try decode(HandmadePNG.make(width: 2, height: 2, type: .grayAlpha, bitDepth: depth, samples: samples))
        #expect(image[0, 0] == RGBA(10, 10, 10, 20))
        #expect(image[1, 0] == RGBA(30, 30, 30, 40))
        #expect(image[0, 1] == RGBA(255, 255, 255, 0))
        #expect(image[1, 1] == RGBA(128, 128, 128, 255))
    }

    @Test(arguments: [8, 16])
    func rgbGetsOpaqueAlpha(depth: Int) throws {
        let scale = depth == 16 ? 257 : 1
        let samples = randomSamples(9 * 4 * 3, max: 255, seed: 5)
        let image = try decode(HandmadePNG.make(width: 9, height: 4, type: .rgb, bitDepth: depth, samples: samples.map { $0 * scale }))
        for p in 0..<36 {
            #expect(image[p % 9, p / 9] == RGBA(UInt8(samples[3 * p]), UInt8(samples[3 * p + 1]), UInt8(samples[3 * p + 2]), 255))
        }
    }

    @Test(arguments: [8, 16])
    func rgba(depth: Int) throws {
        let scale = depth == 16 ? 257 : 1
        let samples = randomSamples(6 * 6 * 4, max: 255, seed: 9)
        let image = try decode(HandmadePNG.make(width: 6, height: 6, type: .rgba, bitDepth: depth, samples: samples.map { $0 * scale }))
        #expect(image.pixels == samples.map { UInt8($0) })
    }

    @Test func paletteWithPartialTransparency() throws {
        let palette: [(UInt8, UInt8, UInt8)] = [(UInt8(255), UInt8(0), UInt8(0)), (0, 255, 0), (0, 0, 255), (9, 8, 7)]
        let samples = [0, 1, 2, 3, 3, 2, 1, 0]
        let image = try decode(HandmadePNG.make(width: 4, height: 2, type: .palette, bitDepth: 8, samples: samples,
                                                palette: palette, transparency: [0, 128]))  // entries 2, 3 stay opaque
        let alpha: [UInt8] = [0, 128, 255, 255]
        for (i, index) in samples.enumerated() {
            let entry = palette[index]
            let expected = RGBA(entry.0, entry.1, entry.2, alpha[index])
            #expect(image[i % 4, i / 4] == expected)
        }
    }

    @Test(arguments: [1, 2, 4])
    func paletteLowBitDepths(depth: Int) throws {
        let count = 1 << depth
        let palette: [(UInt8, UInt8, UInt8)] = (0..<count).map { (i: Int) -> (UInt8, UInt8, UInt8) in (UInt8(i * 10), UInt8(255 - i * 10), UInt8(i)) }
        let samples = randomSamples(5 * 3, max: count - 1, seed: UInt64(depth + 40))
        let image = try decode(HandmadePNG.make(width: 5, height: 3, type: .palette, bitDepth: depth, samples: samples, palette: palette))
        for (i, index) in samples.enumerated() {
            let expected = RGBA(palette[index].0, palette[index].1, palette[index].2, 255)
            #expect(image[i % 5, i / 5] == expected)
        }
    }

    @Test func grayAndRGBColourKeyTransparency() throws {
        let gray = try decode(HandmadePNG.make(width: 3, height: 1, type: .gray, bitDepth: 8, samples: [7, 50, 7],
                                               transparency: [0, 7]))
        #expect(gray[0, 0] == RGBA(7, 7, 7, 0))
        #expect(gray[1, 0] == RGBA(50, 50, 50, 255))
        let rgb = try decode(HandmadePNG.make(width: 2, height: 1, type: .rgb, bitDepth: 8, samples: [1, 2, 3, 1, 2, 4],
                                              transparency: [0, 1, 0, 2, 0, 3]))
        #expect(rgb[0, 0] == RGBA(1, 2, 3, 0))
        #expect(rgb[1, 0] == RGBA(1, 2, 4, 255))
    }

    @Test func interlacedMatchesNonInterlaced() throws {
        for (type, depth) in [(HandmadePNG.ColorType.rgba, 8), (.gray, 16), (.palette, 4), (.grayAlpha, 8), (.rgb, 16)] {
            // 13×11 leaves some Adam7 passes short; 1×1 leaves most passes empty.
            for (width, height) in [(13, 11), (1, 1), (3, 9)] {
                let channels = HandmadePNG.channels(type)
                let maximum = type == .palette ? 15 : (1 << depth) - 1
                let samples = randomSamples(width * height * channels, max: maximum, seed: UInt64(width * 31 + height))
                let entries: [(UInt8, UInt8, UInt8)] = (0..<16).map { (i: Int) -> (UInt8, UInt8, UInt8) in (UInt8(i * 16), UInt8(i), UInt8(255 - i)) }
                let palette = type == .palette ? entries : []
                let plain = try decode(HandmadePNG.make(width: width, height: height, type: type, bitDepth: depth, samples: samples, palette: palette))
                let interlaced = try decode(HandmadePNG.make(width: width, height: height, type: type, bitDepth: depth, samples: samples,
                                                             palette: palette, interlaced: true))
                #expect(interlaced == plain, "\(type) \(depth)-bit \(width)×\(height)")
            }
        }
    }

    @Test func corruptAndTruncatedDataAreErrorsNamingTheFile() throws {
        let good = HandmadePNG.make(width: 8, height: 8, type: .rgb, bitDepth: 8, samples: randomSamples(192, max: 255, seed: 3))
        _ = try decode(good)
        func failure(_ bytes: [UInt8]) -> ImagingError? {
            do { _ = try PNGCodec.decode(bytes, name: "frames/bad.png"); return nil } catch let error as ImagingError { return error } catch { return nil }
        }
        // A flipped byte inside IDAT's data: CRC mismatch.
        var corrupt = good
        let idat = HandmadePNG.chunks(good).firstIndex { $0.0 == "IDAT" }!
        let offset = 8 + HandmadePNG.chunks(good)[..<idat].reduce(0) { $0 + 12 + $1.1.count } + 8 + 3
        corrupt[offset] ^= 0xFF
        for bytes in [corrupt, Array(good.prefix(good.count - 20)), Array(good.prefix(40)), Array(good.prefix(5)), [],
                      Array("GIF89a not a png at all".utf8)] {
            let error = try #require(failure(bytes), "\(bytes.count) bytes decoded without error")
            guard case let .invalidPNG(path, reason) = error else { Issue.record("unexpected \(error)"); continue }
            #expect(path == "frames/bad.png")
            #expect(!reason.isEmpty)
            #expect(error.description.hasPrefix("frames/bad.png: not a valid PNG: "))
        }
        // A consistent CRC over corrupted deflate data: zlib's error comes through libpng.
        var chunks = HandmadePNG.chunks(good)
        chunks[idat].1[2] ^= 0x55
        chunks[idat].1[5] ^= 0x55
        var rebuilt: [UInt8] = Array(good.prefix(8))
        for (type, data) in chunks { rebuilt += HandmadePNG.chunk(type, data) }
        #expect(failure(rebuilt) != nil)
    }

    @Test func unreadableFileNamesThePath() throws {
        #expect(throws: FileError(path: "/nonexistent/frame.png", operation: .read, reason: "No such file or directory")) {
            try PNGCodec.read(contentsOf: "/nonexistent/frame.png")
        }
    }
}

@Suite struct PNGEncodeTests {
    func sample(width: Int, height: Int, seed: UInt64) -> RGBAImage {
        var random = XorShift64Star(seed: seed)
        return RGBAImage(width: width, height: height) { _, _ in
            RGBA(UInt8(random.below(256)), UInt8(random.below(256)), UInt8(random.below(256)), UInt8(random.below(256)))
        }
    }

    @Test func rgbaRoundTripsAtEveryLevelAndFilter() throws {
        let image = sample(width: 37, height: 23, seed: 1)
        for options in [PNGWriteOptions(), PNGWriteOptions(compressionLevel: 0), .compact, PNGWriteOptions(compressionLevel: 6, filters: .paeth)] {
            #expect(try PNGCodec.decode(PNGCodec.encode(image, options: options)) == image)
        }
    }

    @Test func unfilteredOutputHoldsExactlyThePixels() throws {
        // Checked without libpng: inflate IDAT ourselves; with the None filter every row is 0 + raw bytes.
        let image = sample(width: 5, height: 4, seed: 2)
        for channels in [PNGWriteOptions.Channels.rgba, .rgb] {
            let png = try PNGCodec.encode(image, options: PNGWriteOptions(channels: channels, compressionLevel: 9, filters: .none))
            let chunks = HandmadePNG.chunks(png)
            #expect(chunks.first?.0 == "IHDR" && chunks.last?.0 == "IEND")
            let ihdr = chunks[0].1
            #expect(Array(ihdr[0..<8]) == HandmadePNG.be32(5) + HandmadePNG.be32(4))
            #expect(ihdr[8] == 8 && ihdr[9] == (channels == .rgba ? 6 : 2) && ihdr[12] == 0)
            let n = channels.rawValue
            let raw = try #require(HandmadePNG.inflate(chunks.filter { $0.0 == "IDAT" }.flatMap(\.1), expected: 4 * (1 + 5 * n)))
            var expected: [UInt8] = []
            for y in 0..<4 {
                expected.append(0)
                for x in 0..<5 { expected += Array(image.pixels[(y * 5 + x) * 4..<(y * 5 + x) * 4 + n]) }
            }
            #expect(raw == expected)
        }
    }

    @Test func rgbWriteDropsAlpha() throws {
        let image = sample(width: 11, height: 7, seed: 3)
        let decoded = try PNGCodec.decode(PNGCodec.encode(image, options: PNGWriteOptions(channels: .rgb)))
        var opaque = image
        for i in stride(from: 3, to: opaque.pixels.count, by: 4) { opaque.pixels[i] = 255 }
        #expect(decoded == opaque)
    }

    @Test func fileWriteIsAtomicAndErrorsNameThePath() throws {
        let temporary = try TemporaryDirectory(prefix: "imaging")
        defer { temporary.cleanUp() }
        let directory = temporary.url.path
        let image = sample(width: 4, height: 4, seed: 4)
        let path = directory + "/frame.png"
        try PNGCodec.write(image, to: path)
        #expect(try PNGCodec.read(contentsOf: path) == image)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["frame.png"])
        #expect(throws: FileError.self) { try PNGCodec.write(image, to: directory + "/missing-dir/frame.png") }
        do {
            try PNGCodec.write(image, to: directory + "/missing-dir/frame.png")
        } catch {
            #expect("\(error)".hasPrefix(directory + "/missing-dir/frame.png: cannot write:"))
        }
        #expect(throws: ImagingError.writeFailed(path: "<memory>", reason: "zlib level 12: expected 0...9")) {
            try PNGCodec.encode(image, options: PNGWriteOptions(compressionLevel: 12))
        }
    }

    @Test func rgbaImageRejectsWrongBufferSize() {
        #expect(throws: ImagingError.self) { try RGBAImage(width: 3, height: 3, pixels: [0, 0, 0]) }
    }
}

@Suite struct PNGLimitsTests {
    @Test func oversizedHeaderIsRejectedBeforeAllocating() throws {
        // A valid IHDR claiming 60000×60000 (3.6 gigapixels) with no image data behind it.
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        png += HandmadePNG.chunk("IHDR", HandmadePNG.be32(60000) + HandmadePNG.be32(60000) + [8, 6, 0, 0, 0])
        png += HandmadePNG.chunk("IDAT", HandmadePNG.deflate([0, 0, 0, 0, 0]))
        png += HandmadePNG.chunk("IEND", [])
        #expect(throws: ImagingError.invalidPNG(path: "huge.png", reason: "image 60000x60000 exceeds the limit of 134217728 pixels")) {
            try PNGCodec.decode(png, name: "huge.png")
        }
    }
}
