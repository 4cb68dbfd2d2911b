/// A changed region of a frame as the report lists and boxes it: the bounding box of over-tolerance pixels
/// (x, y = top-left pixel, row 0 = top), its count of over-tolerance pixels and its largest channel difference.
/// report.json carries the regions (largest first) so a reader without the HTML knows where the change is.
package struct FrameRegion: Codable, Sendable, Equatable {
    package var x: Int
    package var y: Int
    package var width: Int
    package var height: Int
    package var pixels: Int
    package var maxChannelDiff: Int

    package init(x: Int, y: Int, width: Int, height: Int, pixels: Int, maxChannelDiff: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
        self.pixels = pixels
        self.maxChannelDiff = maxChannelDiff
    }

    /// "6×6 px at (120, 48) · 36 px over · max diff 255": the list entry of the page.
    package var text: String { "\(width)×\(height) px at (\(x), \(y)) · \(pixels) px over tolerance · max diff \(maxChannelDiff)" }
}
