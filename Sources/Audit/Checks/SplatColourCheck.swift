import Foundation
import Imaging
import Vocabulary

/// splat-colour: for every 8-bit colour level c the splat's SH colour can take, the level the app stores:
/// round(255·(c/255)^2.2) in a bgra8Unorm drawable, versus c (what a correct pipeline shows: with the exact
/// sRGB encode of the linear value, the fix). Value: levels darker.
enum SplatColourCheck: AuditCheck {
    static let id = AuditCheckID.splatColour
    static let unit = MetricUnit.levels
    static let defaultLimit = 2.0
    static let modes: Set<AppMode> = [.splat]
    static let reachable = false
    /// Every colour level, whatever the trace, screen or mode.
    static let dependsOnCase = false
    static let mechanism = "pow(c, 2.2) is stored in a bgra8Unorm drawable without re-encoding, darkening every mid tone"
    static let fixDescription = "colour stored through an exact sRGB encode"
    static let ownBaseline: AuditBaseline? = .asShipped
    static let modelOnly: String? = "the replay drives the cube; the splat viewer is not reachable in the shipped app"
    static var fix: WritableKeyPath<AppPipeline, Bool> { \.storesLinearInUnorm }

    static func storedLevel(_ level: Int, storesLinearInUnorm: Bool) -> Int {
        if storesLinearInUnorm {
            return Int((255 * pow(Double(level) / 255, 2.2)).rounded())
        }
        return Int(SRGB.encode(SRGB.decodeTable[level]))
    }

    static func evaluate(_: AuditCase, configured: AppPipeline) -> CheckEvaluation {
        let samples = (0...255).map { level in
            CheckSample(value: Double(level - storedLevel(level, storesLinearInUnorm: configured.storesLinearInUnorm)), place: "level \(level)")
        }
        return CheckEvaluation(samples: samples, notes: ["mid-grey 128 is stored as \(storedLevel(128, storesLinearInUnorm: configured.storesLinearInUnorm))"])
    }
}
