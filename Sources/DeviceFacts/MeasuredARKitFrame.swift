import TestedApp

/// The ARKit frame an audit ran under when a device recording settled it (`parallax audit --recording R`): the
/// hypothesis is then "measured", with the file, instead of assumed. In audit.json as `recording` (absent when
/// the frame was assumed) and one line of the text.
package struct MeasuredARKitFrame: Codable, Sendable, Equatable {
    /// "measured".
    package var status = "measured"
    package var hypothesis = "arkit_frame"
    package var value: ARKitFrame
    package var file: String
    package var screenAxes: ScreenAxes
    package var phoneRotationDeg: Double
    package var residualMm: [String: Double]

    package init(decision: ARKitFrameDecision, frame: ARKitFrame, axes: ScreenAxes, file: String) {
        value = frame
        self.file = file
        screenAxes = axes
        phoneRotationDeg = (decision.phoneRotationDeg * 10).rounded() / 10
        var residuals: [String: Double] = [:]
        if let g = decision.residualMm.gravity { residuals["gravity"] = (g * 10).rounded() / 10 }
        if let c = decision.residualMm.camera { residuals["camera"] = (c * 10).rounded() / 10 }
        residualMm = residuals
    }

    private enum CodingKeys: String, CodingKey {
        case status, hypothesis, value, file, screenAxes = "screen_axes", phoneRotationDeg = "phone_rotation_deg", residualMm = "residual_mm"
    }

    /// The audit text's line.
    package var line: String {
        "ARKit frame \(value.rawValue): measured by \(file) (phone turned \(phoneRotationDeg)°, residual "
            + residualMm.sorted { $0.key > $1.key }.map { "\($0.key) \($0.value) mm" }.joined(separator: ", ")
            + "; screen axes right \(screenAxes.right.rawValue), up \(screenAxes.up.rawValue))"
    }
}
