import Foundation

/// The `.splat` format (antimatter15): 32-byte little-endian records, no header — position 3×float32,
/// linear σ 3×float32, colour R G B A as bytes (RGB = 0.5 + C0·f_dc, A = opacity, both ×255),
/// rotation 4 bytes w x y z as (q − 128)/128. Degree-0 colour only: writing drops higher SH.
package enum SplatFormat {
    package static let recordSize = 32

    package static func read(contentsOf path: String) throws -> SplatScene {
        try decode(try SceneFile.readBytes(path), name: path)
    }

    package static func decode(_ bytes: [UInt8], name: String) throws -> SplatScene {
        guard !bytes.isEmpty else {
            throw SplatError(file: name, field: "records", "expected at least one 32-byte record, found an empty file")
        }
        guard bytes.count % recordSize == 0 else {
            throw SplatError(file: name, field: "record \(bytes.count / recordSize)",
                             "truncated: \(bytes.count) bytes is not a whole number of 32-byte records (\(bytes.count % recordSize) bytes left over)")
        }
        let n = bytes.count / recordSize
        var scene = SplatScene(shDegree: 0)
        scene.reserve(n)
        var firstInvalid: SplatError?
        bytes.withUnsafeBytes { raw in
            @inline(__always) func float(_ offset: Int) -> Float {
                Float(bitPattern: UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt32.self)))
            }
            for i in 0..<n {
                let o = i * recordSize
                scene.positions += [float(o), float(o + 4), float(o + 8)]
                scene.scales += [float(o + 12), float(o + 16), float(o + 20)]
                for c in 0..<3 { scene.sh.append(SplatScene.dcCoefficient(color: Float(raw[o + 24 + c]) / 255)) }
                scene.opacities.append(Float(raw[o + 27]) / 255)
                let stored = SIMD4((Float(raw[o + 28]) - 128) / 128, (Float(raw[o + 29]) - 128) / 128,
                                   (Float(raw[o + 30]) - 128) / 128, (Float(raw[o + 31]) - 128) / 128)
                if firstInvalid == nil { firstInvalid = StoredSplatValues.sigmaProblem(scene.scale(i), splat: i, file: name) }
                let q: SIMD4<Float>
                if let unit = StoredSplatValues.unitQuaternion(stored) {
                    q = unit
                } else {
                    if firstInvalid == nil { firstInvalid = StoredSplatValues.rotationProblem(stored, splat: i, file: name) }
                    q = SIMD4(1, 0, 0, 0)
                }
                scene.rotations += [q[0], q[1], q[2], q[3]]
            }
        }
        if let firstInvalid { throw firstInvalid }
        try SceneValidation.checkFinite(scene, name: name)
        return scene
    }

    package static func encode(_ scene: SplatScene) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: scene.count * recordSize)
        let k = scene.coefficientsPerSplat
        @inline(__always) func byte(_ v: Float) -> UInt8 { UInt8(min(max(v.rounded(), 0), 255)) }
        bytes.withUnsafeMutableBytes { raw in
            for i in 0..<scene.count {
                let o = i * recordSize
                for a in 0..<3 {
                    raw.storeBytes(of: scene.positions[3 * i + a].bitPattern.littleEndian, toByteOffset: o + 4 * a, as: UInt32.self)
                    raw.storeBytes(of: scene.scales[3 * i + a].bitPattern.littleEndian, toByteOffset: o + 12 + 4 * a, as: UInt32.self)
                    raw[o + 24 + a] = byte(SplatScene.color(dc: scene.sh[i * k * 3 + a]) * 255)
                }
                raw[o + 27] = byte(scene.opacities[i] * 255)
                let q = SplatScene.normalized(scene.rotation(i))
                for a in 0..<4 { raw[o + 28 + a] = byte(q[a] * 128 + 128) }
            }
        }
        return bytes
    }
}
