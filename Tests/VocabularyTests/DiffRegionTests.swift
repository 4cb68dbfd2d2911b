import Foundation
import Testing
import Vocabulary

/// One region type for `compare --json` (plain keys) and report.json / part.json (snake-case strategies): the same
/// key, `max_channel_diff`, in both, and read back by both.
@Suite struct DiffRegionTests {
    let region = DiffRegion(x: 12, y: 7, width: 6, height: 6, pixels: 36, maxChannelDiff: 255)
    let json = #"{"height":6,"max_channel_diff":255,"pixels":36,"width":6,"x":12,"y":7}"#

    @Test func plainCodingUsesTheSnakeCaseKey() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        #expect(String(decoding: try encoder.encode(region), as: UTF8.self) == json)
        #expect(try JSONDecoder().decode(DiffRegion.self, from: Data(json.utf8)) == region)
    }

    @Test func snakeCaseStrategiesGiveAndReadTheSameKey() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        encoder.keyEncodingStrategy = .convertToSnakeCase
        #expect(String(decoding: try encoder.encode(region), as: UTF8.self) == json)
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        #expect(try decoder.decode(DiffRegion.self, from: Data(json.utf8)) == region)
    }

    @Test func aRegionWithoutItsLargestDifferenceIsRefused() {
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(DiffRegion.self, from: Data(#"{"height":6,"pixels":36,"width":6,"x":12,"y":7}"#.utf8))
        }
    }

    @Test func descriptionNamesSizePositionCountAndDifference() {
        #expect(region.description == "6×6 at (12, 7), 36 px, max diff 255")
    }
}
