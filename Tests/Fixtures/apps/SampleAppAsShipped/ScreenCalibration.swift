import UIKit

/// The sample app's screen table (the same sizes as ../SampleApp's) as a switch with one row per model identifier,
/// width × height in mm — the shape the audit's screen-size patch edits.
struct ScreenCalibration: Sendable {
    let widthMeters: Float
    let heightMeters: Float

    static func forCurrentDevice() -> ScreenCalibration {
        var info = utsname()
        uname(&info)
        let machine = withUnsafeBytes(of: info.machine) { bytes in
            String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
        }
        let millimetres: (w: Float, h: Float) = switch machine {
        case "iPhone16,1": (70.0, 150.0)
        default: fromPixels()
        }
        return ScreenCalibration(widthMeters: millimetres.w / 1000, heightMeters: millimetres.h / 1000)
    }

    /// nativeBounds at 500 ppi.
    private static func fromPixels() -> (w: Float, h: Float) {
        let pixels = UIScreen.main.nativeBounds.size
        return (Float(pixels.width) / 500 * 25.4, Float(pixels.height) / 500 * 25.4)
    }
}
