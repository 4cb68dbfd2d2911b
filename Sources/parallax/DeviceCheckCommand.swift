import ArgumentParser
import Audit
import DeviceFacts
import Foundation
import Plumbing
import Vocabulary

/// `parallax device-check PROBE`: which of the simulated platform's undocumented behaviours a device probe
/// confirms, and which it contradicts.
struct DeviceCheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "device-check",
        abstract: "Decide from a device probe whether the phone behaves as the simulated platform assumes.",
        discussion: """
            The probe (JSON, "probe": 1) holds the face anchor's delegate calls, 10 s of ARKit, CoreMotion and render \
            timestamps, the render thread, SCNNode Euler angles with the matrices read back, and CMAttitude pairs with \
            multiply(byInverseOf:)'s result. Each entry is decided as default (what the simulation does), the \
            alternative the probe matches, or undecided, with its evidence: arkit-first-delivery (didAdd or didUpdate), \
            arkit-loss (frozen or removed), sensor-rates (each stream every 1/60 s, or the measured rates), \
            render-thread (main or other), scenekit-euler (Rx·Ry·Rz or Rz·Ry·Rx), attitude-product (b⁻¹⊗a or a⊗b⁻¹).
            Output: one line per entry, or --json {"probe": 1, "entries": {ID: {"verdict", "evidence"}}}.
            Exit status: 0 every entry matches the defaults, 1 any is an alternative or undecided, 2 bad input.

            Example:
              parallax device-check probe.json --json
            """
    )

    @Argument(help: "A device probe (JSON).")
    var probe: String

    @Flag(name: .long, help: "Print JSON instead of text.")
    var json = false

    func run() throws {
        let check = DeviceCheck(probe: try DeviceProbe.read(contentsOf: probe))
        print(json ? String(decoding: try JSONEncoder.deterministic().encode(check), as: UTF8.self) : check.text)
        let departures = check.departures
        if !departures.isEmpty {
            throw CheckFailure("device-check: \(departures.count) of \(DeviceCheck.ID.allCases.count) entries differ from the simulation's defaults or are undecided (\(departures.map(\.rawValue).joined(separator: ", ")))")
        }
    }
}
