import Foundation
import Testing
@testable import Tracking

@Suite struct DecimalParserTests {
    func parse(_ text: String) -> Double? {
        var bytes = Array(text.utf8)
        return bytes.withUnsafeMutableBufferPointer { DecimalParser.parse($0.baseAddress!, count: $0.count) }
    }

    @Test func agreesWithStrtodBitForBitOnShortestRoundTripStrings() {
        var generator = SystemRandomNumberGenerator()
        var decided = 0
        for i in 0..<300_000 {
            let magnitude = [1e-6, 1e-3, 0.1, 1, 10, 1e4][i % 6]
            let value = Double.random(in: -magnitude...magnitude, using: &generator)
            let text = value.description
            if let parsed = parse(text) {
                decided += 1
                #expect(parsed.bitPattern == value.bitPattern, "\(text)")
                #expect(parsed.bitPattern == strtod(text, nil).bitPattern)
            }
        }
        #expect(decided > 290_000)  // the fast paths decide nearly everything
    }

    @Test func handlesTheGrammarAndDeclinesWhatItCannotDecide() {
        #expect(parse("0") == 0)
        #expect(parse("-0.0")?.sign == .minus)
        #expect(parse("1.5") == 1.5)
        #expect(parse("+2e3") == 2000)
        #expect(parse("9.023222096908348e-05") == 9.023222096908348e-05)
        #expect(parse(".5") == 0.5)
        #expect(parse("5.") == 5)
        #expect(parse("1e400") == nil)
        #expect(parse("12345678901234567890123") == nil)
        #expect(parse("nan") == nil)
        #expect(parse("0x1p3") == nil)
        #expect(parse("1e") == nil)
        #expect(parse("-") == nil)
        #expect(parse("1.2.3") == nil)
    }
}
