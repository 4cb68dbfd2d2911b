import CSplatKernel
import Foundation

extension MetalSplatterSemantics {
    /// exp(−½·m) in float32 for a float16 value m ∈ [0, 9] (the fragment shader's |ρ|² after the 3σ test): the
    /// same `Foundation.exp` of the same float argument, looked up by m's float16 bit pattern.
    static func gaussian(_ m: Float) -> Float {
        let bits = Int(Float16(m).bitPattern)
        guard m >= 0, bits < gaussianTable.count else { return Foundation.exp(-0.5 * m) }
        return gaussianTable[bits]
    }

    /// exp(−½·m) for every float16 m from +0 to 9 (bit patterns 0 … 0x4880, subnormals included), as the
    /// `metalsplatter` kernel reads it (`PXSPLAT_GAUSSIAN_ENTRIES`).
    static let gaussianTable: [Float] = (0..<Int(PXSPLAT_GAUSSIAN_ENTRIES)).map {
        Foundation.exp(-0.5 * Float(Float16(bitPattern: UInt16($0))))
    }
}
