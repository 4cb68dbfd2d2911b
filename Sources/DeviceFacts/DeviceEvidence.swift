import Foundation

/// What a `DeviceCheck` verdict was decided from: the numbers (the JSON's `evidence`) and one line saying why
/// (the text output, and `note` in the JSON). Numbers are rounded where they are encoded, to what the
/// measurement supports (ms to µs, Hz to 0.01, degrees to µ°), so the same probe gives the same bytes.
package struct DeviceEvidence: Sendable, Equatable, Encodable {
    /// The face lost once: from the first call that says so to the call that brings it back.
    package struct Loss: Sendable, Equatable, Encodable {
        package enum Kind: String, Sendable, Encodable {
            /// didUpdate with tracked false throughout, back by a tracked didUpdate (the simulation's default).
            case frozen
            /// didRemove, back by didAdd, no update between.
            case removed
            /// Any other sequence (updates then a removal, never back, …).
            case neither
        }

        package var start: Double
        /// The time of the call that brought the face back; nil when it never came back.
        package var end: Double?
        package var untrackedUpdates: Int
        package var removes: Int
        package var returnedBy: DeviceProbe.DelegateCall?
        package var kind: Kind

        private enum CodingKeys: String, CodingKey { case start, end, untrackedUpdates = "untracked_updates", removes, returnedBy = "returned_by", kind }

        package func encode(to encoder: Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(start, forKey: .start)
            try c.encode(end, forKey: .end)
            try c.encode(untrackedUpdates, forKey: .untrackedUpdates)
            try c.encode(removes, forKey: .removes)
            try c.encode(returnedBy, forKey: .returnedBy)
            try c.encode(kind, forKey: .kind)
        }
    }

    /// One stream's timing; the numbers nil with fewer than two timestamps.
    package struct StreamTiming: Sendable, Equatable, Encodable {
        package var timestamps: Int
        /// s, as measured (rounded when encoded, in ms).
        package var meanInterval: Double?
        /// The intervals' standard deviation, s.
        package var intervalSpread: Double?
        package var maxInterval: Double?

        package var rateHz: Double? { meanInterval.map { 1 / $0 } }

        private enum CodingKeys: String, CodingKey {
            case timestamps, meanIntervalMs = "mean_interval_ms", intervalSdMs = "interval_sd_ms", maxIntervalMs = "max_interval_ms", rateHz = "rate_hz"
        }

        package func encode(to encoder: Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(timestamps, forKey: .timestamps)
            try c.encode(rounded(meanInterval.map { $0 * 1000 }, decimals: 3), forKey: .meanIntervalMs)
            try c.encode(rounded(intervalSpread.map { $0 * 1000 }, decimals: 3), forKey: .intervalSdMs)
            try c.encode(rounded(maxInterval.map { $0 * 1000 }, decimals: 3), forKey: .maxIntervalMs)
            try c.encode(rounded(rateHz, decimals: 2), forKey: .rateHz)
        }
    }

    package enum Detail: Sendable, Equatable {
        /// arkit-first-delivery: the first calls as recorded.
        case firstCalls([DeviceProbe.Call])
        /// arkit-loss: the losses (the first `DeviceCheck.listedLosses`) and how many there were.
        case losses([Loss], count: Int)
        /// sensor-rates.
        case rates(arkit: StreamTiming, motion: StreamTiming, render: StreamTiming, motionRequestedInterval: Double)
        /// render-thread.
        case thread(DeviceProbe.RenderThread)
        /// scenekit-euler, attitude-product: the RMS residual of each composition (degrees; nil without a sample),
        /// over `used` of `samples`.
        case residuals(samples: Int, used: Int, residualDeg: [(name: String, value: Double?)])

        package static func == (a: Self, b: Self) -> Bool {
            switch (a, b) {
            case (.firstCalls(let x), .firstCalls(let y)): return x == y
            case (.losses(let x, let n), .losses(let y, let m)): return x == y && n == m
            case (.rates(let a1, let m1, let r1, let i1), .rates(let a2, let m2, let r2, let i2)): return a1 == a2 && m1 == m2 && r1 == r2 && i1 == i2
            case (.thread(let x), .thread(let y)): return x == y
            case (.residuals(let s1, let u1, let r1), .residuals(let s2, let u2, let r2)):
                return s1 == s2 && u1 == u2 && r1.map(\.name) == r2.map(\.name) && r1.map(\.value) == r2.map(\.value)
            default: return false
            }
        }
    }

    package var note: String
    package var detail: Detail

    private enum CodingKeys: String, CodingKey {
        case note, firstCalls = "first_calls", losses, lossCount = "loss_count", arkit, motion, render
        case motionRequestedIntervalMs = "motion_requested_interval_ms", renderThread = "render_thread", samples, used, residualDeg = "residual_deg"
    }

    package func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(note, forKey: .note)
        switch detail {
        case .firstCalls(let calls):
            try c.encode(calls, forKey: .firstCalls)
        case .losses(let losses, let count):
            try c.encode(losses, forKey: .losses)
            try c.encode(count, forKey: .lossCount)
        case .rates(let arkit, let motion, let render, let requested):
            try c.encode(arkit, forKey: .arkit)
            try c.encode(motion, forKey: .motion)
            try c.encode(render, forKey: .render)
            try c.encode(rounded(requested * 1000, decimals: 3), forKey: .motionRequestedIntervalMs)
        case .thread(let thread):
            try c.encode(thread, forKey: .renderThread)
        case .residuals(let samples, let used, let residuals):
            try c.encode(samples, forKey: .samples)
            try c.encode(used, forKey: .used)
            try c.encode(Dictionary(uniqueKeysWithValues: residuals.map { ($0.name, rounded($0.value, decimals: 6)) }), forKey: .residualDeg)
        }
    }
}

/// `value` to `decimals` places (divided, not multiplied back, so that 16.667 prints as 16.667); a value too
/// large to round stays as it is, one that is not finite (a span beyond a Double) is null.
private func rounded(_ value: Double?, decimals: Int) -> Double? {
    let scale = pow(10, Double(decimals))
    return value.flatMap { $0.isFinite ? (abs($0) < 1e9 ? ($0 * scale).rounded() / scale : $0) : nil }
}
