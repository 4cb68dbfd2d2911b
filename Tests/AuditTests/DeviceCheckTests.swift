import Audit
import DeviceFacts
import Foundation
import ParallaxTestSupport
import Testing
import Vocabulary

/// `DeviceCheck` on probes synthesized under each behaviour (`DeviceProbeSynthesizer`: its matrices and products
/// composed by hand, Float-rounded matrices, jittered timestamps): the defaults give `default` everywhere, each
/// alternative is named, thin or uninformative probes are undecided, and the evidence has its closed forms.
struct DeviceCheckTests {
    func check(_ synthesizer: DeviceProbeSynthesizer) throws -> DeviceCheck {
        DeviceCheck(probe: try DeviceProbe.decode(Array(synthesizer.json().utf8), file: "probe.json"))
    }

    func residuals(_ entry: DeviceCheck.Entry?) throws -> [String: Double?] {
        guard case .residuals(_, _, let values)? = entry?.evidence.detail else { throw CheckFailure("no residuals in \(String(describing: entry))") }
        return Dictionary(uniqueKeysWithValues: values.map { ($0.name, $0.value) })
    }

    @Test func theDefaultsMatchEverywhere() throws {
        let check = try check(DeviceProbeSynthesizer())
        for id in DeviceCheck.ID.allCases {
            #expect(check.entries[id]?.verdict == .matchesDefault, "\(id.rawValue): \(check.text)")
        }
        #expect(check.departures.isEmpty)
        #expect(check.text.split(separator: "\n").count == DeviceCheck.ID.allCases.count)
        #expect(check.text.hasPrefix("arkit-first-delivery: default (didAdd) — first calls: didAdd (tracked) at 0.000 s, didUpdate (tracked) at 0.017 s"), "\(check.text)")
        // The Float rounding of the matrices leaves micro-degrees; the other composition is off by degrees.
        let euler = try residuals(check.entries[.scenekitEuler])
        #expect(euler["Rx·Ry·Rz"]!! < 1e-4 && euler["Rz·Ry·Rx"]!! > 5, "\(euler)")
        let product = try residuals(check.entries[.attitudeProduct])
        #expect(product["b⁻¹⊗a"]!! < 1e-6 && product["a⊗b⁻¹"]!! > 5, "\(product)")
    }

    /// Each alternative, alone: its entry names it, every other stays default.
    static let alternatives: [(String, DeviceCheck.ID, String, @Sendable (inout DeviceProbeSynthesizer) -> Void)] = [
        ("didUpdate first", .arkitFirstDelivery, "didUpdate", { $0.firstCall = .didUpdate }),
        ("removed while lost", .arkitLoss, "removed", { $0.loss = .removed }),
        ("CoreMotion at 52.6 Hz", .sensorRates, "motion 52.6 Hz", { $0.motionHz = 1 / 0.019 }),
        ("ProMotion rendering", .sensorRates, "render 120.0 Hz", { $0.renderHz = 120 }),
        ("two slow streams", .sensorRates, "arkit 30.0 Hz, motion 52.6 Hz", { $0.arkitHz = 30; $0.motionHz = 1 / 0.019 }),
        ("renderer off the main thread", .renderThread, "other", { $0.renderThread = "other" }),
        ("Euler Rz·Ry·Rx", .scenekitEuler, "Rz·Ry·Rx", { $0.eulerOrder = .zyx }),
        ("product a⊗b⁻¹", .attitudeProduct, "a⊗b⁻¹", { $0.product = .aBInverse }),
    ]

    @Test(arguments: 0..<alternatives.count)
    func eachAlternativeIsNamed(_ index: Int) throws {
        let (label, id, name, change) = Self.alternatives[index]
        var synthesizer = DeviceProbeSynthesizer()
        change(&synthesizer)
        let check = try check(synthesizer)
        #expect(check.entries[id]?.verdict == .alternative(name), "\(label): \(check.text)")
        #expect(check.departures == [id], "\(label): \(check.text)")
    }

    @Test func theWinningCompositionLeavesMicroDegreesTheOtherDegrees() throws {
        var synthesizer = DeviceProbeSynthesizer()
        synthesizer.eulerOrder = .zyx
        synthesizer.product = .aBInverse
        let check = try check(synthesizer)
        let euler = try residuals(check.entries[.scenekitEuler]), product = try residuals(check.entries[.attitudeProduct])
        #expect(euler["Rz·Ry·Rx"]!! < 1e-4 && euler["Rx·Ry·Rz"]!! > 5, "\(euler)")
        #expect(product["a⊗b⁻¹"]!! < 1e-6 && product["b⁻¹⊗a"]!! > 5, "\(product)")
    }

