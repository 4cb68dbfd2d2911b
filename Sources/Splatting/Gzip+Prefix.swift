import CZlib

extension Gzip {
    /// The first `count` bytes of a gzip stream's inflated data (fewer when the data is shorter), inflating no
    /// more than that: for reading a header that bounds the rest (`SPZReader`).
    package static func inflatePrefix(_ input: [UInt8], count: Int) throws -> [UInt8] {
        var stream = z_stream()
        guard inflateInit2_(&stream, 16 + MAX_WBITS, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            throw Failure.corrupt("zlib initialisation failed")
        }
        defer { inflateEnd(&stream) }
        var output = [UInt8](repeating: 0, count: count)
        var produced = 0
        try input.withUnsafeBufferPointer { inBuffer in
            try output.withUnsafeMutableBufferPointer { out in
                stream.next_in = UnsafeMutablePointer(mutating: inBuffer.baseAddress)
                stream.avail_in = UInt32(min(inBuffer.count, Int(UInt32.max)))
                while produced < count {
                    stream.next_out = out.baseAddress! + produced
                    stream.avail_out = UInt32(count - produced)
                    let before = stream.avail_out
                    let status = CZlib.inflate(&stream, Z_NO_FLUSH)
                    produced += Int(before - stream.avail_out)
                    if status == Z_STREAM_END { break }
                    if status == Z_BUF_ERROR || (status == Z_OK && stream.avail_in == 0 && produced < count) { throw Failure.truncated }
                    if status != Z_OK { throw Failure.corrupt(stream.msg.map { String(cString: $0) } ?? "error \(status)") }
                }
            }
        }
        output.removeSubrange(produced...)
        return output
    }
}
