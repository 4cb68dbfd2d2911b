import Foundation
import Golden
import ParallaxTestSupport
import Testing
import Vocabulary

/// The numeric golden, the second kind behind `Golden`: its file format, its comparison and the verdicts of the one
/// verify path.
@Suite struct NumberGoldenTests {
    @Test func theFileIsSortedPrettyJSONWithASchemaAndPrefixedNames() throws {
        let numbers = NamedNumbers(["scenario/b/lag_ms": 0.5, "frame/a/view[0][1]": -2, "scenario/c/x": 0.1])
        let text = String(decoding: try numbers.encoded(), as: UTF8.self)
        #expect(text == """
            {
              "schema" : 1,
              "value/frame/a/view[0][1]" : -2,
              "value/scenario/b/lag_ms" : 0.5,
              "value/scenario/c/x" : 0.1
            }
            """)
        #expect(try NamedNumbers(decoding: numbers.encoded(), path: "n.json") == numbers)
    }

    @Test func onlyPrefixedKeysAreNumbersAndAnythingElseIsRefused() throws {
        let read = try NamedNumbers(decoding: Array(#"{"schema": 1, "value/a": 3, "note": 4}"#.utf8), path: "n.json")
        #expect(read == NamedNumbers(["a": 3]))
        for bad in [#"{"schema": "1"}"#, "[1, 2]", "not json"] {
            #expect(throws: GoldenError.invalidNumbers(path: "g/n.json")) { try NamedNumbers(decoding: Array(bad.utf8), path: "g/n.json") }
        }
        #expect("\(GoldenError.invalidNumbers(path: "g/n.json"))" == "g/n.json: not a numbers golden (expected a JSON object of numbers)")
    }

    @Test func numbersWithinAbsolutePlusRelativeToleranceMatch() {
        let tolerance = NumberTolerance(absolute: 0.25, relative: 0.5)
        #expect(tolerance.accepts(0.25, golden: 0), "the absolute part alone at zero")
        #expect(!tolerance.accepts(0.5, golden: 0))
        #expect(tolerance.accepts(-150.25, golden: -100), "half of |golden| plus 0.25")
        #expect(!tolerance.accepts(-150.5, golden: -100))
        #expect(!tolerance.accepts(.nan, golden: 1))
        #expect(NumberTolerance() == NumberTolerance(absolute: 1e-9, relative: 1e-6))
    }

    @Test func theDifferenceListsEveryNameOutsideOrOnOneSideInNameOrder() {
        let golden = NamedNumbers(["a": 1, "b": 2, "c": 3, "gone": 4])
        let actual = NamedNumbers(["a": 1 + 1e-12, "b": 2.5, "c": .nan, "new": 5])
        let comparison = NumberComparison(golden: golden, actual: actual, tolerance: NumberTolerance())
        #expect(!comparison.passed)
        #expect(comparison.compared == 4)
        #expect(comparison.mismatches.map(\.key) == ["b", "c", "gone", "new"])
        #expect(comparison.mismatches[0] == NumberMismatch(key: "b", golden: 2, actual: 2.5))
        #expect(comparison.mismatches[2] == NumberMismatch(key: "gone", golden: 4, actual: nil))
        #expect(comparison.mismatches[3] == NumberMismatch(key: "new", golden: nil, actual: 5))
        #expect(NumberComparison(golden: golden, actual: golden, tolerance: NumberTolerance()).passed)
    }

    @Test func theStoreRecordsTheFileAndTheVerifyPathJudgesIt() throws {
        let root = try TemporaryDirectory(prefix: "number-goldens")
        defer { root.cleanUp() }
        let store = GoldenStore(root: root.url.path) { "make record GOLDEN=\($0)" }
        let numbers = NamedNumbers(["scenario/s/lag_ms": 42.5, "frame/f/projection[0][0]": 1.25])
        func verify(_ actual: NamedNumbers) -> GoldenVerification.NumbersOutcome {
            GoldenVerification.verify(actual, golden: { try store.loadNumbers("numbers/n") }, tolerance: NumberTolerance())
        }

        let missing = verify(numbers)
        #expect(missing.verdict == .missing && missing.comparison == nil)
        #expect(missing.message == "golden 'numbers/n' is missing (expected \(root.path("numbers/n.json"))); record it with: make record GOLDEN=numbers/n")

        let path = try store.recordNumbers(numbers, name: "numbers/n", environment: [:])
        #expect(path == root.path("numbers/n.json"))
        #expect(try [UInt8](Data(contentsOf: URL(fileURLWithPath: path))) == numbers.encoded())
        #expect(verify(numbers).verdict == .pass)
        let moved = verify(NamedNumbers(["scenario/s/lag_ms": 42.6, "frame/f/projection[0][0]": 1.25]))
        #expect(moved.verdict == .fail)
        #expect(moved.comparison?.mismatches == [NumberMismatch(key: "scenario/s/lag_ms", golden: 42.5, actual: 42.6)])

        try Data("{}}".utf8).write(to: URL(fileURLWithPath: path))
        let unreadable = verify(numbers)
        #expect(unreadable.verdict == .error && unreadable.comparison == nil)
        #expect(unreadable.message == "\(path): not a numbers golden (expected a JSON object of numbers)")
    }
}
