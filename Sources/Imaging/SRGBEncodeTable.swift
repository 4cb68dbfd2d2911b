extension SRGB {
    /// For each byte k in 1…255 the smallest Float whose `encode` is ≥ k, found once by bisection over Float
    /// bit patterns with `encode` itself as the oracle (encode is monotone), so `encodeByTable` returns
    /// exactly what `encode` returns, with 8 comparisons instead of a pow.
    public static let encodeThresholds: [Float] = (1...255).map { k in
        var low: UInt32 = 0, high = Float(1).bitPattern  // encode(0) = 0 < k ≤ 255 = encode(1)
        while high - low > 1 {
            let middle = low + (high - low) / 2
            if encode(Float(bitPattern: middle)) >= UInt8(k) { high = middle } else { low = middle }
        }
        return Float(bitPattern: high)
    }

    /// `encode(linear)` by table lookup (identical results; for per-pixel loops).
    @inline(__always)
    public static func encodeByTable(_ linear: Float) -> UInt8 {
        guard linear > 0 else { return 0 }
        guard linear < 1 else { return 255 }
        return encodeThresholds.withUnsafeBufferPointer { t in
            var low = 0, high = t.count  // count of thresholds ≤ linear
            while low < high {
                let middle = (low + high) / 2
                if t[middle] <= linear { low = middle + 1 } else { high = middle }
            }
            return UInt8(low)
        }
    }
}
