/// The renderer's splat order: keys `high << 32 | index` sorted ascending, as `Array.sort()` orders them.
///
/// The keys arrive in ascending index order (the low 32 bits), so a stable sort by the high 32 bits alone gives the
/// full keys' order: a least-significant-digit radix sort, four passes of 8 bits (a pass whose byte is the same
/// for every key is skipped), O(n) instead of O(n log n) comparisons.
enum SplatKeySort {
    /// Sorts `keys`, whose low 32 bits must be strictly increasing on entry.
    static func sort(_ keys: inout [UInt64]) {
        let n = keys.count
        guard n > 1 else { return }
        var scratch = [UInt64](repeating: 0, count: n)
        var inScratch = false
        keys.withUnsafeMutableBufferPointer { a in
            scratch.withUnsafeMutableBufferPointer { b in
                var source = a, target = b
                var counts = [Int](repeating: 0, count: 256)
                for pass in 0..<4 {
                    let shift = UInt64(32 + 8 * pass)
                    for k in 0..<256 { counts[k] = 0 }
                    for key in source { counts[Int((key >> shift) & 0xFF)] += 1 }
                    // Every key in one bucket: this byte orders nothing.
                    if counts[Int((source[0] >> shift) & 0xFF)] == n { continue }
                    var total = 0
                    for k in 0..<256 {
                        let c = counts[k]
                        counts[k] = total
                        total += c
                    }
                    for key in source {
                        let bucket = Int((key >> shift) & 0xFF)
                        target[counts[bucket]] = key
                        counts[bucket] += 1
                    }
                    swap(&source, &target)
                    inScratch.toggle()
                }
            }
        }
        if inScratch { keys = scratch }
    }
}