    /// The residual of the losing composition, for one angle triple repeated, is the angle between the two
    /// rotations: here from the trace, θ = acos((tr(AᵀB) − 1)/2), where the decider uses the Frobenius norm.
    @Test func theEulerResidualIsTheAngleBetweenTheCompositions() throws {
        let e = [0.4, -0.7, 0.9]
        var synthesizer = DeviceProbeSynthesizer()
        synthesizer.eulerAngles = e
        let (x, y, z) = (DeviceProbeSynthesizer.rx(e[0]), DeviceProbeSynthesizer.ry(e[1]), DeviceProbeSynthesizer.rz(e[2]))
        let xyz = DeviceProbeSynthesizer.multiply(x, DeviceProbeSynthesizer.multiply(y, z))
        let zyx = DeviceProbeSynthesizer.multiply(z, DeviceProbeSynthesizer.multiply(y, x))
        let trace = (0..<3).reduce(0.0) { sum, i in sum + (0..<3).reduce(0.0) { $0 + xyz[$1][i] * zyx[$1][i] } }
        let expected = acos((trace - 1) / 2) * 180 / .pi
        let euler = try residuals(try check(synthesizer).entries[.scenekitEuler])
        #expect(abs(euler["Rz·Ry·Rx"]!! - expected) < 1e-4, "\(euler) vs \(expected)")
        #expect(expected > 30)
    }

    /// For a turn about x (a) and one about y (b): the angle between b⁻¹⊗a and a⊗b⁻¹ from their dot product,
    /// θ = 2·acos(|p·q|), where the decider takes atan2 of the relative rotation.
    @Test func theAttitudeResidualIsTheAngleBetweenTheOrders() throws {
        let a = DeviceProbeSynthesizer.quaternion(axis: [1, 0, 0], angle: 0.8), b = DeviceProbeSynthesizer.quaternion(axis: [0, 1, 0], angle: 0.6)
        let p = DeviceProbeSynthesizer.hamilton(DeviceProbeSynthesizer.inverse(b), a), q = DeviceProbeSynthesizer.hamilton(a, DeviceProbeSynthesizer.inverse(b))
        let expected = 2 * acos(min(1, abs(zip(p, q).reduce(0.0) { $0 + $1.0 * $1.1 }))) * 180 / .pi
        let sample = "{\"a\": \(a), \"b\": \(b), \"product\": \(p)}"
        var text = DeviceProbeSynthesizer().json()
        let start = text.range(of: "\"attitude_samples\": [")!.upperBound
        text.replaceSubrange(start..<text.range(of: "]}\n", options: .backwards)!.lowerBound, with: Array(repeating: sample, count: 20).joined(separator: ", "))
        let product = try residuals(DeviceCheck(probe: try DeviceProbe.decode(Array(text.utf8), file: "p.json")).entries[.attitudeProduct])
        #expect(abs(product["a⊗b⁻¹"]!! - expected) < 1e-6 && product["b⁻¹⊗a"]!! < 1e-6, "\(product) vs \(expected)")
    }

    /// Rates: the mean interval is span / intervals, exactly 1/hz here; the alternating ±j offsets (none at the
    /// ends) give intervals −j, +2j, −2j, …, −j around it.
    @Test func theRatesEvidenceHasItsClosedForm() throws {
        var synthesizer = DeviceProbeSynthesizer()
        synthesizer.motionHz = 1 / 0.019
        synthesizer.jitter = 0.0005
        guard case .rates(let arkit, let motion, _, let requested)? = try check(synthesizer).entries[.sensorRates]?.evidence.detail else {
            Issue.record("no rates evidence")
            return
        }
        #expect(abs(motion.meanInterval! - 0.019) < 1e-12 && abs(arkit.meanInterval! - 1.0 / 60) < 1e-12)
        let n = Double(arkit.timestamps - 1), j = synthesizer.jitter
        let spread = ((4 * j * j * (n - 2) + 2 * j * j) / n).squareRoot()
        #expect(abs(arkit.intervalSpread! - spread) < 1e-9, "\(arkit.intervalSpread!) vs \(spread)")
        #expect(abs(arkit.maxInterval! - (1.0 / 60 + 2 * j)) < 1e-9)
        #expect(arkit.timestamps == 600 && motion.timestamps == 526)
        #expect(requested == synthesizer.motionRequestedInterval)
        #expect(try check(synthesizer).entries[.sensorRates]!.evidence.note.contains("motion requested every 16.67 ms and not delivered so"))
    }

