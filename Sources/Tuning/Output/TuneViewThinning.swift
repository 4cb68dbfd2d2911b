/// Which values of a grid axis the tuning view keeps when the axis is longer than its budget.
enum TuneViewThinning {
    /// At most `budget` evenly spread indices of 0..<count (the first and last among them), plus every index in
    /// `keeping` (the recommendation's and the app default's values), sorted and distinct. All of them when
    /// `count <= budget`.
    static func indices(count: Int, budget: Int, keeping required: [Int]) -> [Int] {
        guard count > budget else { return Array(0..<count) }
        var picked = Set(required.filter { (0..<count).contains($0) })
        if budget == 1 {
            picked.insert(0)
        } else if budget > 1 {
            for i in 0..<budget { picked.insert(Int((Double(i) * Double(count - 1) / Double(budget - 1)).rounded())) }
        }
        return picked.sorted()
    }

    /// For every index of 0..<count, the position in `kept` (sorted indices) of the nearest kept index (ties go
    /// to the lower one): what the page shows for a value that was thinned out.
    static func nearest(count: Int, kept: [Int]) -> [Int] {
        (0..<count).map { i in
            var best = 0
            for (position, k) in kept.enumerated() where abs(k - i) < abs(kept[best] - i) { best = position }
            return best
        }
    }

    /// The index of the value in `values` nearest to `value` (ties go to the lower index).
    static func nearestIndex(of value: Double, in values: [Double]) -> Int {
        var best = 0
        for (i, v) in values.enumerated() where abs(v - value) < abs(values[best] - value) { best = i }
        return best
    }
}
