/// The app's own screen-size table, reproduced so that its error can be measured
/// (`shared/reference/app-behaviour.md`, "Screen size table").
///
/// For iPhone 14 through 16 the app stores the phones' **body (case) dimensions** instead of the active
/// display area. The values below are Apple's published case width × height in mm from the Tech Specs
/// pages (support.apple.com/specs) of each model — 6.5–11 % too wide and 3–5 % too tall compared with the
/// active area. Every other model falls back to the pixel size divided by 460 ppi, which is 29 % too small
/// for the 326-ppi models (XR, 11) and 0.4–3.5 % too large for the 458/476-ppi ones.
public enum AppScreenTable {
    /// Assumed density of the fallback branch.
    public static let fallbackPPI = 460.0

    /// Case (body) width × height in mm, Apple Tech Specs, by marketing name.
    public static let bodyDimensionsMM: [String: (width: Double, height: Double)] = [
        "iPhone 14": (71.5, 146.7),
        "iPhone 14 Plus": (78.1, 160.8),
        "iPhone 14 Pro": (71.5, 147.5),
        "iPhone 14 Pro Max": (77.6, 160.7),
        "iPhone 15": (71.6, 147.6),
        "iPhone 15 Plus": (77.8, 160.9),
        "iPhone 15 Pro": (70.6, 146.6),
        "iPhone 15 Pro Max": (76.7, 159.9),
        "iPhone 16": (71.6, 147.6),
        "iPhone 16 Plus": (77.8, 160.9),
        "iPhone 16 Pro": (71.5, 149.6),
        "iPhone 16 Pro Max": (77.6, 163.0),
    ]

    /// The portrait width × height in meters that the app uses for `record`.
    public static func size(for record: DisplayRecord) -> (width: Double, height: Double) {
        if let body = bodyDimensionsMM[record.model] {
            return (body.width / 1000, body.height / 1000)
        }
        return (Double(record.pixelWidth) / fallbackPPI * 0.0254, Double(record.pixelHeight) / fallbackPPI * 0.0254)
    }
}
