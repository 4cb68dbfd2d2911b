import CZlib

/// A PNG `tEXt` entry (keyword up to 79 Latin-1 bytes, then the text), as `PNGWriteOptions.text` writes it.
public struct PNGText: Sendable, Equatable {
    public var keyword: String
    public var value: String

    public init(_ keyword: String, _ value: String) {
        self.keyword = keyword
        self.value = value
    }

    /// `png` with one `tEXt` chunk per entry inserted after the IHDR chunk.
    static func inserting(_ entries: [PNGText], into png: UnsafeRawBufferPointer) -> [UInt8] {
        // Signature (8) + IHDR chunk (4 length + 4 type + 13 data + 4 CRC).
        let insertAt = 8 + 25
        var chunks: [UInt8] = []
        for entry in entries {
            let body = Array("tEXt".utf8) + Array(entry.keyword.utf8.prefix(79)) + [0] + Array(entry.value.utf8)
            chunks += bigEndian(UInt32(body.count - 4))
            chunks += body
            chunks += bigEndian(body.withUnsafeBufferPointer { UInt32(crc32(0, $0.baseAddress, UInt32($0.count))) })
        }
        return Array(png[..<insertAt]) + chunks + Array(png[insertAt...])
    }

    /// The `tEXt` entries of PNG bytes, by keyword.
    public static func entries(of png: [UInt8]) -> [String: String] {
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

    private static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
    }
}
