import Testing
@testable import Harness

/// The shard plan against hand-worked assignments (greedy longest-processing-time: items by decreasing cost, ties in
/// suite order, each to the least-loaded shard, ties to the lowest shard).
@Suite struct ShardPlanTests {
    let frames = ["a", "b", "c", "d", "e", "f"].map(SuiteUnit.frame)

    func names(_ units: [SuiteUnit]) -> [String] { units.map(\.name) }

    @Test func byCountIsRoundRobinInSuiteOrder() {
        let plan = ShardPlan(units: frames, together: [], shards: 2, durations: nil)
        #expect(plan.balance == .count)
        #expect(names(plan.units(inShard: 1)) == ["a", "c", "e"])
        #expect(names(plan.units(inShard: 2)) == ["b", "d", "f"])
        let three = ShardPlan(units: frames, together: [], shards: 4, durations: nil)
        #expect((1...4).map { names(three.units(inShard: $0)) } == [["a", "e"], ["b", "f"], ["c"], ["d"]])
    }

    /// Costs 1, 5, 2, 4, 3, 3 on 2 shards: b→1 (5), d→2 (4), e→2 (7), f→1 (8), c→2 (9), a→1 (9).
    @Test func byDurationsIsLongestFirst() {
        let durations = SuiteTimings(Dictionary(uniqueKeysWithValues: zip(frames, [1.0, 5, 2, 4, 3, 3])))
        let plan = ShardPlan(units: frames, together: [], shards: 2, durations: durations)
        #expect(plan.balance == .durations)
        #expect(names(plan.units(inShard: 1)) == ["a", "b", "f"])
        #expect(names(plan.units(inShard: 2)) == ["c", "d", "e"])
    }

    /// d runs with a (versus): items {a, d} = 5, b = 5, c = 2, e = 3, f unmeasured = the frames' mean 3:
    /// {a, d}→1 (5), b→2 (5), e→1 (8), f→2 (8), c→1 (10). (Costing f as 1 would put it beside c in shard 2.)
    @Test func togetherUnitsShareAShardAndUnmeasuredCostTheirKindsMean() {
        let durations = SuiteTimings(Dictionary(uniqueKeysWithValues: zip(frames.prefix(5), [1.0, 5, 2, 4, 3])))
        let plan = ShardPlan(units: frames, together: [(.frame("a"), .frame("d"))], shards: 2, durations: durations)
        #expect(names(plan.units(inShard: 1)) == ["a", "c", "d", "e"])
        #expect(names(plan.units(inShard: 2)) == ["b", "f"])
    }

    @Test func everyUnitLandsInExactlyOneShard() {
        let units = [SuiteUnit.scenarios(trace: "t", smoother: "ema"), .tune, SuiteUnit(kind: .audit, name: "iphone-15-pro cube t")] + frames
        for n in 1...12 {
            let plan = ShardPlan(units: units, together: [(.frame("b"), .frame("f"))], shards: n, durations: nil)
            let all = (1...n).flatMap { plan.units(inShard: $0) }
            #expect(all.count == units.count && Set(all) == Set(units))
            #expect((1...n).contains { plan.units(inShard: $0).contains(.frame("b")) && plan.units(inShard: $0).contains(.frame("f")) })
        }
    }

    @Test func unitsRoundTripAsText() throws {
        for unit in [SuiteUnit.scenarios(trace: "my trace", smoother: "one-euro:mincutoff=1,beta=10|predict:horizon=0.03"), .frame("suite/x y"), .tune, SuiteUnit(kind: .audit, name: "iphone-15-pro cube step")] {
            #expect(try SuiteUnit(parsing: unit.description) == unit)
        }
        #expect(throws: (any Error).self) { try SuiteUnit(parsing: "frames x") }
    }
}
