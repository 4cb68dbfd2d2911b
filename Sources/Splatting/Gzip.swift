import CZlib

/// gzip (RFC 1952) through zlib.
package enum Gzip {
    package enum Failure: Error, Equatable {
        /// Not a gzip/zlib stream or corrupt data; zlib's message.
        case corrupt(String)
        /// The stream ends before its end marker.
        case truncated
        /// The inflated data would exceed the limit.
        case tooLarge(Int)
    }

    /// Inflates a gzip stream (one member) into memory, refusing more than `limit` bytes of output.
    package static func inflate(_ input: [UInt8], limit: Int = 1 << 32) throws -> [UInt8] {
        var stream = z_stream()
        guard inflateInit2_(&stream, 16 + MAX_WBITS, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            throw Failure.corrupt("zlib initialisation failed")
        }
        defer { inflateEnd(&stream) }
        var output = [UInt8](repeating: 0, count: max(1024, min(limit, input.count * 4)))
        var produced = 0
        var status: Int32 = Z_OK
        try input.withUnsafeBufferPointer { inBuffer in
            stream.next_in = UnsafeMutablePointer(mutating: inBuffer.baseAddress)
            stream.avail_in = UInt32(inBuffer.count)
            while true {
                if produced == output.count {
                    guard output.count < limit else { throw Failure.tooLarge(limit) }
                    output += [UInt8](repeating: 0, count: min(output.count, limit - output.count))
                }
                let room = output.count - produced
                status = output.withUnsafeMutableBufferPointer { out -> Int32 in
                    stream.next_out = out.baseAddress! + produced
                    stream.avail_out = UInt32(min(room, Int(UInt32.max)))
                    let before = stream.avail_out
                    let result = CZlib.inflate(&stream, Z_NO_FLUSH)
                    produced += Int(before - stream.avail_out)
                    return result
                }
                if status == Z_STREAM_END { break }
                if status == Z_BUF_ERROR || (status == Z_OK && stream.avail_in == 0 && produced < output.count) {
                    throw Failure.truncated
                }
                if status != Z_OK {
                    let message = stream.msg.map { String(cString: $0) } ?? "error \(status)"
                    throw Failure.corrupt(message)
                }
            }
        }
        output.removeSubrange(produced...)
        return output
    }

    /// Compresses `input` as a gzip stream (used by tests and tools).
    package static func deflate(_ input: [UInt8], level: Int32 = 6) throws -> [UInt8] {
        var stream = z_stream()
        guard deflateInit2_(&stream, level, Z_DEFLATED, 16 + MAX_WBITS, 8, Z_DEFAULT_STRATEGY, ZLIB_VERSION,
                            Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            throw Failure.corrupt("zlib initialisation failed")
        }
        defer { deflateEnd(&stream) }
        var output = [UInt8](repeating: 0, count: Int(deflateBound(&stream, UInt(input.count))) + 32)
        var status: Int32 = Z_OK
        var produced = 0
        input.withUnsafeBufferPointer { inBuffer in
            output.withUnsafeMutableBufferPointer { out in
                stream.next_in = UnsafeMutablePointer(mutating: inBuffer.baseAddress)
                stream.avail_in = UInt32(inBuffer.count)
                stream.next_out = out.baseAddress
                stream.avail_out = UInt32(out.count)
                status = CZlib.deflate(&stream, Z_FINISH)
                produced = out.count - Int(stream.avail_out)
            }
        }
        guard status == Z_STREAM_END else { throw Failure.corrupt("deflate did not finish (status \(status))") }
        output.removeSubrange(produced...)
        return output
    }
}
