import Foundation

/// Reads Niantic `.spz` files, versions 1–3: a gzip stream holding a 16-byte header — magic `NGSP`
/// (0x5053474e little endian), version u32, count u32, SH degree u8, fractional bits u8, flags u8,
/// reserved u8 — then, for all splats one attribute after another:
///
/// | section | bytes per splat | decoding |
/// |---|---|---|
/// | positions | 3×3 (v2, v3) or 3×2 (v1) | 24-bit signed fixed point / 2^fractionalBits (v1: float16) |
/// | alphas | 1 | opacity = a/255 |
/// | colours | 3 | f_dc = (c/255 − 0.5)/0.15 |
/// | scales | 3 | σ = exp(s/16 − 10) |
/// | rotations | 3 (v1, v2) or 4 (v3) | v1/v2: x y z = r/127.5 − 1, w = √(1 − x² − y² − z²); v3: "smallest three" in a u32 |
/// | SH | 3·((degree+1)² − 1) | (b − 128)/128, coefficient-major, R G B inner |
///
/// `.spz` uses RUB axes (x right, y up, z back); the scene model uses the PLY's RDF, so y and z are negated
/// (a 180° turn about x): positions (x, −y, −z), quaternions (w, x, −y, −z), SH coefficients by
/// `SphericalHarmonics.flipYZSigns`. Version 4 (ZSTD) is refused with a clear error.
package enum SPZReader {
    package static let magic: UInt32 = 0x5053_474E
    package static let colorScale: Float = 0.15

    package static func read(contentsOf path: String) throws -> SplatScene {
        try decode(try SceneFile.readBytes(path), name: path)
    }

    package static func decode(_ bytes: [UInt8], name: String) throws -> SplatScene {
        guard bytes.count >= 2, bytes[0] == 0x1F, bytes[1] == 0x8B else {
            // Version 4 files are not gzip: an uncompressed NGSP header followed by ZSTD streams.
            if bytes.count >= 8, u32(bytes, 0) == magic {
                let version = u32(bytes, 4)
                if version >= 4 {
                    throw SplatError(file: name, field: "version", "version \(version) (ZSTD-compressed) is not supported; supported: 1–3 (gzip)")
                }
            }
            throw SplatError(file: name, field: "gzip", "expected a gzip stream (bytes 1f 8b), found \(SceneFile.describeStart(bytes))")
        }
        let data: [UInt8]
        do {
            // The header's count and the compressed size bound the inflated size: a stream inflating to more
            // (a gzip bomb) stops there, before the memory is taken.
            let header = try Gzip.inflatePrefix(bytes, count: headerSize)
            guard let size = inflatedSize(header: header) else { return try decodeInflated(header, name: name) }
            let ceiling = maximumInflatedSize(compressedSize: bytes.count)
            if size > ceiling {
                throw SplatError(file: name, field: "count", "the header's \(u32(header, 8)) splats take \(size) bytes, more than this file's \(bytes.count) compressed bytes can hold (at most \(ceilingRule) = \(ceiling) bytes)")
            }
            data = try Gzip.inflate(bytes, limit: size)
        } catch Gzip.Failure.truncated {
            throw SplatError(file: name, field: "gzip", "truncated: the compressed stream ends early")
        } catch Gzip.Failure.corrupt(let message) {
            throw SplatError(file: name, field: "gzip", "corrupt compressed data (\(message))")
        } catch Gzip.Failure.tooLarge(let limit) {
            throw SplatError(file: name, field: "count", "the data inflates to more than the \(limit) bytes the header's splat count takes; wrong count")
        }
        return try decodeInflated(data, name: name)
    }

    /// Decodes the inflated bytes (header + attribute sections).
    package static func decodeInflated(_ data: [UInt8], name: String) throws -> SplatScene {
        guard data.count >= 16 else {
            throw SplatError(file: name, field: "header", "truncated: expected 16 bytes, found \(data.count)")
        }
        guard u32(data, 0) == magic else {
            throw SplatError(file: name, field: "magic", "expected 'NGSP', found \(SceneFile.describeStart(data))")
        }
        let version = u32(data, 4)
        guard (1...3).contains(version) else {
            if version >= 4 {
                throw SplatError(file: name, field: "version", "version \(version) (ZSTD-compressed) is not supported; supported: 1–3 (gzip)")
            }
            throw SplatError(file: name, field: "version", "expected 1, 2 or 3, found \(version)")
        }
        let n = Int(u32(data, 8))
        let degree = Int(data[12])
        let fractionalBits = Int(data[13])
        guard degree <= 3 else { throw SplatError(file: name, field: "SH degree", "expected 0…3, found \(degree)") }
        guard fractionalBits <= 24 else { throw SplatError(file: name, field: "fractional bits", "expected 0…24, found \(fractionalBits)") }
        let shPerSplat = 3 * ((degree + 1) * (degree + 1) - 1)
        let sections = sectionSizes(version: version, degree: degree)
        var starts: [Int] = []
        var offset = 16
        for (section, per) in sections {
            starts.append(offset)
            let end = offset + n * per
            if end > data.count {
                throw SplatError(file: name, field: section,
                                 "truncated: \(n) splats need \(n * per) bytes from offset \(offset), the data ends at \(data.count)")
            }
            offset = end
        }
        if offset != data.count {
            throw SplatError(file: name, field: "count", "the header's \(n) splats take \(offset) bytes, the data has \(data.count) (\(data.count - offset) extra); wrong count")
        }
        var scene = SplatScene(shDegree: degree)
        scene.reserve(n)
        let scale = 1 / Float(1 << fractionalBits)
        let k = (degree + 1) * (degree + 1)
        let signs = SphericalHarmonics.flipYZSigns
        data.withUnsafeBytes { raw in
            let (p0, a0, c0, s0, r0, h0) = (starts[0], starts[1], starts[2], starts[3], starts[4], starts[5])
            for i in 0..<n {
                var p = SIMD3<Float>()
                for a in 0..<3 {
                    if version == 1 {
                        let bits = UInt16(raw[p0 + 6 * i + 2 * a]) | UInt16(raw[p0 + 6 * i + 2 * a + 1]) << 8
                        p[a] = Float(Float16(bitPattern: bits))
                    } else {
                        let o = p0 + 9 * i + 3 * a
                        var fixed = Int32(raw[o]) | Int32(raw[o + 1]) << 8 | Int32(raw[o + 2]) << 16
                        if fixed & 0x80_0000 != 0 { fixed |= ~0xFF_FFFF }
                        p[a] = Float(fixed) * scale
                    }
                }
                scene.positions += [p.x, -p.y, -p.z]
                scene.opacities.append(Float(raw[a0 + i]) / 255)
                for a in 0..<3 { scene.scales.append(Foundation.exp(Float(raw[s0 + 3 * i + a]) / 16 - 10)) }
                // Rotation as x, y, z, w (spz's order).
                var q = SIMD4<Float>()
                if version == 3 {
                    let o = r0 + 4 * i
                    var comp = UInt32(raw[o]) | UInt32(raw[o + 1]) << 8 | UInt32(raw[o + 2]) << 16 | UInt32(raw[o + 3]) << 24
                    let mask: UInt32 = (1 << 9) - 1
                    let largest = Int(comp >> 30)
                    var sumSquares: Float = 0
                    for j in stride(from: 3, through: 0, by: -1) where j != largest {
                        let magnitude = comp & mask
                        let negative = (comp >> 9) & 1 == 1
                        comp >>= 10
                        let v = Float(0.5.squareRoot()) * Float(magnitude) / Float(mask)
                        q[j] = negative ? -v : v
                        sumSquares += v * v
                    }
                    q[largest] = max(0, 1 - sumSquares).squareRoot()
                } else {
                    let o = r0 + 3 * i
                    let xyz = SIMD3(Float(raw[o]), Float(raw[o + 1]), Float(raw[o + 2])) / 127.5 - 1
                    q = SIMD4(xyz.x, xyz.y, xyz.z, max(0, 1 - (xyz * xyz).sum()).squareRoot())
                }
                let wxyz = SplatScene.normalized(SIMD4(q.w, q.x, -q.y, -q.z))
                scene.rotations += [wxyz[0], wxyz[1], wxyz[2], wxyz[3]]
                for c in 0..<3 { scene.sh.append((Float(raw[c0 + 3 * i + c]) / 255 - 0.5) / colorScale) }
                for j in 0..<(k - 1) {
                    for c in 0..<3 {
                        let b = Float(raw[h0 + shPerSplat * i + 3 * j + c])
                        scene.sh.append(signs[j + 1] * (b - 128) / 128)
                    }
                }
            }
        }
        try SceneValidation.checkFinite(scene, name: name)
        return scene
    }

    static func u32(_ b: [UInt8], _ o: Int) -> UInt32 {
        UInt32(b[o]) | UInt32(b[o + 1]) << 8 | UInt32(b[o + 2]) << 16 | UInt32(b[o + 3]) << 24
    }
}

