// ParallaxRecorderControl — the start/stop button for ParallaxRecorder (ParallaxRecorder.swift), to drop into any
// SwiftUI view of a debug build:
//     #if DEBUG
//     ParallaxRecorderControl(recorder: recorder)
//     #endif
// A file of its own so that ParallaxRecorder.swift needs no SwiftUI (ParallaxLab's replay compiles the recorder
// with the app's head-tracking code; this file only the app's views name). ParallaxLab type-checks it against a
// SwiftUI stand-in holding only what it uses (AppInTheLoop/StandIns/Sources/SwiftUI), in both default isolations.

import SwiftUI

/// "Record for ParallaxLab" / "Stop recording": starts and stops `recorder`; a failed start shows its error.
struct ParallaxRecorderControl: View {
    let recorder: ParallaxRecorder
    @State private var isRecording = false
    @State private var failure: String? = nil

    var body: some View {
        Button(failure ?? (isRecording ? "Stop recording" : "Record for ParallaxLab")) {
            if recorder.isRecording {
                recorder.stop()
            } else {
                do {
                    try recorder.start()
                    failure = nil
                } catch {
                    failure = "Recording failed: \(error.localizedDescription)"
                }
            }
            isRecording = recorder.isRecording
        }
    }
}
