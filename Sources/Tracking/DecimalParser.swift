/// Fast, correctly rounded parsing of plain decimal numbers (`-0.3475128012542458`, `9.02e-05`), the shape
/// every trace CSV holds. Returns nil for anything it cannot decide exactly (long digit strings, large
/// exponents, hex, `nan`, a rounding tie) so the caller can fall back to `strtod`.
///
/// Why not only `strtod`: a million-row trace holds ~8 M numbers and glibc's strtod takes ~100 ns for the
/// 16–17-digit values that shortest round-trip printing produces. Two exact paths cover nearly all of them:
/// 1. Clinger's fast path: significand < 2⁵³ and |exponent| ≤ 22 — one exact IEEE multiply or divide.
/// 2. (x86-64) the same in 80-bit extended precision: any significand < 2⁶⁴ and 10^k for k ≤ 27 are exact
///    there, the one division or multiplication is correctly rounded to 64 bits, and the second rounding to
///    a double is the correct one unless the extended result sits within one unit of a double halfway point
///    (low 11 bits 0x3FF…0x401) — those rare cases go to strtod.
enum DecimalParser {
    @inline(__always)
    static func parse(_ p: UnsafePointer<UInt8>, count: Int) -> Double? {
        var i = 0
        var negative = false
        if i < count && (p[i] == UInt8(ascii: "-") || p[i] == UInt8(ascii: "+")) {
            negative = p[i] == UInt8(ascii: "-")
            i += 1
        }
        var significand: UInt64 = 0
        var digits = 0           // significant digits accumulated (after leading zeros)
        var exponent = 0
        var sawDigit = false
        // Accumulates a run of digits into the significand; false when it would exceed 19 significant digits.
        // `fractional` digits also lower the decimal exponent.
        @inline(__always) func digitRun(fractional: Bool) -> Bool {
            while i < count, p[i] &- UInt8(ascii: "0") < 10 {
                let d = UInt64(p[i] &- UInt8(ascii: "0"))
                sawDigit = true
                if significand != 0 || d != 0 {
                    guard digits < 19 else { return false }
                    significand = significand &* 10 &+ d
                    digits += 1
                }
                if fractional { exponent -= 1 }
                i += 1
            }
            return true
        }
        guard digitRun(fractional: false) else { return nil }
        if i < count && p[i] == UInt8(ascii: ".") {
            i += 1
            guard digitRun(fractional: true) else { return nil }
        }
        guard sawDigit else { return nil }
        if i < count && (p[i] == UInt8(ascii: "e") || p[i] == UInt8(ascii: "E")) {
            i += 1
            var exponentNegative = false
            if i < count && (p[i] == UInt8(ascii: "-") || p[i] == UInt8(ascii: "+")) {
                exponentNegative = p[i] == UInt8(ascii: "-")
                i += 1
            }
            var value = 0
            var exponentDigits = 0
            while i < count, p[i] &- UInt8(ascii: "0") < 10 {
                guard value < 10_000 else { return nil }
                value = value * 10 + Int(p[i] &- UInt8(ascii: "0"))
                exponentDigits += 1
                i += 1
            }
            guard exponentDigits > 0 else { return nil }
            exponent += exponentNegative ? -value : value
        }
        guard i == count else { return nil }
        if significand == 0 { return negative ? -0.0 : 0.0 }

        if significand <= 1 << 53 && exponent >= -22 && exponent <= 22 {
            let m = Double(significand)
            let value = exponent < 0 ? m / exactPowersOfTen[-exponent] : m * exactPowersOfTen[exponent]
            return negative ? -value : value
        }
        #if arch(x86_64)
        if exponent >= -27 && exponent <= 27 {
            let m = Float80(significand)
            let power = extendedPowersOfTen[abs(exponent)]
            let extended = exponent < 0 ? m / power : m * power
            let lowBits = extended.significandBitPattern & 0x7FF
            guard lowBits < 0x3FF || lowBits > 0x401 else { return nil }
            let value = Double(extended)
            return negative ? -value : value
        }
        #endif
        return nil
    }

    /// 10^0 … 10^22, all exactly representable as doubles.
    static let exactPowersOfTen: [Double] = (0...22).map { k in
        var value = 1.0
        for _ in 0..<k { value *= 10 }
        return value
    }

    #if arch(x86_64)
    /// 10^0 … 10^27, exact in 80-bit extended precision (5^27 < 2^64).
    static let extendedPowersOfTen: [Float80] = (0...27).map { k in
        var value: Float80 = 1
        for _ in 0..<k { value *= 10 }
        return value
    }
    #endif
}
