import CZlib
import Imaging

/// Writes splat frames as PNG with `tEXt` chunks recording how they were made (renderer, mode, blending
/// space), inserted after IHDR. The write is atomic.
public enum FramePNG {
    public static func encode(_ image: RGBAImage, text: [(String, String)]) throws -> [UInt8] {
        let png = try PNGCodec.encode(image)
        // Signature (8) + IHDR chunk (4 length + 4 type + 13 data + 4 CRC).
        let insertAt = 8 + 25
        var chunks: [UInt8] = []
        for (key, value) in text {
            let data = Array(key.utf8.prefix(79)) + [0] + Array(value.utf8)
            let type = Array("tEXt".utf8)
            let length = UInt32(data.count)
            chunks += [UInt8(length >> 24), UInt8((length >> 16) & 0xFF), UInt8((length >> 8) & 0xFF), UInt8(length & 0xFF)]
            let body = type + data
            let crc = body.withUnsafeBufferPointer { UInt32(crc32(0, $0.baseAddress, UInt32($0.count))) }
            chunks += body
            chunks += [UInt8(crc >> 24), UInt8((crc >> 16) & 0xFF), UInt8((crc >> 8) & 0xFF), UInt8(crc & 0xFF)]
        }
        return Array(png[..<insertAt]) + chunks + Array(png[insertAt...])
    }

    public static func write(_ image: RGBAImage, text: [(String, String)], to path: String) throws {
        try AtomicWrite.write(try encode(image, text: text), to: path)
    }

    /// The `tEXt` entries of PNG bytes (for tests and tools).
    public static func textEntries(_ png: [UInt8]) -> [String: String] {
        var entries: [String: String] = [:]
        var offset = 8
        while offset + 8 <= png.count {
            let length = Int(png[offset]) << 24 | Int(png[offset + 1]) << 16 | Int(png[offset + 2]) << 8 | Int(png[offset + 3])
            let type = String(decoding: png[(offset + 4)..<(offset + 8)], as: UTF8.self)
            guard offset + 12 + length <= png.count else { break }
            if type == "tEXt" {
                let data = png[(offset + 8)..<(offset + 8 + length)]
                if let zero = data.firstIndex(of: 0) {
                    entries[String(decoding: data[..<zero], as: UTF8.self)] = String(decoding: data[(zero + 1)...], as: UTF8.self)
                }
            }
            offset += 12 + length
        }
        return entries
    }
}
