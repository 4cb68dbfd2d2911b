/// Content fingerprints: the same bytes give the same id on every machine and run.
package enum Fingerprint {
    /// The 64-bit FNV-1a hash of `bytes`, as 16 lowercase hex digits.
    package static func fnv1a64<Bytes: Sequence>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
