import CPNGSupport
import Foundation
import Plumbing

/// PNG decoding and encoding through libpng (C wrappers guard libpng's longjmp error path, so corrupt or
/// truncated files become `ImagingError.invalidPNG`, never a crash).
///
/// Decoding accepts every PNG colour type and bit depth — gray 1/2/4/8/16, gray+alpha, RGB, RGBA,
/// palette (with or without tRNS), Adam7 interlaced — and returns 8-bit RGBA: 16-bit samples are scaled
/// (v·255/65535 rounded), gray is replicated to R = G = B, missing alpha is 255. Stored values are kept as
/// they are (gAMA/iCCP chunks are not applied).
public enum PNGCodec {
    /// Decodes a PNG file. Errors name the file.
    public static func read(contentsOf path: String) throws -> RGBAImage {
        try decode(try FileContents.read(path), name: path)
    }

    /// Decodes PNG bytes; `name` is used in error messages.
    public static func decode(_ bytes: [UInt8], name: String = "<memory>") throws -> RGBAImage {
        try bytes.withUnsafeBufferPointer { buffer -> RGBAImage in
            var message = [CChar](repeating: 0, count: Int(PXPNG_MESSAGE_CAPACITY))
            var reader: OpaquePointer?
            var width: UInt32 = 0, height: UInt32 = 0
            let began = message.withUnsafeMutableBufferPointer {
                pxpng_reader_begin(buffer.baseAddress, buffer.count, &reader, &width, &height, $0.baseAddress)
            }
            guard began == 0, let reader else { throw ImagingError.invalidPNG(path: name, reason: text(message)) }
            defer { pxpng_reader_free(reader) }
            let w = Int(width), h = Int(height)
            var status: Int32 = 0
            let pixels = [UInt8](unsafeUninitializedCapacity: w * h * 4) { out, count in
                status = message.withUnsafeMutableBufferPointer {
                    pxpng_reader_decode_rgba8(reader, out.baseAddress, w * 4, $0.baseAddress)
                }
                if status != 0 { out.initialize(repeating: 0) }
                count = w * h * 4
            }
            guard status == 0 else { throw ImagingError.invalidPNG(path: name, reason: text(message)) }
            return try RGBAImage(width: w, height: h, pixels: pixels)
        }
    }

    /// Encodes `image` as PNG bytes.
    public static func encode(_ image: RGBAImage, options: PNGWriteOptions = .init()) throws -> [UInt8] {
        try withEncoded(image, options: options, name: "<memory>") { Array($0) }
    }

    /// Encodes `image` and writes it atomically to `path` (temporary file + rename).
    public static func write(_ image: RGBAImage, to path: String, options: PNGWriteOptions = .init()) throws {
        try withEncoded(image, options: options, name: path) { bytes in
            try AtomicFile.write([UInt8](bytes), to: path)
        }
    }

    private static func withEncoded<T>(_ image: RGBAImage, options: PNGWriteOptions, name: String,
                                       _ body: (UnsafeRawBufferPointer) throws -> T) throws -> T {
        guard (0...9).contains(options.compressionLevel) else {
            throw ImagingError.writeFailed(path: name, reason: "zlib level \(options.compressionLevel): expected 0...9")
        }
        var message = [CChar](repeating: 0, count: Int(PXPNG_MESSAGE_CAPACITY))
        var output: UnsafeMutablePointer<UInt8>?
        var size = 0
        let status = image.pixels.withUnsafeBufferPointer { pixels in
            message.withUnsafeMutableBufferPointer {
                pxpng_encode_rgba8(pixels.baseAddress, UInt32(image.width), UInt32(image.height), image.width * 4,
                                   Int32(options.channels.rawValue), Int32(options.compressionLevel),
                                   options.filters.rawValue, &output, &size, $0.baseAddress)
            }
        }
        guard status == 0, let output else { throw ImagingError.writeFailed(path: name, reason: text(message)) }
        defer { free(output) }
        let encoded = UnsafeRawBufferPointer(start: output, count: size)
        if options.text.isEmpty { return try body(encoded) }
        return try PNGText.inserting(options.text, into: encoded).withUnsafeBytes(body)
    }

    private static func text(_ message: [CChar]) -> String {
        let text = message.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        return text.isEmpty ? "unknown libpng error" : text
    }
}

/// How a PNG is written. The default is fast (zlib level 1, the Sub filter), suited to frames.
public struct PNGWriteOptions: Sendable, Equatable {
    public enum Channels: Int, Sendable { case rgb = 3, rgba = 4 }

    /// PNG row filters to try (a mask); `.adaptive` lets libpng choose per row among all five (slower).
    public struct Filters: OptionSet, Sendable {
        public let rawValue: Int32
        public init(rawValue: Int32) { self.rawValue = rawValue }
        public static let none = Filters(rawValue: 0x08)
        public static let sub = Filters(rawValue: 0x10)
        public static let up = Filters(rawValue: 0x20)
        public static let average = Filters(rawValue: 0x40)
        public static let paeth = Filters(rawValue: 0x80)
        public static let adaptive: Filters = [.none, .sub, .up, .average, .paeth]
    }

    public var channels: Channels
    /// zlib level 0 (store) … 9 (smallest).
    public var compressionLevel: Int
    public var filters: Filters
    /// `tEXt` chunks written right after IHDR (how a frame was made: renderer, mode, …), in this order.
    public var text: [PNGText]

    public init(channels: Channels = .rgba, compressionLevel: Int = 1, filters: Filters = .sub, text: [PNGText] = []) {
        self.channels = channels
        self.compressionLevel = compressionLevel
        self.filters = filters
        self.text = text
    }

    /// Small files for committed goldens: zlib level 9, adaptive filtering.
    public static let compact = PNGWriteOptions(compressionLevel: 9, filters: .adaptive)
}