extension SPZReader {
    static let headerSize = 16
    /// Real `.spz` data (quantized, noisy) gzips by about 1.2–3×; 16× plus 16 MiB of slack leaves room for
    /// any capture and bounds what a small file can make us allocate.
    static let maximumCompressionRatio = 16
    static let inflateSlack = 16 << 20
    static var ceilingRule: String { "\(maximumCompressionRatio) × compressed + \(inflateSlack >> 20) MiB" }

    /// The most inflated bytes a file of `compressedSize` bytes may claim.
    static func maximumInflatedSize(compressedSize: Int) -> Int {
        maximumCompressionRatio * compressedSize + inflateSlack
    }

    /// Bytes per splat of each attribute section, in file order (the table in `SPZReader`).
    static func sectionSizes(version: UInt32, degree: Int) -> [(String, Int)] {
        [("positions", version == 1 ? 6 : 9), ("alphas", 1), ("colors", 3), ("scales", 3),
         ("rotations", version == 3 ? 4 : 3), ("sh", 3 * ((degree + 1) * (degree + 1) - 1))]
    }

    /// How many inflated bytes a file with this header holds: header + count × bytes per splat; nil for a
    /// header that is short or not understood (`decodeInflated` names its problem).
    static func inflatedSize(header: [UInt8]) -> Int? {
        guard header.count >= headerSize, u32(header, 0) == magic, (1...3).contains(u32(header, 4)), header[12] <= 3 else {
            return nil
        }
        let perSplat = sectionSizes(version: u32(header, 4), degree: Int(header[12])).reduce(0) { $0 + $1.1 }
        return headerSize + Int(u32(header, 8)) * perSplat
    }
}
