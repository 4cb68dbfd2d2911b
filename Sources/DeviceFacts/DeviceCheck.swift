import Foundation
import Plumbing

/// `parallax device-check PROBE`: each behaviour of the simulated platform a device probe (`DeviceProbe`) can
/// settle, decided as the simulation's default, the alternative the probe matches, or undecided, with the
/// evidence. The decisions are in `DeviceCheck+Delivery.swift` (ARKit's delegate calls),
/// `DeviceCheck+Timing.swift` (the sensors' rates, the render thread) and `DeviceCheck+Conventions.swift`
/// (SceneKit's Euler composition, CoreMotion's `multiply(byInverseOf:)`).
package struct DeviceCheck: Sendable, Equatable {
    /// The behaviours a probe settles; the raw value is the id in the output.
    package enum ID: String, CaseIterable, Sendable {
        case arkitFirstDelivery = "arkit-first-delivery"
        case arkitLoss = "arkit-loss"
        case sensorRates = "sensor-rates"
        case renderThread = "render-thread"
        case scenekitEuler = "scenekit-euler"
        case attitudeProduct = "attitude-product"

        /// What the simulation does today, in the words the verdicts use.
        package var defaultName: String {
            switch self {
            case .arkitFirstDelivery: return "didAdd"
            case .arkitLoss: return "frozen"
            case .sensorRates: return "every 1/60 s"
            case .renderThread: return "main"
            case .scenekitEuler: return "Rx·Ry·Rz"
            case .attitudeProduct: return "b⁻¹⊗a"
            }
        }

        /// The hypotheses-registry entry the decision settles.
        package var hypothesis: AuditAssumption {
            switch self {
            case .arkitFirstDelivery: return .arkitFirstDelivery
            case .arkitLoss: return .arkitLoss
            case .sensorRates: return .sensorRates
            case .renderThread: return .renderThread
            case .scenekitEuler: return .scenekitEuler
            case .attitudeProduct: return .attitudeProduct
            }
        }
    }

    /// `default`, the alternative's name (`removed`, `Rz·Ry·Rx`, `motion 52.6 Hz`), or `undecided`.
    package enum Verdict: Sendable, Equatable, Encodable {
        case matchesDefault
        case alternative(String)
        case undecided

        package var text: String {
            switch self {
            case .matchesDefault: return "default"
            case .alternative(let name): return name
            case .undecided: return "undecided"
            }
        }

        package func encode(to encoder: Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(text)
        }
    }

    /// One decided behaviour: the verdict and what it was decided from.
    package struct Entry: Sendable, Equatable, Encodable {
        package var verdict: Verdict
        package var evidence: DeviceEvidence
    }

    package var entries: [ID: Entry]

    package init(probe: DeviceProbe) {
        entries = [
            .arkitFirstDelivery: Self.firstDelivery(probe.delegateCalls),
            .arkitLoss: Self.loss(probe.delegateCalls),
            .sensorRates: Self.rates(probe),
            .renderThread: Self.thread(probe.renderThread),
            .scenekitEuler: Self.euler(probe.eulerSamples),
            .attitudeProduct: Self.attitudeProduct(probe.attitudeSamples),
        ]
    }

    /// The entries that do not match the simulation's defaults (an alternative or undecided), in id order.
    package var departures: [ID] { ID.allCases.filter { entries[$0]?.verdict != .matchesDefault } }

    // The thresholds, named once (docs/arkit-frame.md, "The device probe", states them).

    /// The simulation's interval for ARKit, CoreMotion and the display, s.
    package static let simulatedInterval = 1.0 / 60
    /// A stream matches when its mean interval is within this fraction of `simulatedInterval` (58.3–61.9 Hz): a
    /// dropped frame in every 50 still matches, CoreMotion's 52.6 Hz for a requested 60 Hz does not.
    package static let rateTolerance = 0.03
    /// The least of each stream a rate is measured from: intervals, and seconds spanned.
    package static let minimumIntervals = 20
    package static let minimumSpan = 5.0
    /// The least Euler samples (all three angles at least `nonZeroAngle`) and attitude pairs an order is decided from.
    package static let minimumSamples = 20
    /// rad: below, the orders differ by less than about twenty times a Float's rounding.
    package static let nonZeroAngle = 1e-3
    /// An order wins when its RMS residual is at most `explainedWithinDeg` and the other's at least `margin`
    /// times larger and at least `minimumSeparationDeg`: residuals of a few µ° (Float and printing rounding) against
    /// degrees.
    package static let explainedWithinDeg = 0.1
    package static let margin = 10.0
    package static let minimumSeparationDeg = 1.0
}

extension DeviceCheck: Encodable {
    private enum CodingKeys: String, CodingKey { case probe, entries }

    /// `{"probe": 1, "entries": {ID: {"verdict", "evidence"}}}` (keys sorted by the deterministic encoder).
    package func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(DeviceProbe.schema, forKey: .probe)
        try container.encode(Dictionary(uniqueKeysWithValues: entries.map { ($0.key.rawValue, $0.value) }), forKey: .entries)
    }

    /// One line per entry, in id order: `arkit-loss: default (frozen) — …`.
    package var text: String {
        ID.allCases.compactMap { id in
            entries[id].map { entry in
                let verdict = entry.verdict == .matchesDefault ? "default (\(id.defaultName))" : entry.verdict.text
                return "\(id.rawValue): \(verdict) — \(entry.evidence.note)"
            }
        }.joined(separator: "\n")
    }
}
