import Plumbing
import Testing

@Suite struct YAMLAliasBudgetTests {
    /// Root mapping 1 + key a 1 + [1, 2] 3 + key b 1 + [*x, *x] (1 + 3 + 3) = 13 nodes with aliases expanded.
    let small = "a: &x [1, 2]\nb: [*x, *x]\n"

    @Test func countsEveryAliasAsTheNodeItNames() throws {
        try YAMLAliasBudget.check(small, limit: 13)
        #expect(throws: YAMLAliasBudget.Excess(line: 2, limit: 12)) { try YAMLAliasBudget.check(small, limit: 12) }
    }

    /// Level 0 is [x, x] (3 nodes), level k lists level k − 1 twice: 2^(k+2) − 1 nodes. One mapping key and
    /// value per level.
    func bomb(levels: Int) -> String {
        var text = "l0: &l0 [x, x]\n"
        for k in 1..<levels { text += "l\(k): &l\(k) [*l\(k - 1), *l\(k - 1)]\n" }
        return text
    }

    @Test func aHundredLevelBombStopsAtTheLimitWithItsLine() {
        // With levels 0…k done the document has 1 + 2^(k+3) − 4 nodes: 65533 after level 13, 131069 after
        // level 14, which closes on line 15.
        #expect(throws: YAMLAliasBudget.Excess(line: 15, limit: YAMLAliasBudget.maximumNodes)) {
            try YAMLAliasBudget.check(bomb(levels: 100))
        }
    }

    @Test func fourteenLevelsFitTheDefaultLimitFifteenDoNot() throws {
        // Levels 0…L−1 with their keys: 1 + Σ (1 + 2^(k+2) − 1) = 1 + 2^(L+2) − 4 nodes: 65533 for L = 14
        // (fits), 131069 for L = 15 (too many).
        try YAMLAliasBudget.check(bomb(levels: 14))
        #expect(throws: YAMLAliasBudget.Excess.self) { try YAMLAliasBudget.check(bomb(levels: 15)) }
    }

    @Test func syntaxErrorsAreLeftToTheLoader() throws {
        try YAMLAliasBudget.check("a: [1, 2\nb: *undefined\n")
    }
}
