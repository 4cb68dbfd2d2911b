import Foundation

/// The sRGB transfer function (IEC 61966-2-1), for filtering in linear light.
public enum SRGB {
    /// Encoded 8-bit value → linear light in [0, 1], for every byte.
    public static let decodeTable: [Float] = (0..<256).map { code in
        let c = Double(code) / 255
        return Float(c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4))
    }

    /// Linear light in [0, 1] → the nearest encoded 8-bit value.
    @inline(__always)
    public static func encode(_ linear: Float) -> UInt8 {
        // NaN (from a degenerate input) maps to 0 instead of reaching Int(_:).
        let l = Double(linear > 0 ? min(linear, 1) : 0)
        let c = l <= 0.0031308 ? 12.92 * l : 1.055 * pow(l, 1 / 2.4) - 0.055
        return UInt8(min(max(Int((c * 255).rounded()), 0), 255))
    }
}
