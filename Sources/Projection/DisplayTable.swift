import Foundation

/// One row of the display table: an iPhone with a TrueDepth camera and its active display area.
///
/// Every TrueDepth iPhone's display (sources: Apple's Tech Specs pages and the device catalogue of
/// devicekit/DeviceKit). The active area in mm is pixels / ppi × 25.4, rounded to
/// 0.1 µm in the table; `ScreenModel` uses the unrounded pixels / ppi value.
public struct DisplayRecord: Hashable, Sendable {
    public enum Cutout: String, Hashable, Sendable {
        case notch
        case notchLCD = "notch (LCD)"
        case dynamicIsland = "Dynamic Island"
    }

    public var model: String
    public var identifiers: [String]
    public var diagonalInches: Double
    public var pixelWidth: Int
    public var pixelHeight: Int
    public var ppi: Double
    public var pointWidth: Int
    public var pointHeight: Int
    public var scale: Int
    public var activeWidthMm: Double
    public var activeHeightMm: Double
    public var cutout: Cutout

    /// `iPhone 16 Pro` → `iphone-16-pro`.
    public var slug: String { DisplayTable.slug(model) }
}

/// The embedded display table, in the CSV's order (iPhone X … iPhone 17 Pro Max, Air).
public enum DisplayTable {
    public static let records: [DisplayRecord] = [
        DisplayRecord(model: "iPhone X", identifiers: ["iPhone10,3", "iPhone10,6"], diagonalInches: 5.8, pixelWidth: 1125, pixelHeight: 2436, ppi: 458, pointWidth: 375, pointHeight: 812, scale: 3, activeWidthMm: 62.3908, activeHeightMm: 135.0969, cutout: .notch),
        DisplayRecord(model: "iPhone XS", identifiers: ["iPhone11,2"], diagonalInches: 5.8, pixelWidth: 1125, pixelHeight: 2436, ppi: 458, pointWidth: 375, pointHeight: 812, scale: 3, activeWidthMm: 62.3908, activeHeightMm: 135.0969, cutout: .notch),
        DisplayRecord(model: "iPhone XS Max", identifiers: ["iPhone11,4", "iPhone11,6"], diagonalInches: 6.5, pixelWidth: 1242, pixelHeight: 2688, ppi: 458, pointWidth: 414, pointHeight: 896, scale: 3, activeWidthMm: 68.8795, activeHeightMm: 149.0725, cutout: .notch),
        DisplayRecord(model: "iPhone XR", identifiers: ["iPhone11,8"], diagonalInches: 6.1, pixelWidth: 828, pixelHeight: 1792, ppi: 326, pointWidth: 414, pointHeight: 896, scale: 2, activeWidthMm: 64.5129, activeHeightMm: 139.6221, cutout: .notchLCD),
        DisplayRecord(model: "iPhone 11", identifiers: ["iPhone12,1"], diagonalInches: 6.1, pixelWidth: 828, pixelHeight: 1792, ppi: 326, pointWidth: 414, pointHeight: 896, scale: 2, activeWidthMm: 64.5129, activeHeightMm: 139.6221, cutout: .notchLCD),
        DisplayRecord(model: "iPhone 11 Pro", identifiers: ["iPhone12,3"], diagonalInches: 5.8, pixelWidth: 1125, pixelHeight: 2436, ppi: 458, pointWidth: 375, pointHeight: 812, scale: 3, activeWidthMm: 62.3908, activeHeightMm: 135.0969, cutout: .notch),
        DisplayRecord(model: "iPhone 11 Pro Max", identifiers: ["iPhone12,5"], diagonalInches: 6.5, pixelWidth: 1242, pixelHeight: 2688, ppi: 458, pointWidth: 414, pointHeight: 896, scale: 3, activeWidthMm: 68.8795, activeHeightMm: 149.0725, cutout: .notch),
        DisplayRecord(model: "iPhone 12 mini", identifiers: ["iPhone13,1"], diagonalInches: 5.4, pixelWidth: 1080, pixelHeight: 2340, ppi: 476, pointWidth: 375, pointHeight: 812, scale: 3, activeWidthMm: 57.6303, activeHeightMm: 124.8655, cutout: .notch),
        DisplayRecord(model: "iPhone 12", identifiers: ["iPhone13,2"], diagonalInches: 6.1, pixelWidth: 1170, pixelHeight: 2532, ppi: 460, pointWidth: 390, pointHeight: 844, scale: 3, activeWidthMm: 64.6043, activeHeightMm: 139.8104, cutout: .notch),
        DisplayRecord(model: "iPhone 12 Pro", identifiers: ["iPhone13,3"], diagonalInches: 6.1, pixelWidth: 1170, pixelHeight: 2532, ppi: 460, pointWidth: 390, pointHeight: 844, scale: 3, activeWidthMm: 64.6043, activeHeightMm: 139.8104, cutout: .notch),
        DisplayRecord(model: "iPhone 12 Pro Max", identifiers: ["iPhone13,4"], diagonalInches: 6.7, pixelWidth: 1284, pixelHeight: 2778, ppi: 458, pointWidth: 428, pointHeight: 926, scale: 3, activeWidthMm: 71.2087, activeHeightMm: 154.0638, cutout: .notch),
        DisplayRecord(model: "iPhone 13 mini", identifiers: ["iPhone14,4"], diagonalInches: 5.4, pixelWidth: 1080, pixelHeight: 2340, ppi: 476, pointWidth: 375, pointHeight: 812, scale: 3, activeWidthMm: 57.6303, activeHeightMm: 124.8655, cutout: .notch),
        DisplayRecord(model: "iPhone 13", identifiers: ["iPhone14,5"], diagonalInches: 6.1, pixelWidth: 1170, pixelHeight: 2532, ppi: 460, pointWidth: 390, pointHeight: 844, scale: 3, activeWidthMm: 64.6043, activeHeightMm: 139.8104, cutout: .notch),
        DisplayRecord(model: "iPhone 13 Pro", identifiers: ["iPhone14,2"], diagonalInches: 6.1, pixelWidth: 1170, pixelHeight: 2532, ppi: 460, pointWidth: 390, pointHeight: 844, scale: 3, activeWidthMm: 64.6043, activeHeightMm: 139.8104, cutout: .notch),
        DisplayRecord(model: "iPhone 13 Pro Max", identifiers: ["iPhone14,3"], diagonalInches: 6.7, pixelWidth: 1284, pixelHeight: 2778, ppi: 458, pointWidth: 428, pointHeight: 926, scale: 3, activeWidthMm: 71.2087, activeHeightMm: 154.0638, cutout: .notch),
        DisplayRecord(model: "iPhone 14", identifiers: ["iPhone14,7"], diagonalInches: 6.1, pixelWidth: 1170, pixelHeight: 2532, ppi: 460, pointWidth: 390, pointHeight: 844, scale: 3, activeWidthMm: 64.6043, activeHeightMm: 139.8104, cutout: .notch),
        DisplayRecord(model: "iPhone 14 Plus", identifiers: ["iPhone14,8"], diagonalInches: 6.7, pixelWidth: 1284, pixelHeight: 2778, ppi: 458, pointWidth: 428, pointHeight: 926, scale: 3, activeWidthMm: 71.2087, activeHeightMm: 154.0638, cutout: .notch),
        DisplayRecord(model: "iPhone 14 Pro", identifiers: ["iPhone15,2"], diagonalInches: 6.1, pixelWidth: 1179, pixelHeight: 2556, ppi: 460, pointWidth: 393, pointHeight: 852, scale: 3, activeWidthMm: 65.1013, activeHeightMm: 141.1357, cutout: .dynamicIsland),
        DisplayRecord(model: "iPhone 14 Pro Max", identifiers: ["iPhone15,3"], diagonalInches: 6.7, pixelWidth: 1290, pixelHeight: 2796, ppi: 460, pointWidth: 430, pointHeight: 932, scale: 3, activeWidthMm: 71.2304, activeHeightMm: 154.3878, cutout: .dynamicIsland),
        DisplayRecord(model: "iPhone 15", identifiers: ["iPhone15,4"], diagonalInches: 6.1, pixelWidth: 1179, pixelHeight: 2556, ppi: 460, pointWidth: 393, pointHeight: 852, scale: 3, activeWidthMm: 65.1013, activeHeightMm: 141.1357, cutout: .dynamicIsland),
        DisplayRecord(model: "iPhone 15 Plus", identifiers: ["iPhone15,5"], diagonalInches: 6.7, pixelWidth: 1290, pixelHeight: 2796, ppi: 460, pointWidth: 430, pointHeight: 932, scale: 3, activeWidthMm: 71.2304, activeHeightMm: 154.3878, cutout: .dynamicIsland),
        DisplayRecord(model: "iPhone 15 Pro", identifiers: ["iPhone16,1"], diagonalInches: 6.1, pixelWidth: 1179, pixelHeight: 2556, ppi: 460, pointWidth: 393, pointHeight: 852, scale: 3, activeWidthMm: 65.1013, activeHeightMm: 141.1357, cutout: .dynamicIsland),
        DisplayRecord(model: "iPhone 15 Pro Max", identifiers: ["iPhone16,2"], diagonalInches: 6.7, pixelWidth: 1290, pixelHeight: 2796, ppi: 460, pointWidth: 430, pointHeight: 932, scale: 3, activeWidthMm: 71.2304, activeHeightMm: 154.3878, cutout: .dynamicIsland),
        DisplayRecord(model: "iPhone 16", identifiers: ["iPhone17,3"], diagonalInches: 6.1, pixelWidth: 1179, pixelHeight: 2556, ppi: 460, pointWidth: 393, pointHeight: 852, scale: 3, activeWidthMm: 65.1013, activeHeightMm: 141.1357, cutout: .dynamicIsland),
        DisplayRecord(model: "iPhone 16 Plus", identifiers: ["iPhone17,4"], diagonalInches: 6.7, pixelWidth: 1290, pixelHeight: 2796, ppi: 460, pointWidth: 430, pointHeight: 932, scale: 3, activeWidthMm: 71.2304, activeHeightMm: 154.3878, cutout: .dynamicIsland),
        DisplayRecord(model: "iPhone 16 Pro", identifiers: ["iPhone17,1"], diagonalInches: 6.3, pixelWidth: 1206, pixelHeight: 2622, ppi: 460, pointWidth: 402, pointHeight: 874, scale: 3, activeWidthMm: 66.5922, activeHeightMm: 144.7800, cutout: .dynamicIsland),
        DisplayRecord(model: "iPhone 16 Pro Max", identifiers: ["iPhone17,2"], diagonalInches: 6.9, pixelWidth: 1320, pixelHeight: 2868, ppi: 460, pointWidth: 440, pointHeight: 956, scale: 3, activeWidthMm: 72.8870, activeHeightMm: 158.3635, cutout: .dynamicIsland),
        DisplayRecord(model: "iPhone 16e", identifiers: ["iPhone17,5"], diagonalInches: 6.1, pixelWidth: 1170, pixelHeight: 2532, ppi: 460, pointWidth: 390, pointHeight: 844, scale: 3, activeWidthMm: 64.6043, activeHeightMm: 139.8104, cutout: .notch),
        DisplayRecord(model: "iPhone 17", identifiers: ["iPhone18,3"], diagonalInches: 6.3, pixelWidth: 1206, pixelHeight: 2622, ppi: 460, pointWidth: 402, pointHeight: 874, scale: 3, activeWidthMm: 66.5922, activeHeightMm: 144.7800, cutout: .dynamicIsland),
        DisplayRecord(model: "iPhone Air", identifiers: ["iPhone18,4"], diagonalInches: 6.5, pixelWidth: 1260, pixelHeight: 2736, ppi: 460, pointWidth: 420, pointHeight: 912, scale: 3, activeWidthMm: 69.5739, activeHeightMm: 151.0748, cutout: .dynamicIsland),
        DisplayRecord(model: "iPhone 17 Pro", identifiers: ["iPhone18,1"], diagonalInches: 6.3, pixelWidth: 1206, pixelHeight: 2622, ppi: 460, pointWidth: 402, pointHeight: 874, scale: 3, activeWidthMm: 66.5922, activeHeightMm: 144.7800, cutout: .dynamicIsland),
        DisplayRecord(model: "iPhone 17 Pro Max", identifiers: ["iPhone18,2"], diagonalInches: 6.9, pixelWidth: 1320, pixelHeight: 2868, ppi: 460, pointWidth: 440, pointHeight: 956, scale: 3, activeWidthMm: 72.8870, activeHeightMm: 158.3635, cutout: .dynamicIsland),
    ]

