/// The unit a metric's value is in; `symbol` is what reports print after a value (and report.json's budget `unit`).
public enum MetricUnit: Sendable, Hashable, CaseIterable {
    case milliseconds, seconds, millimeters, pixels, arcminutes, degreesPerSecond, pixelsPerCentimeter, decibels, percent
    /// 8-bit channel levels (0–255).
    case levels
    /// A number of things (pixels over a tolerance, failed frames); printed without a symbol.
    case count
    /// Dimensionless (a fraction, SSIM); printed without a symbol.
    case ratio

    public var symbol: String {
        switch self {
        case .milliseconds: return "ms"
        case .seconds: return "s"
        case .millimeters: return "mm"
        case .pixels: return "px"
        case .arcminutes: return "arcmin"
        case .degreesPerSecond: return "°/s"
        case .pixelsPerCentimeter: return "px/cm"
        case .decibels: return "dB"
        case .percent: return "%"
        case .levels: return "levels"
        case .count, .ratio: return ""
        }
    }
}
