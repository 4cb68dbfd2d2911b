import DeviceFacts
import Foundation
import Geometry
import Plumbing
import TestedApp
import Vocabulary

extension AuditCheckID {
    package static let gyroTilt = AuditCheckID("gyro-tilt")
}

extension AuditCheck {
    /// gyro-tilt: the back-wall shift the cube's tilt offset adds (`CoreMotionTilt`: attitude relative to the
    /// reference, CoreMotion pitch and roll, each through an EMA with α = 0.3, times g), with the anchor read in
    /// camera coordinates in both images (the world-alignment fix), so the offset is a pure error. Uses the trace's
    /// device attitude; a trace without one is evaluated as a still phone tilted by `scriptedTilt` in pitch and roll
    /// from its reference attitude (a tilt the hand makes while holding the phone).
    static let gyroTilt = AuditCheck(
        id: .gyroTilt,
        unit: .pixels,
        defaultLimit: 2.0,
        modes: [.cube],
        reachable: true,
        mechanism: GyroTiltCheck.mechanism(gain: AppDefaults.tiltGain, alpha: AppDefaults.tiltAlpha, source: GyroTiltCheck.shippedSource),
        fixDescription: "no tilt offset",
        fix: \AppPipeline.addsTiltOffset,
        assumptions: [.attitude, .eye, .coreMotionOrder, .attitudeProduct],
        modelOnly: nil,
        evaluate: { GyroTiltCheck.evaluate($0, configured: $1) },
        measureOnCode: { GyroTiltCheck.evaluate($0, code: $1, configured: $2) })
}

/// How gyro-tilt measures (`AuditCheck.gyroTilt`).
enum GyroTiltCheck {
    static let scriptedTilt = 5 * Double.pi / 180

    /// Upright at the first sample, then tilted by `scriptedTilt` in pitch and in roll.
    static func scriptedAttitude(count: Int) -> [Quaternion] {
        (0..<count).map { $0 == 0 ? .identity : CoreMotionTilt.attitude(pitch: scriptedTilt, roll: scriptedTilt) }
    }

    /// Where the shipped app's gain and filter are written (AristidesAI/Splat-Frame at `AppDefaults.appCommit`).
    static let shippedSource = "DeviceMotionService.swift:35–53"

    /// The mechanism with the gain and the filter the run had, and where they were read.
    static func mechanism(gain: Double, alpha: Double?, source: String) -> String {
        let filter = alpha.map { $0 == 1 ? "no filter" : "EMA α = \(rounded($0))" } ?? "no offset"
        return "the cube adds (roll·g, −pitch·g), g = \(rounded(gain)) m/rad, \(filter), to the head (\(source)): with the anchor read in camera coordinates a tilted phone moves the room with the head still"
    }

    /// Four significant digits: what a float32 read-back of a written constant carries.
    static func rounded(_ value: Double) -> String {
        value == 0 ? "0" : NumberText.format(Double(String(format: "%.4g", value))!)
    }

    /// On the code: the same anchors with the phone's attitude held at the first sample's (no tilt to add). A trace
    /// without an attitude has nothing to hold; its scripted tilt is the model's.
    static func evaluate(_ audit: AuditCase, code: AppCodeEvidence, configured: AppPipeline) -> CheckEvaluation? {
        guard audit.attitude != nil else { return nil }
        let after = audit.resetTime != nil
        var evaluation = CheckEvaluation(samples: CodeShift.samples(audit, configured: configured, app: code.straight(afterReset: after),
                                                                    corrected: code.heldAttitude(afterReset: after)))
        evaluation.mechanism = mechanism(gain: code.tilt.gain, alpha: code.tilt.alpha,
                                         source: "read back from the app's code: its tilt offset for a held \(rounded(TiltResponse.roll)) rad roll")
        return evaluation
    }

    static func evaluate(_ audit: AuditCase, configured: AppPipeline) -> CheckEvaluation {
        let scripted = audit.attitude == nil
        let attitude = audit.attitude ?? scriptedAttitude(count: audit.trace.count)
        let samples = IsolatedShift.evaluate(AuditCheckID.gyroTilt, audit, configured: configured, attitude: attitude)
        var evaluation = CheckEvaluation(samples: samples, notes: scripted ? ["\(audit.traceName): no device attitude; phone tilted 5° in pitch and roll after the first sample"] : [])
        evaluation.mechanism = mechanism(gain: configured.tiltGain, alpha: AppDefaults.tiltAlpha, source: shippedSource)
        return evaluation
    }
}
