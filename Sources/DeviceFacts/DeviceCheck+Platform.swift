import TestedApp

extension DeviceCheck {
    /// The simulated platform a probe measured: each decided entry's default or alternative (`audit --probe`), the
    /// streams whose rate departs from 1/60 s at their measured rate; undecided entries keep the defaults.
    package func platform(of probe: DeviceProbe) -> SimulatedPlatform {
        var platform = SimulatedPlatform()
        for (id, entry) in entries {
            guard case .alternative = entry.verdict else { continue }
            switch id {
            case .arkitFirstDelivery: platform.firstDelivery = .didUpdate
            case .arkitLoss: platform.faceLoss = .removed
            case .renderThread: platform.renderThread = .other
            case .scenekitEuler: platform.eulerComposition = .rollYawPitch
            case .attitudeProduct: platform.attitudeProduct = .inverseLast
            case .sensorRates:
                func departing(_ timestamps: [Double]) -> SensorRates.Stream? {
                    guard let mean = Self.timing(timestamps).meanInterval,
                          abs(mean - Self.simulatedInterval) > Self.rateTolerance * Self.simulatedInterval else { return nil }
                    return SensorRates.Stream(hz: 1 / mean)
                }
                platform.rates = SensorRates(arkit: departing(probe.arkitTimestamps), motion: departing(probe.motionTimestamps),
                                             display: departing(probe.renderTimestamps))
            }
        }
        return platform
    }

    /// The registry entries the probe decided (default or an alternative).
    package var measured: [AuditAssumption] {
        ID.allCases.filter { entries[$0].map { $0.verdict != .undecided } ?? false }.map(\.hypothesis)
    }
}

/// `audit --probe`: the platform a device probe measured and the entries it settled (audit.json `probe`).
package struct MeasuredPlatform: Codable, Sendable, Equatable {
    package var file: String
    /// The simulated platform the app's code runs on: the probe's decisions (`DeviceCheck.platform(of:)`).
    package var platform: SimulatedPlatform
    /// The registry entries the probe decided, marked `measured`.
    package var measured: [AuditAssumption]
    /// Each decided entry's verdict, as `parallax device-check` prints it.
    package var verdicts: [String: String]

    package init(probe path: String) throws {
        let probe = try DeviceProbe.read(contentsOf: path)
        let check = DeviceCheck(probe: probe)
        file = path
        platform = check.platform(of: probe)
        measured = check.measured
        verdicts = Dictionary(uniqueKeysWithValues: check.entries.filter { $0.value.verdict != .undecided }.map { ($0.key.rawValue, $0.value.verdict.text) })
    }
}
