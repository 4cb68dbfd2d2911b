import Vocabulary

/// How the simulated platform behaves where Apple does not say, or says and could be read two ways — each choice an
/// entry of the audit's registry (`Audit.AuditAssumption`, docs/audit.md "The registry"), chosen on the command line
/// with `--assume ID=ALTERNATIVE` and `--rates`, in a suite with `assume:`. The Apple stand-ins and the replay driver
/// honour it (`AppReplay.DeliverySchedule`, AppInTheLoop/Driver/main.swift); it is a property of the app's code run
/// on the simulated devices — the model app has no platform.
///
/// The defaults are what the simulation did before the registry existed, except the first delivery: Apple's
/// ARFaceAnchor page says the session adds a face anchor when it detects a face, so the face's first call is
/// `session(_:didAdd:)` — which an app that implements only `didUpdate` (Splat Frame) never sees.
package struct SimulatedPlatform: Hashable, Sendable, Codable {
    /// `arkit-first-delivery`: the face anchor's first delegate call.
    package enum FirstDelivery: String, CaseIterable, Sendable, Codable {
        /// `session(_:didAdd:)`, then `session(_:didUpdate:)` per frame (ARFaceAnchor: "adds", documented).
        case didAdd = "did-add"
        /// `session(_:didUpdate:)` from the first sample, with no `didAdd` (what the simulation did before).
        case didUpdate = "did-update"
    }

    /// `arkit-loss`: what ARKit delivers while the face is lost.
    package enum FaceLoss: String, CaseIterable, Sendable, Codable {
        /// `didUpdate` with `isTracked` false and the pose the trace holds (inferred from ARTrackable.isTracked).
        case frozen
        /// `didRemove` when the face is lost, nothing while it is, the first call again when it returns.
        case removed
    }

    /// `arkit-axes`: the face anchor's x for an upright phone.
    package enum AnchorAxes: String, CaseIterable, Sendable, Codable {
        /// x, y the screen's right and up (assumed).
        case screen
        /// x mirrored, as the front camera's image is.
        case mirrored
    }

    /// `scenekit-euler`: how `SCNNode.eulerAngles` compose.
    package enum EulerComposition: String, CaseIterable, Sendable, Codable {
        /// Rx(pitch)·Ry(yaw)·Rz(roll): "first roll, then yaw, then pitch" about fixed axes.
        case pitchYawRoll = "rx-ry-rz"
        /// Rz(roll)·Ry(yaw)·Rx(pitch): the same words about moving axes.
        case rollYawPitch = "rz-ry-rx"
    }

    /// `attitude-product`: the order of `CMAttitude.multiply(byInverseOf: reference)`.
    package enum AttitudeProduct: String, CaseIterable, Sendable, Codable {
        /// reference⁻¹ · attitude.
        case inverseFirst = "inverse-first"
        /// attitude · reference⁻¹.
        case inverseLast = "inverse-last"
    }

    /// `render-thread`: where SceneKit calls `renderer(_:updateAtTime:)`.
    package enum RenderThread: String, CaseIterable, Sendable, Codable {
        case main, other
    }

    package var firstDelivery = FirstDelivery.didAdd
    package var faceLoss = FaceLoss.frozen
    package var anchorAxes = AnchorAxes.screen
    package var eulerComposition = EulerComposition.pitchYawRoll
    package var attitudeProduct = AttitudeProduct.inverseFirst
    package var renderThread = RenderThread.main
    /// `sensor-rates`: each stream's rate and phase; nil — one face anchor, one motion sample and one display frame
    /// per trace sample, at its time.
    package var rates: SensorRates?

    package init() {}

    package static let `default` = SimulatedPlatform()

    enum CodingKeys: String, CodingKey {
        case firstDelivery = "arkit-first-delivery", faceLoss = "arkit-loss", anchorAxes = "arkit-axes"
        case eulerComposition = "scenekit-euler", attitudeProduct = "attitude-product", renderThread = "render-thread"
        case rates = "sensor-rates"
    }
}

extension SimulatedPlatform {
    /// The ids `--assume` takes, each with its alternatives (the default first).
    package static let choices: [(id: String, alternatives: [String])] = [
        ("arkit-first-delivery", FirstDelivery.allCases.map(\.rawValue)),
        ("arkit-loss", FaceLoss.allCases.map(\.rawValue)),
        ("arkit-axes", AnchorAxes.allCases.map(\.rawValue)),
        ("scenekit-euler", EulerComposition.allCases.map(\.rawValue)),
        ("attitude-product", AttitudeProduct.allCases.map(\.rawValue)),
        ("render-thread", RenderThread.allCases.map(\.rawValue)),
    ]

