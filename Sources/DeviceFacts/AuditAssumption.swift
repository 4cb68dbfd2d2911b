import Analysis
import Plumbing
import TestedApp

/// The audit's hypotheses: what a check's number depends on beyond the app's code, each named, never asserted —
/// with where it comes from, how sure it is (`HypothesisStatus`) and the experiment on a device that settles it.
/// Each check lists the ones it rests on (`AuditCheck.assumptions`, `rests_on` in the JSON); the case says what
/// was assumed on it (`AuditCase.assumption(_:pipeline:)`), in the text, the JSON and the HTML.
package enum AuditAssumption: String, CaseIterable, Codable, Sendable, Comparable {
    /// Which frame ARKit reports the face anchor in (gravity or camera).
    case arkitFrame = "arkit-frame"
    /// The signs of the anchor's axes for an upright phone, and whether the front camera mirrors x.
    case arkitAxes = "arkit-axes"
    case attitude
    case eye
    case truth
    /// Where each phone's front camera sits relative to its active area's centre.
    case cameraPosition = "camera-position"
    case sensorLatency = "sensor-latency"
    /// CoreMotion's Euler order and signs (pitch, roll).
    case coreMotionOrder = "core-motion"
    /// The order of `CMAttitude.multiply(byInverseOf:)`'s product.
    case attitudeProduct = "attitude-product"
    case handOffTiming = "hand-off"
    /// The platform behaviours a device probe settles (`parallax device-check`, `DeviceCheck`); the simulation runs
    /// the app's code under any alternative (`SimulatedPlatform`, `--assume`), and `--sensitivity` measures each.
    case arkitFirstDelivery = "arkit-first-delivery"
    case arkitLoss = "arkit-loss"
    case sensorRates = "sensor-rates"
    case renderThread = "render-thread"
    case scenekitEuler = "scenekit-euler"

    package static func < (a: Self, b: Self) -> Bool { allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)! }
}

/// How far a hypothesis is established.
package enum HypothesisStatus: String, Codable, Sendable {
    /// Apple (or the app's source) states it.
    case documented
    /// Read from documentation that does not say it outright, or from the app's code structure.
    case inferred
    /// A value or convention the audit picked because nothing states it.
    case assumed
    /// Settled on a device: a probe (`audit --probe`) or a recording (`audit --recording`) decided it.
    case measured
}

/// One entry of the hypotheses registry (audit.json `hypotheses`).
package struct Hypothesis: Codable, Sendable, Equatable {
    package var id: AuditAssumption
    package var statement: String
    package var source: String
    package var status: HypothesisStatus
    /// What to do on a device to settle it.
    package var experiment: String
    /// The other behaviours it could be, as `--assume` (or `--arkit-frame`, `--rates`) names them; empty when the
    /// alternative is a value the experiment measures.
    package var alternatives: [String] = []
    /// How far the numbers move under each alternative (`audit --sensitivity`, with the app's code); nil when not measured.
    package var sensitivity: [AlternativeEffect]?
    /// No alternative moves a check past its limit; nil when not measured.
    package var harmless: Bool? { sensitivity.map { !$0.contains(where: \.crossesLimit) } }

    enum CodingKeys: String, CodingKey { case id, statement, source, status, experiment, alternatives, sensitivity, harmless }

    package init(id: AuditAssumption, statement: String, source: String, status: HypothesisStatus, experiment: String) {
        self.id = id
        self.statement = statement
        self.source = source
        self.status = status
        self.experiment = experiment
        alternatives = id.alternatives
    }

    package init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(id: try c.decode(AuditAssumption.self, forKey: .id), statement: try c.decode(String.self, forKey: .statement),
                  source: try c.decode(String.self, forKey: .source), status: try c.decode(HypothesisStatus.self, forKey: .status),
                  experiment: try c.decode(String.self, forKey: .experiment))
        alternatives = try c.decode([String].self, forKey: .alternatives)
        sensitivity = try c.decodeIfPresent([AlternativeEffect].self, forKey: .sensitivity)
    }

    package func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(statement, forKey: .statement)
        try c.encode(source, forKey: .source)
        try c.encode(status, forKey: .status)
        try c.encode(experiment, forKey: .experiment)
        try c.encode(alternatives, forKey: .alternatives)
        try c.encodeIfPresent(sensitivity, forKey: .sensitivity)
        try c.encodeIfPresent(harmless, forKey: .harmless)
    }
}

extension Hypothesis {
    /// "harmless", "flips a verdict", "sensitivity not measured (audit --sensitivity with the app's code)", or
    /// "no alternative to run" for an entry whose alternative is a value a device measures.
    package var effectText: String {
        guard let harmless else {
            return alternatives.isEmpty ? "no alternative to run: a value a device measures" : "sensitivity not measured: the audit with the app's code and sensitivity on measures it"
        }
        return harmless ? "harmless: no alternative flips a verdict" : "an alternative flips a verdict"
    }
}