    @Test func aProbeTooThinOrUninformativeIsUndecided() throws {
        let cases: [(String, DeviceCheck.ID, (inout DeviceProbeSynthesizer) -> Void, String)] = [
            ("19 Euler samples", .scenekitEuler, { $0.eulerCount = 19 }, "19 of 19 samples have all three angles non-zero"),
            ("all-zero angles", .scenekitEuler, { $0.eulerAngles = [0, 0, 0] }, "0 of 24 samples"),
            ("one angle zero", .scenekitEuler, { $0.eulerAngles = [0.5, 0, 0.7] }, "0 of 24 samples"),
            ("tiny angles", .scenekitEuler, { $0.eulerAngles = [0.002, 0.002, 0.002] }, "the samples do not tell the two apart"),
            ("no Euler sample", .scenekitEuler, { $0.eulerCount = 0 }, "no sample to compare"),
            ("5 attitude pairs", .attitudeProduct, { $0.attitudeCount = 5 }, "5 attitude pairs; 20 needed"),
            ("3 s of timestamps", .sensorRates, { $0.duration = 3; $0.lossStart = 1; $0.lossDuration = 1 }, "too short to measure arkit, motion, render"),
            ("no face loss", .arkitLoss, { $0.loss = .none }, "no face loss among 600 delegate calls"),
            ("frozen, then removed", .arkitLoss, { $0.loss = .frozenThenRemoved }, "a loss neither frozen nor removed: from 4.000 s, 60 didUpdate with tracked false and 1 didRemove, back at 6.000 s by didAdd"),
            ("never back", .arkitLoss, { $0.lossDuration = 100 }, "never back"),
        ]
        for (label, id, change, reason) in cases {
            var synthesizer = DeviceProbeSynthesizer()
            change(&synthesizer)
            let check = try check(synthesizer)
            #expect(check.entries[id]?.verdict == .undecided, "\(label): \(check.text)")
            #expect(check.entries[id]?.evidence.note.contains(reason) == true, "\(label): \(check.entries[id]?.evidence.note ?? "")")
            #expect(check.departures.contains(id))
        }
    }

    @Test func theFirstAndTheLostCallsAreTheEvidence() throws {
        var synthesizer = DeviceProbeSynthesizer()
        synthesizer.loss = .removed
        let check = try check(synthesizer)
        guard case .losses(let losses, let count)? = check.entries[.arkitLoss]?.evidence.detail,
              case .firstCalls(let first)? = check.entries[.arkitFirstDelivery]?.evidence.detail else {
            Issue.record("evidence")
            return
        }
        #expect(first.map(\.call) == [.didAdd, .didUpdate, .didUpdate] && first.allSatisfy(\.tracked))
        #expect(count == 1 && losses[0].kind == .removed && losses[0].removes == 1 && losses[0].untrackedUpdates == 0)
        #expect(losses[0].start == 4 && losses[0].end == 6 && losses[0].returnedBy == .didAdd)
        // No calls at all: nothing first.
        let empty = DeviceProbe(deviceModel: "m", systemVersion: "v", delegateCalls: [], arkitTimestamps: [], motionTimestamps: [], renderTimestamps: [],
                                motionRequestedInterval: 1.0 / 60, renderThread: .main, eulerSamples: [], attitudeSamples: [])
        #expect(DeviceCheck(probe: empty).entries[.arkitFirstDelivery]?.verdict == .undecided)
        #expect(DeviceCheck(probe: empty).departures.count == 5, "all but render-thread")
    }

    /// Each id names the registry entry it settles, of the same id.
    @Test func everyIDSettlesARegistryEntry() {
        #expect(DeviceCheck.ID.allCases.map(\.hypothesis.rawValue) == ["arkit-first-delivery", "arkit-loss", "sensor-rates", "render-thread", "scenekit-euler", "attitude-product"])
        for id in DeviceCheck.ID.allCases {
            #expect(id.hypothesis.rawValue == id.rawValue)
            #expect(id.hypothesis.hypothesis.experiment.contains("device-check"))
        }
    }
}
