import Foundation

/// Writes the 3DGS `.ply` layout, binary little endian, float32: x y z nx ny nz (normals 0), f_dc_0..2,
/// f_rest_* (channel-major, 3·((degree+1)² − 1) of them), opacity (logit), scale_0..2 (log σ), rot_0..3
/// (w first). Opacities are clamped to [1e-6, 1 − 1e-6] and σ to ≥ 1e-30 so that the logs stay finite.
package enum PLYWriter {
    package static func encode(_ scene: SplatScene) -> [UInt8] {
        let rest = 3 * (scene.coefficientsPerSplat - 1)
        var header = "ply\nformat binary_little_endian 1.0\ncomment written by ParallaxLab\nelement vertex \(scene.count)\n"
        var names = ["x", "y", "z", "nx", "ny", "nz", "f_dc_0", "f_dc_1", "f_dc_2"]
        names += (0..<rest).map { "f_rest_\($0)" }
        names += ["opacity", "scale_0", "scale_1", "scale_2", "rot_0", "rot_1", "rot_2", "rot_3"]
        for n in names { header += "property float \(n)\n" }
        header += "end_header\n"
        var bytes = Array(header.utf8)
        let stride = names.count * 4
        let start = bytes.count
        bytes += [UInt8](repeating: 0, count: scene.count * stride)
        let k = scene.coefficientsPerSplat
        let perChannel = k - 1
        bytes.withUnsafeMutableBytes { raw in
            var offset = start
            @inline(__always) func put(_ v: Float) {
                raw.storeBytes(of: v.bitPattern.littleEndian, toByteOffset: offset, as: UInt32.self)
                offset += 4
            }
            for i in 0..<scene.count {
                put(scene.positions[3 * i]); put(scene.positions[3 * i + 1]); put(scene.positions[3 * i + 2])
                put(0); put(0); put(0)
                let base = i * k * 3
                put(scene.sh[base]); put(scene.sh[base + 1]); put(scene.sh[base + 2])
                for c in 0..<3 {
                    for j in 0..<perChannel { put(scene.sh[base + (1 + j) * 3 + c]) }
                }
                put(SplatScene.logit(scene.opacities[i]))
                for a in 0..<3 { put(Float(Foundation.log(Double(max(scene.scales[3 * i + a], 1e-30))))) }
                for a in 0..<4 { put(scene.rotations[4 * i + a]) }
            }
        }
        return bytes
    }
}
