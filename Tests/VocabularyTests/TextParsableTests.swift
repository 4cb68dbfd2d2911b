import Foundation
import Testing
import Vocabulary

/// A value parsed from its text where it enters: decoded from a file, its parser's `FieldError` comes out whole, at
/// the value's coding path (or, for a parser that names its own field, at the container's).
@Suite struct TextParsableTests {
    /// A percentage whose parser names its own field, as `ScreenModel` (`screen`) and `SweepSpec` (`smoother`) do.
    struct Percent: TextParsable, Equatable {
        var value: Int
        init(parsing text: String) throws {
            guard let value = Int(text), (0...100).contains(value) else {
                throw FieldError("percent", expected: "a whole number in 0...100", found: "'\(text)'")
            }
            self.value = value
        }
    }

    struct Entry: Decodable {
        var listed: [Parsed<Percent>]
        var named: Percent?
        enum CodingKeys: String, CodingKey { case listed, named }
        init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            listed = try c.decodeIfPresent([Parsed<Percent>].self, forKey: .listed) ?? []
            named = try c.decodeIfPresent(.named, parsedBy: Percent.init(parsing:))
        }
    }

    func carried(_ json: String) -> FieldError? {
        do { _ = try JSONDecoder().decode(Entry.self, from: Data(json.utf8)) } catch let error as DecodingError { return FieldError(error) } catch {}
        return nil
    }

    @Test func decodesTheValueAndKeepsItsText() throws {
        let entry = try JSONDecoder().decode(Entry.self, from: Data(#"{"listed": ["5", "070"], "named": "9"}"#.utf8))
        #expect(entry.listed.map(\.text) == ["5", "070"])
        #expect(entry.listed.map(\.value) == [try Percent(parsing: "5"), try Percent(parsing: "70")])
        #expect(entry.named == (try Percent(parsing: "9")))
    }

    @Test func theParsersErrorComesOutUnderTheCodingPath() {
        #expect(carried(#"{"listed": ["5", "x"]}"#)?.description == "listed[1].percent: expected a whole number in 0...100, found 'x'")
    }

    @Test func aParserNamingItsOwnFieldIsPlacedUnderTheContainer() {
        #expect(carried(#"{"named": "200"}"#)?.description == "percent: expected a whole number in 0...100, found '200'")
    }

    @Test func otherDecodingErrorsCarryNoFieldError() {
        #expect(carried(#"{"listed": [5]}"#) == nil)
    }

    @Test func aCodingPathIsAFieldPath() {
        struct Key: CodingKey {
            var stringValue: String
            var intValue: Int?
            init(stringValue: String) { self.stringValue = stringValue }
            init(intValue: Int) { self.stringValue = "\(intValue)"; self.intValue = intValue }
        }
        #expect(FieldPath(codingPath: [Key(stringValue: "frames"), Key(intValue: 2), Key(stringValue: "screen")]).description == "frames[2].screen")
    }
}