extension AuditAssumption {
    /// The sensor rates `--sensitivity` runs: CoreMotion delivering about every 0.019 s when 1/60 s is asked
    /// (reported on devices), and the app's view drawn at 120 Hz on a ProMotion panel.
    package static let rateAlternatives = ["motion=52.6", "display=120"]

    /// The alternatives the simulation can run (`PlatformSensitivity` evaluates each).
    package var alternatives: [String] {
        switch self {
        case .arkitFrame: return ["arkit-frame=camera"]
        case .sensorRates: return Self.rateAlternatives.map { "sensor-rates=\($0)" }
        default:
            guard let entry = SimulatedPlatform.choices.first(where: { $0.id == rawValue }) else { return [] }
            return entry.alternatives.dropFirst().map { "\(entry.id)=\($0)" }
        }
    }
}

extension AuditAssumption {
    /// The registry entry: statement, source, status, the experiment that settles it.
    package var hypothesis: Hypothesis {
        switch self {
        case .arkitFrame:
            return Hypothesis(id: self, statement: "ARKit reports the face anchor in a gravity-aligned world frame fixed at session start (default), or relative to the camera (the other hypothesis, under_other_arkit_frame)",
                              source: "ARConfiguration.h: worldAlignment defaults to .gravity; ARAnchor.transform is in world coordinates. Nothing says whether plain face tracking tracks the device's rotation; the header note on ARFaceTrackingConfiguration.worldTrackingEnabled ('when enabled … in the world coordinate space') can be read the other way",
                              status: .inferred,
                              experiment: "one minute on a device: log faceAnchor.transform, frame.camera.transform and the CoreMotion attitude each frame while tilting the phone ±20° with the head still; gravity: columns.3 stays put while camera.transform turns; camera: columns.3 turns with the phone")
        case .arkitAxes:
            return Hypothesis(id: self, statement: "for an upright phone the anchor's x and y are the screen's right and up, not mirrored; camera.transform's axes are the sensor's landscape axes (x along the long axis, from the front camera toward the bottom edge)",
                              source: "ARCamera.transform and ARConfiguration.WorldAlignment.camera document the landscape sensor axes; the anchor's signs for a portrait screen and the front camera's mirroring are documented nowhere",
                              status: .assumed,
                              experiment: "phone upright and still: move the head 10 cm to its right, then 10 cm up; log columns.3 of faceAnchor.transform and of camera.transform⁻¹·faceAnchor.transform: which component changes and with which sign")
        case .attitude:
            return Hypothesis(id: self, statement: "the phone's attitude over the trace (launch tilt, turns) is the trace's device_q (or pitch,roll) columns",
                              source: "the trace; the canonical traces' tilts (20–45° at launch, tilt.csv's turns) are synthetic",
                              status: .assumed,
                              experiment: "record CMDeviceMotion.attitude.quaternion with each face-anchor update (Traces/README.md)")
        case .eye:
            return Hypothesis(id: self, statement: "the eye sits 32 mm above the face anchor's origin, 0 mm in front of it (cyclopean, or ±IPD/2 for one eye), turning with the head",
                              source: "ARKit does not document where the anchor's origin is relative to the eyes",
                              status: .assumed,
                              experiment: "log ARFaceAnchor.leftEyeTransform and rightEyeTransform (relative to the anchor) for a few people")
        case .truth:
            return Hypothesis(id: self, statement: "the true head positions are the trace's true_x,true_y,true_z columns (or the reference estimate)",
                              source: "the trace: the canonical traces are synthetic (parallax synth), their truth the generator's",
                              status: .assumed,
                              experiment: "record with a reference tracker (motion capture) beside the phone and import it with --truth")
        case .cameraPosition:
            return Hypothesis(id: self, statement: "the front camera's position relative to the active area's centre of each phone (iPhone 15 Pro: 7.5 mm right, 65.6 mm up)",
                              source: "the display table's camera offsets, estimated from published drawings (quality per device in the camera-offset note)",
                              status: .assumed,
                              experiment: "phone upright: hold a small target at the screen's centre, log faceAnchor columns.3 x, y with the world-alignment fix; or measure the lens centre on a face-on photo")
        case .sensorLatency:
            return Hypothesis(id: self, statement: "ARKit face tracking delivers a pose \(NumberText.format(LatencyModel.assumedSensorLatency * 1000)) ms after the camera captured it",
                              source: "Apple publishes no latency for ARKit face tracking",
                              status: .assumed,
                              experiment: "film the head and the screen at 240 fps while moving the head sharply; compare with ARFrame.timestamp against the display's presentation time")
        case .coreMotionOrder:
            return Hypothesis(id: self, statement: "pitch is about the device's x, roll about its y (R = Rz(yaw)·Rx(pitch)·Ry(roll))",
                              source: "CMAttitude documents the axes of pitch, roll and yaw but not their composition order",
                              status: .inferred,
                              experiment: "log attitude.quaternion with pitch, roll and yaw after a pitch then a roll; compare with the composition orders")
        case .attitudeProduct:
            return Hypothesis(id: self, statement: "attitude.multiply(byInverseOf: reference) is reference⁻¹·attitude (Hamilton)",
                              source: "CMAttitude.multiply(byInverseOf:): \"multiplies the inverse of the specified CMAttitude object by the attitude represented by the receiving object\" — the quaternion order is not stated",
                              status: .inferred,
                              experiment: Self.probeExperiment)
        case .handOffTiming:
            return Hypothesis(id: self, statement: "the cube applies a projection one display frame after it is set; the splat view's 60 Hz timer drifts in phase against the display",
                              source: "read from the app's code structure (SceneKit renderer delegate, a Timer), not measured",
                              status: .inferred,
                              experiment: "log, per frame, the CADisplayLink timestamp and the head sample each projection was built from (Instruments' Metal System Trace)")
        case .arkitFirstDelivery:
            return Hypothesis(id: self, statement: "the face anchor's first delegate call is session(_:didAdd:), then session(_:didUpdate:) once per frame; an app that implements only didUpdate (Splat Frame) starts its smoothers one update later, as the simulation does by default",
                              source: "ARFaceAnchor: \"When ARKit detects a face, it adds an ARFaceAnchor object to the session's list of anchors\"; ARSessionDelegate's session(_:didAdd:) is called for added anchors",
                              status: .documented,
                              experiment: Self.probeExperiment)
        case .arkitLoss:
            return Hypothesis(id: self, statement: "while the face is lost ARKit keeps calling session(_:didUpdate:) with isTracked false and the last pose (frozen), rather than didRemove and a new didAdd when the face returns",
                              source: "ARTrackable.isTracked ('whether the current transform is valid') exists for face anchors; session(_:didRemove:) says ARKit 'may automatically remove anchors'; which happens for a lost face is not stated",
                              status: .inferred,
                              experiment: Self.probeExperiment)
        case .sensorRates:
            return Hypothesis(id: self, statement: "ARKit, CoreMotion (at the app's requested 1/60 s) and the display each deliver every 1/60 s",
                              source: "Apple says of deviceMotionUpdateInterval that it is capped and that apps should check the timestamps for the true interval; no face-tracking frame rate is stated for every device",
                              status: .assumed,
                              experiment: Self.probeExperiment)
        case .renderThread:
            return Hypothesis(id: self, statement: "SceneKit calls renderer(_:updateAtTime:) on the main thread",
                              source: "SCNSceneRendererDelegate does not say which thread its methods run on",
                              status: .assumed,
                              experiment: Self.probeExperiment)
        case .scenekitEuler:
            return Hypothesis(id: self, statement: "SCNNode.eulerAngles (x, y, z) give the rotation Rx(x)·Ry(y)·Rz(z) (column vectors) in simdTransform",
                              source: "SCNNode.eulerAngles: applied 'in the reverse order of the components: first roll, then yaw, then pitch'",
                              status: .documented,
                              experiment: Self.probeExperiment)
        }
    }
}

