/// The app's own screen-size table, reproduced so that its error can be measured.
///
/// The literals of `ScreenCalibration.forCurrentDevice()` in AristidesAI/Splat-Frame
/// (`Splat Frame/Services/ScreenCalibration.swift`, the `switch machine` cases), keyed by the device
/// identifier the app switches on. They are body-like sizes, not the active display area: 6.5–11 % too wide
/// and 3–6 % too tall. The app reuses the iPhone 16 family's values for the iPhone 14 Pro Max (iPhone15,3),
/// 15 Pro (iPhone16,1) and 15 Pro Max (iPhone16,2). Every other model falls back to the pixel size divided
/// by 460 ppi (`estimateFromScreen`), which is 29 % too small for the 326-ppi models (XR, 11) and 0.4–3.5 %
/// too large for the 458/476-ppi ones.
public enum AppScreenTable {
    /// Assumed density of the fallback branch.
    public static let fallbackPPI = 460.0

    /// Width × height in mm, portrait, exactly as the app's `switch machine` has them.
    public static let dimensionsMm: [String: (width: Double, height: Double)] = [
        "iPhone17,2": (77.6, 163.0),  // iPhone 16 Pro Max
        "iPhone17,1": (71.5, 149.6),  // iPhone 16 Pro
        "iPhone17,4": (77.8, 160.9),  // iPhone 16 Plus
        "iPhone17,3": (71.6, 147.7),  // iPhone 16
        "iPhone16,2": (77.6, 163.0),  // iPhone 15 Pro Max (16 Pro Max values)
        "iPhone16,1": (71.5, 149.6),  // iPhone 15 Pro (16 Pro values)
        "iPhone15,5": (77.8, 160.9),  // iPhone 15 Plus
        "iPhone15,4": (71.6, 147.7),  // iPhone 15
        "iPhone15,3": (77.6, 163.0),  // iPhone 14 Pro Max (16 Pro Max values)
        "iPhone15,2": (71.5, 147.5),  // iPhone 14 Pro
        "iPhone14,8": (77.8, 160.9),  // iPhone 14 Plus
        "iPhone14,7": (71.6, 146.7),  // iPhone 14
    ]

    /// The app's literal for `record`, if one of its identifiers is in the table.
    public static func dimensionsMm(for record: DisplayRecord) -> (width: Double, height: Double)? {
        record.identifiers.lazy.compactMap { dimensionsMm[$0] }.first
    }

    /// The portrait width × height in meters that the app uses for `record`.
    public static func size(for record: DisplayRecord) -> (width: Double, height: Double) {
        if let literal = dimensionsMm(for: record) {
            return (literal.width / 1000, literal.height / 1000)
        }
        return (Double(record.pixelWidth) / fallbackPPI * 0.0254, Double(record.pixelHeight) / fallbackPPI * 0.0254)
    }
}
