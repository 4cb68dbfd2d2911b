import Foundation

extension MetalSplatterSemantics {
    /// exp(−½·m) in float32 for a float16 value m ∈ [0, 9] (the fragment shader's |ρ|² after the 3σ test): the
    /// same `Foundation.exp` of the same float argument, looked up in a table of every normal float16 in
    /// [2⁻¹⁴, 9] (17,537 entries) by the float's top bits; smaller m (subnormal halves) are computed.
    @inline(__always) static func gaussian(_ m: Float) -> Float {
        let index = Int(m.bitPattern >> 13) - gaussianFirst
        guard m >= 0x1p-14, index < gaussianTable.count else { return Foundation.exp(-0.5 * m) }
        return gaussianTable[index]
    }

    /// The table's first index: the float bits of 2⁻¹⁴ (the smallest normal float16) shifted by 13.
    static let gaussianFirst = Int(Float(0x1p-14).bitPattern >> 13)

    /// exp(−½·m) for m = each normal float16 from 2⁻¹⁴ to 9: entry i is m with float bits (first + i) << 13.
    static let gaussianTable: [Float] = {
        let last = Int(Float(9).bitPattern >> 13)
        return (gaussianFirst...last).map { Foundation.exp(-0.5 * Float(bitPattern: UInt32($0) << 13)) }
    }()
}
