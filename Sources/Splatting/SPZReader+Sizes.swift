extension SPZReader {
    static let headerSize = 16
    /// Real `.spz` data (quantized, noisy) gzips by about 1.2–3×; 16× plus 16 MiB of slack leaves room for
    /// any capture and bounds what a small file can make us allocate.
    static let maximumCompressionRatio = 16
    static let inflateSlack = 16 << 20
    static var ceilingRule: String { "\(maximumCompressionRatio) × compressed + \(inflateSlack >> 20) MiB" }

    /// The most inflated bytes a file of `compressedSize` bytes may claim.
    static func maximumInflatedSize(compressedSize: Int) -> Int {
        maximumCompressionRatio * compressedSize + inflateSlack
    }

    /// Bytes per splat of each attribute section, in file order (the table in `SPZReader`).
    static func sectionSizes(version: UInt32, degree: Int) -> [(String, Int)] {
        [("positions", version == 1 ? 6 : 9), ("alphas", 1), ("colors", 3), ("scales", 3),
         ("rotations", version == 3 ? 4 : 3), ("sh", 3 * ((degree + 1) * (degree + 1) - 1))]
    }

    /// How many inflated bytes a file with this header holds: header + count × bytes per splat; nil for a
    /// header that is short or not understood (`decodeInflated` names its problem).
    static func inflatedSize(header: [UInt8]) -> Int? {
        guard header.count >= headerSize, u32(header, 0) == magic, (1...3).contains(u32(header, 4)), header[12] <= 3 else {
            return nil
        }
        let perSplat = sectionSizes(version: u32(header, 4), degree: Int(header[12])).reduce(0) { $0 + $1.1 }
        return headerSize + Int(u32(header, 8)) * perSplat
    }
}
