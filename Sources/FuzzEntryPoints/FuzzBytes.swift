/// Reads structured values from a fuzzer's bytes, front to back; past the end every value is zero, so any
/// byte sequence decodes to something.
struct FuzzBytes {
    private let bytes: [UInt8]
    private var position = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    var isAtEnd: Bool { position >= bytes.count }

    mutating func byte() -> UInt8 {
        defer { position += 1 }
        return position < bytes.count ? bytes[position] : 0
    }

    mutating func uint32() -> UInt32 {
        (0..<4).reduce(0) { value, shift in value | UInt32(byte()) << (8 * shift) }
    }

    /// Any bit pattern: NaN, ±inf, subnormals included.
    mutating func float() -> Float { Float(bitPattern: uint32()) }

    mutating func double() -> Double {
        let low = UInt64(uint32()), high = UInt64(uint32())
        return Double(bitPattern: high << 32 | low)
    }

    /// Any bit pattern: zero, negative, `Int.min`, `Int.max`.
    mutating func int() -> Int {
        let low = UInt64(uint32()), high = UInt64(uint32())
        return Int(truncatingIfNeeded: high << 32 | low)
    }

    /// A bit of the next byte as a choice.
    mutating func flag() -> Bool { byte() & 1 == 1 }

    /// 1…limit.
    mutating func size(upTo limit: Int) -> Int { 1 + Int(uint32() % UInt32(limit)) }
}