extension AuditAssumption {
    /// The experiment of the entries a device probe settles.
    static let probeExperiment = "record a device probe (docs/arkit-frame.md, \"The device probe\") and run parallax device-check on it"
}

/// One alternative of a registry entry and what it does to the audit's numbers on the app's code: each counted
/// check's p95 and the headline's latency, visible jitter and parallax error, beside the same on the defaults.
package struct AlternativeEffect: Codable, Sendable, Equatable {
    package struct Move: Codable, Sendable, Equatable {
        /// A check id, or a headline metric's key (`latency_p95_ms`, `visible_jitter_px`, `parallax_error_p95_px`).
        package var measure: String
        package var unit: String
        package var value: Double
        package var underAlternative: Double
        /// The check's limit; nil for a headline metric (its budgets are the suite's).
        package var limit: Double?
        /// The check's verdict differs under the alternative.
        package var crossesLimit: Bool

        enum CodingKeys: String, CodingKey {
            case measure, unit, value, underAlternative = "under_alternative", limit, crossesLimit = "crosses_limit"
        }

        package init(measure: String, unit: String, value: Double, underAlternative: Double, limit: Double?, crossesLimit: Bool) {
            (self.measure, self.unit, self.value, self.underAlternative, self.limit, self.crossesLimit) = (measure, unit, value, underAlternative, limit, crossesLimit)
        }
    }

    /// As `--assume`, `--rates` or `--arkit-frame` writes it: `sensor-rates=motion=52.6`.
    package var alternative: String
    /// Every measure the alternative moves by more than `PlatformSensitivity.unmoved` (relative).
    package var moves: [Move]
    package var crossesLimit: Bool { moves.contains(where: \.crossesLimit) }

    enum CodingKeys: String, CodingKey { case alternative, moves, crossesLimit = "crosses_limit" }

    package init(alternative: String, moves: [Move]) {
        self.alternative = alternative
        self.moves = moves
    }

    package init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(alternative: try c.decode(String.self, forKey: .alternative), moves: try c.decode([Move].self, forKey: .moves))
    }

    package func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(alternative, forKey: .alternative)
        try c.encode(moves, forKey: .moves)
        try c.encode(crossesLimit, forKey: .crossesLimit)
    }
}