    /// The platform with `assumption` (`ID=ALTERNATIVE`, as `--assume` takes it) applied.
    package func assuming(_ assumption: String) throws -> SimulatedPlatform {
        let parts = assumption.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        let ids = Self.choices.map(\.id).joined(separator: ", ")
        guard parts.count == 2, let entry = Self.choices.first(where: { $0.id == parts[0] }) else {
            throw FieldError("assume", expected: "ID=ALTERNATIVE with ID one of \(ids)", found: "'\(assumption)'")
        }
        guard entry.alternatives.contains(parts[1]) else {
            throw FieldError("assume", expected: "\(entry.id)=\(entry.alternatives.joined(separator: "|"))", found: "'\(assumption)'")
        }
        var platform = self
        switch entry.id {
        case "arkit-first-delivery": platform.firstDelivery = FirstDelivery(rawValue: parts[1])!
        case "arkit-loss": platform.faceLoss = FaceLoss(rawValue: parts[1])!
        case "arkit-axes": platform.anchorAxes = AnchorAxes(rawValue: parts[1])!
        case "scenekit-euler": platform.eulerComposition = EulerComposition(rawValue: parts[1])!
        case "attitude-product": platform.attitudeProduct = AttitudeProduct(rawValue: parts[1])!
        default: platform.renderThread = RenderThread(rawValue: parts[1])!
        }
        return platform
    }

    /// The platform `--assume` (each `ID=ALTERNATIVE`, in order) and `--rates` ask for.
    package init(assuming assumptions: [String], rates: SensorRates? = nil) throws {
        self = try assumptions.reduce(SimulatedPlatform()) { try $0.assuming($1) }
        self.rates = rates
    }

    /// Each entry that differs from the default, as `--assume` writes it (rates as `--rates` does).
    package var assumptions: [String] {
        let d = SimulatedPlatform.default
        var out: [String] = []
        if firstDelivery != d.firstDelivery { out.append("arkit-first-delivery=\(firstDelivery.rawValue)") }
        if faceLoss != d.faceLoss { out.append("arkit-loss=\(faceLoss.rawValue)") }
        if anchorAxes != d.anchorAxes { out.append("arkit-axes=\(anchorAxes.rawValue)") }
        if eulerComposition != d.eulerComposition { out.append("scenekit-euler=\(eulerComposition.rawValue)") }
        if attitudeProduct != d.attitudeProduct { out.append("attitude-product=\(attitudeProduct.rawValue)") }
        if renderThread != d.renderThread { out.append("render-thread=\(renderThread.rawValue)") }
        if let rates { out.append("sensor-rates=\(rates.text)") }
        return out
    }
}

/// `sensor-rates`: the rate (Hz) and phase (s after the trace's first sample) of each stream the app receives —
/// ARKit's face anchors, CoreMotion's device motion, the display's frames — as `--rates` writes them:
/// `motion=52.6`, `arkit=60,display=120`, a phase after `@` (`motion=52.6@0.004`); a stream not named delivers at the
/// trace's sample times, as without rates.
package struct SensorRates: Hashable, Sendable, Codable, TextParsable {
    package struct Stream: Hashable, Sendable, Codable {
        package var hz: Double
        package var phase: Double

        package init(hz: Double, phase: Double = 0) {
            self.hz = hz
            self.phase = phase
        }

        /// The stream's times in [start, end]: start + phase + k / hz.
        package func times(from start: Double, to end: Double) -> [Double] {
            var times: [Double] = []
            var k = 0.0
            while true {
                let t = start + phase + k / hz
                if t > end + 1e-9 { return times }
                times.append(t)
                k += 1
            }
        }

        var text: String { phase == 0 ? Self.format(hz) : "\(Self.format(hz))@\(Self.format(phase))" }

        private static func format(_ x: Double) -> String { x == x.rounded() && abs(x) < 1e9 ? String(Int(x)) : String(x) }
    }

    package var arkit: Stream?
    package var motion: Stream?
    package var display: Stream?

    package init(arkit: Stream? = nil, motion: Stream? = nil, display: Stream? = nil) {
        self.arkit = arkit
        self.motion = motion
        self.display = display
    }

    package init(parsing text: String) throws {
        self.init()
        let expected = "arkit|motion|display=HZ[@PHASE_S], comma-separated, each stream once, HZ in [1, 1000], PHASE_S in [0, 1/HZ)"
        for item in text.split(separator: ",", omittingEmptySubsequences: false) {
            let parts = item.trimmingCharacters(in: .whitespaces).split(separator: "=", omittingEmptySubsequences: false)
            let value = parts.count == 2 ? parts[1].split(separator: "@", omittingEmptySubsequences: false) : []
            guard parts.count == 2, (1...2).contains(value.count), let hz = Double(value[0]), hz >= 1, hz <= 1000,
                  let phase = value.count == 2 ? Double(value[1]) : 0, phase >= 0, phase < 1 / hz else {
                throw FieldError("rates", expected: expected, found: "'\(item)'")
            }
            let stream = Stream(hz: hz, phase: phase)
            switch parts[0] {
            case "arkit" where arkit == nil: arkit = stream
            case "motion" where motion == nil: motion = stream
            case "display" where display == nil: display = stream
            default: throw FieldError("rates", expected: expected, found: "'\(item)'")
            }
        }
    }

    package var text: String {
        [("arkit", arkit), ("motion", motion), ("display", display)].compactMap { name, stream in stream.map { "\(name)=\($0.text)" } }
            .joined(separator: ",")
    }
}
