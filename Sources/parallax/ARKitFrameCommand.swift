import ArgumentParser
import Audit
import DeviceFacts
import Foundation
import Plumbing
import TestedApp
import Tracking
import Vocabulary

/// `parallax arkit-frame RECORDING`: which frame ARKit reports the face in, decided from a device recording.
struct ARKitFrameCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "arkit-frame",
        abstract: "Decide from a ParallaxRecorder recording which frame ARKit reports the face in (gravity or camera) and the screen's axes.",
        discussion: """
            The recording follows the protocol (--protocol prints it): the phone tilted ~30° about each axis with the head \
            still, then the head moved up, down, left, right with the phone still. Segments are found from the attitude; \
            gravity predicts a face position that stays put while the phone turns, camera one that turns with the phone.
            Output: verdict (gravity, camera or undecided), phone_rotation_deg, residual_mm per hypothesis, screen_axes \
            {right, up} (the recorded axis and sign carrying each), notes.
            Exit status: 0 decided, 1 undecided (the phone turned less than 5°, or neither hypothesis explains the data), \
            2 bad input.

            Examples:
              parallax arkit-frame --protocol
              parallax arkit-frame recording.csv --json
              parallax audit --recording recording.csv
            """
    )

    @Argument(help: "A ParallaxRecorder CSV.")
    var recording: String?

    @Flag(name: .long, help: "Print JSON instead of text.")
    var json = false

    @Flag(name: .long, help: "Print the recording protocol and exit.")
    var `protocol` = false

    func validate() throws {
        if !`protocol`, recording == nil { throw ValidationError("Missing expected argument '<recording>' (or --protocol)") }
    }

    func run() throws {
        if `protocol` {
            print(ARKitFrameProtocol.text)
            return
        }
        let decision = ARKitFrameDecision(recording: try DeviceRecording.read(contentsOf: recording!))
        print(json ? String(decoding: try JSONEncoder.deterministic().encode(decision), as: UTF8.self) : decision.text)
        if decision.verdict == .undecided { throw CheckFailure("arkit-frame: undecided") }
    }
}
