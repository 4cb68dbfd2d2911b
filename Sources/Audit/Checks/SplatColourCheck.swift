import Foundation
import Imaging
import TestedApp
import Vocabulary

extension AuditCheckID {
    package static let splatColour = AuditCheckID("splat-colour")
}

extension AuditCheck {
    /// splat-colour: for every 8-bit colour level c the splat's SH colour can take, the level the app stores:
    /// round(255·(c/255)^2.2) in a bgra8Unorm drawable, versus c (what a correct pipeline shows: with the exact
    /// sRGB encode of the linear value, the fix). Value: levels darker.
    static let splatColour = AuditCheck(
        id: .splatColour,
        unit: .levels,
        defaultLimit: 2.0,
        modes: [.splat],
        reachable: false,
        mechanism: "pow(c, 2.2) is stored in a bgra8Unorm drawable without re-encoding, darkening every mid tone",
        fixDescription: "colour stored through an exact sRGB encode",
        fix: \AppPipeline.storesLinearInUnorm,
        // Every colour level, whatever the trace, screen or mode.,
        dependsOnCase: false,
        modelOnly: "the replay drives the cube; the splat viewer is not reachable in the shipped app",
        ownBaseline: .asShipped,
        evaluate: { SplatColourCheck.evaluate($0, configured: $1) })
}

/// How splat-colour measures (`AuditCheck.splatColour`).
enum SplatColourCheck {
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
