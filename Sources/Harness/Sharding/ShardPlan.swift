/// Which units of a suite each shard of `parallax run --shard i/n` runs. Deterministic: every shard computes the
/// same plan from the same suite (and the same `--durations` file) and runs its own part of it.
///
/// Items are the units, except that a frame compared with another (`versus:`) runs with it, in one item. Each item
/// costs its units' measured seconds (`--durations`: a unit without a measurement costs the mean of the measured
/// units of its kind, or of all measured units) or, without durations, its number of units. Greedy
/// longest-processing-time assignment: items by decreasing cost (ties: suite order), each to the shard with the least
/// cost so far (ties: the lowest shard). Without durations that spreads the items round robin in suite order.
struct ShardPlan: Sendable {
    enum Balance: String, Codable, Sendable {
        case count, durations
    }

    /// Every unit of the suite, in the suite's order.
    let units: [SuiteUnit]
    /// Groups of unit indices that run in one shard, in the order of their first unit.
    let items: [[Int]]
    let balance: Balance
    /// The shard (0-based) of each item.
    let assignment: [Int]

    /// `together`: pairs of units that must run in the same shard (the second needs the first).
    init(units: [SuiteUnit], together: [(SuiteUnit, SuiteUnit)], shards: Int, durations: SuiteTimings?) {
        precondition(shards >= 1)
        self.units = units
        let index = Dictionary(units.enumerated().map { ($0.element, $0.offset) }) { first, _ in first }
        var itemOf: [Int] = Array(repeating: -1, count: units.count)
        var items: [[Int]] = []
        let partner = Dictionary(together.compactMap { pair in index[pair.1].flatMap { later in index[pair.0].map { (later, $0) } } }) { a, _ in a }
        for u in units.indices {
            if let earlier = partner[u], earlier < u, itemOf[earlier] >= 0 {
                itemOf[u] = itemOf[earlier]
                items[itemOf[u]].append(u)
            } else {
                itemOf[u] = items.count
                items.append([u])
            }
        }
        self.items = items

        let costs: [Double]
        if let durations {
            balance = .durations
            let measured = durations.byUnit
            let known = units.compactMap { measured[$0] }
            let overall = known.isEmpty ? 1 : known.reduce(0, +) / Double(known.count)
            var kindMean: [SuiteUnit.Kind: Double] = [:]
            for kind in SuiteUnit.Kind.allCases {
                let values = units.filter { $0.kind == kind }.compactMap { measured[$0] }
                if !values.isEmpty { kindMean[kind] = values.reduce(0, +) / Double(values.count) }
            }
            costs = items.map { item in item.reduce(0) { $0 + (measured[units[$1]] ?? kindMean[units[$1].kind] ?? overall) } }
        } else {
            balance = .count
            costs = items.map { Double($0.count) }
        }
        var assignment = Array(repeating: 0, count: items.count)
        var loads = Array(repeating: 0.0, count: shards)
        for item in items.indices.sorted(by: { costs[$0] != costs[$1] ? costs[$0] > costs[$1] : $0 < $1 }) {
            let shard = loads.indices.min { loads[$0] != loads[$1] ? loads[$0] < loads[$1] : $0 < $1 }!
            assignment[item] = shard
            loads[shard] += costs[item]
        }
        self.assignment = assignment
    }

    /// The units of shard `index` (1-based), in the suite's order.
    func units(inShard index: Int) -> [SuiteUnit] {
        var chosen = Set<Int>()
        for (item, shard) in assignment.enumerated() where shard == index - 1 { chosen.formUnion(items[item]) }
        return units.indices.filter(chosen.contains).map { units[$0] }
    }
}
