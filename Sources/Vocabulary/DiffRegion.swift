/// A changed region of a frame: the bounding box of its over-tolerance pixels (x, y = top-left pixel, row 0 = top),
/// how many they are and their largest channel difference. `Golden` finds the regions (`DiffRegions`); reports list
/// and box them, and report.json carries them (largest first) so a reader without the HTML knows where the change is.
public struct DiffRegion: Sendable, Equatable, Codable, CustomStringConvertible {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int
    /// Over-tolerance pixels inside the region.
    public var pixels: Int
    /// Largest per-pixel difference in the region.
    public var maxChannelDiff: Int

    public init(x: Int, y: Int, width: Int, height: Int, pixels: Int, maxChannelDiff: Int) {
        self.x = x; self.y = y; self.width = width; self.height = height
        self.pixels = pixels; self.maxChannelDiff = maxChannelDiff
    }

    enum CodingKeys: String, CodingKey {
        case x, y, width, height, pixels
        case maxChannelDiff = "max_channel_diff"
    }

    /// The key as a reader with `.convertFromSnakeCase` (report.json, part.json) asks for it.
    private enum ConvertedKeys: String, CodingKey { case maxChannelDiff }

    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        x = try container.decode(Int.self, forKey: .x)
        y = try container.decode(Int.self, forKey: .y)
        width = try container.decode(Int.self, forKey: .width)
        height = try container.decode(Int.self, forKey: .height)
        pixels = try container.decode(Int.self, forKey: .pixels)
        if let value = try container.decodeIfPresent(Int.self, forKey: .maxChannelDiff) {
            maxChannelDiff = value
        } else {
            maxChannelDiff = try decoder.container(keyedBy: ConvertedKeys.self).decode(Int.self, forKey: .maxChannelDiff)
        }
    }

    /// "6×6 at (120, 48), 36 px, max diff 255": a line of `parallax compare`'s text.
    public var description: String { "\(width)×\(height) at (\(x), \(y)), \(pixels) px, max diff \(maxChannelDiff)" }
}
