extension Statistics {
    /// Quantile `q` ∈ [0, 1] with linear interpolation between order statistics (R type 7, the definition of
    /// `quantile(_:_:)`), by quickselect in O(n) without sorting; reorders `values`. For hot loops over large
    /// buffers (the parallax p95 over every frame). Interpolates as low + f·(high − low), which can differ from
    /// GSL's (1 − f)·low + f·high in the last bit.
    package static func quantile(selectingIn values: UnsafeMutableBufferPointer<Double>, _ q: Double) -> Double {
        quantile(selectingIn: values, q, squareRoots: false)
    }

    /// With `squareRoots`, the quantile of √values (values ≥ 0), selecting on the values themselves.
    package static func quantile(selectingIn values: UnsafeMutableBufferPointer<Double>, _ q: Double, squareRoots: Bool) -> Double {
        let n = values.count
        precondition(n > 0 && (0...1).contains(q), "quantile needs values and q in [0, 1]")
        let h = Double(n - 1) * q
        let k = Int(h.rounded(.down))
        let fraction = h - Double(k)
        var low = select(values, k)
        if squareRoots { low = low.squareRoot() }
        guard fraction > 0, k + 1 < n else { return low }
        var next = values[k + 1]
        for i in (k + 2)..<n where values[i] < next { next = values[i] }
        if squareRoots { next = next.squareRoot() }
        return low + fraction * (next - low)
    }

    /// The k-th smallest value (0-based); afterwards every element after index k is ≥ it.
    static func select(_ a: UnsafeMutableBufferPointer<Double>, _ k: Int) -> Double {
        var left = 0, right = a.count - 1
        while right > left {
            let mid = left + (right - left) / 2
            let x = a[left], y = a[mid], z = a[right]
            let pivot = max(min(x, y), min(max(x, y), z))
            var i = left, j = right
            while i <= j {
                while a[i] < pivot { i += 1 }
                while a[j] > pivot { j -= 1 }
                if i <= j {
                    a.swapAt(i, j)
                    i += 1
                    j -= 1
                }
            }
            if k <= j {
                right = j
            } else if k >= i {
                left = i
            } else {
                break
            }
        }
        return a[k]
    }
}
