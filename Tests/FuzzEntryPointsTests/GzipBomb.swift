import CZlib

/// Gzip streams that inflate to far more than their size: an `.spz` header followed by zeros, about 1/1000
/// of that compressed — copies of one deflated MiB of zeros, each ending in a full flush (so no copy refers
/// back into another), then an empty final block and the gzip trailer (CRC-32 combined per copy, size mod 2³²).
enum GzipBomb {
    struct DeflateFailure: Error {}

    static func spz(version: UInt32 = 2, count: UInt32, mebibytes: Int) throws -> [UInt8] {
        var header: [UInt8] = []
        for v: UInt32 in [0x5053_474E, version, count] { withUnsafeBytes(of: v.littleEndian) { header += $0 } }
        return try gzip(prefix: header + [0, 12, 0, 0], mebibytes: mebibytes)
    }

    static func gzip(prefix: [UInt8], mebibytes: Int) throws -> [UInt8] {
        let mebibyte = 1 << 20
        let zeroChunk = [UInt8](repeating: 0, count: mebibyte), firstChunk = prefix + zeroChunk[prefix.count...]
        let zeros = try rawDeflate(zeroChunk)
        var stream: [UInt8] = [0x1F, 0x8B, 8, 0, 0, 0, 0, 0, 0, 3]
        stream += try rawDeflate(firstChunk)
        stream.reserveCapacity(stream.count + mebibytes * zeros.count + 10)
        for _ in 1..<mebibytes { stream += zeros }
        func crc(_ bytes: [UInt8]) -> UInt { bytes.withUnsafeBufferPointer { crc32(0, $0.baseAddress, UInt32($0.count)) } }
        var checksum = crc(firstChunk)
        let zeroChecksum = crc(zeroChunk)
        for _ in 1..<mebibytes { checksum = crc32_combine(checksum, zeroChecksum, off_t(mebibyte)) }
        var trailer: [UInt8] = []
        for v in [UInt32(truncatingIfNeeded: checksum), UInt32(truncatingIfNeeded: mebibytes * mebibyte)] {
            withUnsafeBytes(of: v.littleEndian) { trailer += $0 }
        }
        return stream + [0x03, 0x00] + trailer
    }

    /// Raw deflate (no zlib or gzip wrapper) of `input`, ending in a full flush.
    static func rawDeflate(_ input: [UInt8]) throws -> [UInt8] {
        var stream = z_stream()
        guard deflateInit2_(&stream, 9, Z_DEFLATED, -MAX_WBITS, 9, Z_DEFAULT_STRATEGY, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            throw DeflateFailure()
        }
        defer { deflateEnd(&stream) }
        var output = [UInt8](repeating: 0, count: input.count + 1024)
        var input = input
        let produced = input.withUnsafeMutableBufferPointer { inBuffer in
            output.withUnsafeMutableBufferPointer { out -> Int in
                stream.next_in = inBuffer.baseAddress
                stream.avail_in = UInt32(inBuffer.count)
                stream.next_out = out.baseAddress
                stream.avail_out = UInt32(out.count)
                _ = CZlib.deflate(&stream, Z_FULL_FLUSH)
                return out.count - Int(stream.avail_out)
            }
        }
        return Array(output[..<produced])
    }
}
