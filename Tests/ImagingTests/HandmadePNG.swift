import CZlib

/// A minimal PNG writer independent of libpng (zlib for deflate and CRC only), used to build every colour
/// type, bit depth and Adam7 interlacing by hand, and a minimal reader of unfiltered output.
enum HandmadePNG {
    enum ColorType: UInt8 { case gray = 0, rgb = 2, palette = 3, grayAlpha = 4, rgba = 6 }

    static func channels(_ type: ColorType) -> Int {
        switch type {
        case .gray, .palette: return 1
        case .grayAlpha: return 2
        case .rgb: return 3
        case .rgba: return 4
        }
    }

    /// `samples`: row-major, `channels(type)` values per pixel, each already at `bitDepth`.
    static func make(width: Int, height: Int, type: ColorType, bitDepth: Int, samples: [Int],
                     palette: [(UInt8, UInt8, UInt8)] = [], transparency: [UInt8]? = nil, interlaced: Bool = false) -> [UInt8] {
        let c = channels(type)
        precondition(samples.count == width * height * c)
        var ihdr = be32(width) + be32(height)
        ihdr += [UInt8(bitDepth), type.rawValue, 0, 0, interlaced ? 1 : 0]
        var out: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        out += chunk("IHDR", ihdr)
        if !palette.isEmpty { out += chunk("PLTE", palette.flatMap { [$0.0, $0.1, $0.2] }) }
        if let transparency { out += chunk("tRNS", transparency) }
        var raw: [UInt8] = []
        let passes: [(Int, Int, Int, Int)] = interlaced
            ? [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]
            : [(0, 0, 1, 1)]
        for (x0, y0, dx, dy) in passes {
            let xs = Array(stride(from: x0, to: width, by: dx)), ys = Array(stride(from: y0, to: height, by: dy))
            if xs.isEmpty || ys.isEmpty { continue }
            for y in ys {
                raw.append(0)  // filter: none
                var bits: [Int] = []
                for x in xs { for k in 0..<c { bits.append(samples[(y * width + x) * c + k]) } }
                raw += pack(bits, depth: bitDepth)
            }
        }
        out += chunk("IDAT", deflate(raw))
        out += chunk("IEND", [])
        return out
    }

    static func pack(_ values: [Int], depth: Int) -> [UInt8] {
        switch depth {
        case 8: return values.map { UInt8($0) }
        case 16: return values.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        default:
            var bytes: [UInt8] = []
            var current = 0, used = 0
            for v in values {
                current = (current << depth) | v
                used += depth
                if used == 8 { bytes.append(UInt8(current)); current = 0; used = 0 }
            }
            if used > 0 { bytes.append(UInt8(current << (8 - used))) }
            return bytes
        }
    }

    static func be32(_ v: Int) -> [UInt8] { [UInt8((v >> 24) & 0xFF), UInt8((v >> 16) & 0xFF), UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)] }

    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        let crc = body.withUnsafeBufferPointer { CZlib.crc32(0, $0.baseAddress, uInt($0.count)) }
        return be32(data.count) + body + be32(Int(crc))
    }

    static func deflate(_ raw: [UInt8]) -> [UInt8] {
        var size = compressBound(uLong(raw.count))
        var out = [UInt8](repeating: 0, count: Int(size))
        let status = out.withUnsafeMutableBufferPointer { o in
            raw.withUnsafeBufferPointer { compress2(o.baseAddress, &size, $0.baseAddress, uLong(raw.count), 6) }
        }
        precondition(status == Z_OK)
        return Array(out.prefix(Int(size)))
    }

    /// Chunks of a PNG: (type, data), checking each CRC.
    static func chunks(_ png: [UInt8]) -> [(String, [UInt8])] {
        var result: [(String, [UInt8])] = []
        var i = 8
        while i + 12 <= png.count {
            let length = Int(png[i]) << 24 | Int(png[i + 1]) << 16 | Int(png[i + 2]) << 8 | Int(png[i + 3])
            let type = String(decoding: png[(i + 4)..<(i + 8)], as: UTF8.self)
            result.append((type, Array(png[(i + 8)..<(i + 8 + length)])))
            i += 12 + length
        }
        return result
    }

    static func inflate(_ data: [UInt8], expected: Int) -> [UInt8]? {
        var size = uLongf(expected)
        var out = [UInt8](repeating: 0, count: expected)
        let status = out.withUnsafeMutableBufferPointer { o in
            data.withUnsafeBufferPointer { uncompress(o.baseAddress, &size, $0.baseAddress, uLong(data.count)) }
        }
        return status == Z_OK && Int(size) == expected ? out : nil
    }
}
