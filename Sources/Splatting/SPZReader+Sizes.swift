extension SPZReader {
    static let headerSize = 16

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