    /// Lower case, runs of anything but letters and digits → one `-`: `iPhone 16 Pro` → `iphone-16-pro`.
    public static func slug(_ name: String) -> String {
        var result = ""
        var pendingDash = false
        for ch in name.lowercased() {
            if ch.isLetter || ch.isNumber {
                if pendingDash && !result.isEmpty { result.append("-") }
                pendingDash = false
                result.append(ch)
            } else {
                pendingDash = true
            }
        }
        return result
    }

    /// The record whose marketing name (case-insensitive), slug, or identifier (`iPhone17,1`,
    /// case-insensitive) is `key`.
    public static func record(named key: String) -> DisplayRecord? {
        let trimmed = key.trimmingCharacters(in: .whitespaces)
        let lower = trimmed.lowercased()
        let keySlug = slug(trimmed)
        return records.first { record in
            record.model.lowercased() == lower || record.identifiers.contains { $0.lowercased() == lower }
        } ?? records.first { $0.slug == keySlug && !keySlug.isEmpty && !lower.contains(",") }
    }

    /// Where the table's numbers come from.
    public static let source = "Apple's Tech Specs pages; identifiers from devicekit/DeviceKit"

    /// Every screen `--screen` accepts by name, one line each (`parallax screens`): slug, name, identifiers, diagonal,
    /// active area, pixels, ppi; the source last.
    public static var listing: String {
        var rows = [["screen", "name", "identifier", "diagonal", "active area", "pixels", "ppi"]]
        for r in records {
            rows.append([r.slug, r.model, r.identifiers.joined(separator: " "), String(format: "%.1f in", r.diagonalInches),
                         String(format: "%.1f × %.1f mm", r.activeWidthMm, r.activeHeightMm), "\(r.pixelWidth) × \(r.pixelHeight)",
                         String(format: "%.0f", r.ppi)])
        }
        let widths = rows[0].indices.map { i in rows.map { $0[i].count }.max() ?? 0 }
        let lines = rows.map { row in
            row.indices.map { i in row[i].padding(toLength: widths[i], withPad: " ", startingAt: 0) }.joined(separator: "  ")
                .replacingOccurrences(of: " +$", with: "", options: .regularExpression)
        }
        return (lines + ["source: \(source). Also accepted: the name or identifier, app-table:NAME (the app's own, wrong, sizes) and WxH[@PWxPH] in meters."])
            .joined(separator: "\n") + "\n"
    }
}
