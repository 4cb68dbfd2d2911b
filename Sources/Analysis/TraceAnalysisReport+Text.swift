import Foundation

extension TraceAnalysisReport {
    /// The text form `parallax analyze` prints: lag, jitter, parallax and latency tables, then the notes.
    package func text(file: String) -> String {
        let r = self
        var out = ""
        func line(_ text: String = "") { out += text + "\n" }
        func ms(_ seconds: Double?) -> String { seconds.map { String(format: "%.1f ms", $0 * 1000) } ?? "—" }
        func mm(_ value: Double) -> String { String(format: "%.3f", value) }
        func row(_ label: String, _ value: String) { line("  " + label.padding(toLength: 34, withPad: " ", startingAt: 0) + value) }

        line("trace     \(file): \(r.trace.samples) samples, \(String(format: "%.1f", r.trace.duration)) s at \(String(format: "%g", r.trace.rate)) Hz, tracked \(String(format: "%.1f", 100 * r.trace.trackedFraction)) %")
        if let app = r.app {
            let code = app.identity.kind == .code ? " at \(app.identity.source), \(app.identity.files.count) files" : ""
            line("app       \(app.identity.label)\(code): \(app.settings); ARKit frame \(app.arkitFrame.rawValue); filter lag on a ramp \(ms(app.rampLag))")
        } else {
            line("smoother  \(r.smoother)")
        }
        line("reference \(r.reference)")
        line()
        line("lag")
        let truth = r.reference == TruthlessTrace.referenceName ? "reference estimate" : "truth"
        func lagRow(_ label: String, _ estimate: LagEstimate?) {
            row(label, estimate.map { "\(ms($0.seconds))  (r = \(String(format: "%.3f", $0.correlation)))" } ?? "—")
        }
        lagRow("\(truth == "truth" ? "truth" : "reference") → filtered (xcorr)", r.lag.total)
        lagRow("measured → filtered (filter)", r.lag.filter)
        if r.reference != TruthlessTrace.referenceName { lagRow("truth → measured (sensor)", r.lag.sensor) }
        row("ramp steady-state lag", r.lag.ramp.map { "\(ms($0.seconds))  (p10 \(ms($0.p10)), p90 \(ms($0.p90)), \($0.samples) samples)" } ?? "— (no steady ramp)")
        if let step = r.lag.step {
            row("step rise time 10–90 %", "\(ms(step.riseTime))  (median of \(step.steps) steps)")
            row("step overshoot", String(format: "%.1f %%  (%.2f mm)", step.overshoot * 100, step.overshootMm))
        } else {
            row("step response", "— (no steps)")
        }
        if let onset = r.lag.onset {
            for (label, value) in onset.textRows { row(label, value) }
        }
        if let points = r.lag.groupDelay {
            for p in points {
                row(String(format: "group delay @ %.2f Hz", p.frequencyHz), "\(ms(p.groupDelay))  (phase delay \(ms(p.phaseDelay)), gain \(String(format: "%.3f", p.gain)))")
            }
        }
        line()
        line("jitter (mm)                             x        y        z     norm")
        func axes(_ label: String, _ a: AxisMm?) {
            guard let a else { return row(label, "—") }
            row(label, [a.x, a.y, a.z, a.norm].map { mm($0).leftPadding(8) }.joined(separator: " "))
        }
        if let s = r.jitter.stationary {
            line(String(format: "  stationary: %.1f s in %d segments", s.seconds, s.segments))
            axes("RMS", s.rmsMm)
            axes("peak-to-peak (worst segment)", s.peakToPeakMm)
            if let bias = s.biasMm { axes("bias (mean error)", bias) }
        } else {
            row("stationary", "— (no stationary stretch)")
        }
        if let residual = r.jitter.residual {
            axes(String(format: "RMS above %g Hz (Welch)", residual.cutoffHz), residual.rmsMm)
        } else {
            row("RMS above cut-off (Welch)", "— (trace too short)")
        }
        row("visible on screen (px RMS)", r.jitter.screenPx.map { String(format: "%.3f", $0) } ?? "— (give --screen)")
        if let gain = r.effectGainPxPerCm { row("effect gain (back wall)", String(format: "%.2f px per cm of head motion", gain)) }
        line()
        if let p = r.parallax {
            line("parallax on \(p.screen), movement scale \(p.movementScale) (\(p.frames) frames × \(p.points) points), against the \(truth)")
            line("                                  rms px   p95 px   max px   rms mm  rms arcmin")
            for (name, part) in [("  total", p.total), ("  tracking + smoothing", p.tracking), ("  exaggeration", p.exaggeration)] + (p.visibleJitter.map { [("  visible jitter (still)", $0)] } ?? []) {
                line(name.padding(toLength: 32, withPad: " ", startingAt: 0) + String(format: " %8.2f %8.2f %8.2f %8.3f %9.2f", part.pixels.rms, part.pixels.p95,
                                                                                    part.pixels.max, part.millimeters.rms, part.arcminutes.rms))
            }
            if let swim = r.swim {
                line("swim at the true eye (\(swim.framePairs) frame pairs)")
                line(String(repeating: " ", count: 32) + "  rms °/s  p95 °/s  max °/s")
                for (name, part) in [("  total", swim.total), ("  tracking + smoothing", swim.tracking), ("  exaggeration", swim.exaggeration)] {
                    line(name.padding(toLength: 32, withPad: " ", startingAt: 0) + String(format: " %8.2f %8.2f %8.2f", part.rms, part.p95, part.max))
                }
            }
            line("")
        }
        line("head-to-photon latency             mean      p05      p50      p95      max")
        for l in r.latency {
            let d = l.distribution
            let values = [d.mean, d.p05, d.p50, d.p95, d.max].map { String(format: "%6.1f ms", $0 * 1000).leftPadding(8) }
            row(String(format: "%g Hz display%@", l.model.displayRate, l.model.mainThreadHop ? " (+1 hop)" : ""), values.joined(separator: " "))
        }
        if let first = r.latency.first {
            line(String(format: "  parts: sensor %.1f ms (assumed unless given) + filter lag on steady motion %.1f ms + frame wait + hop + %g render frame(s) + timestamp jitter",
                        first.model.sensorLatency * 1000, first.model.filterLag * 1000, first.model.renderFrames))
        }
        if !r.notes.isEmpty {
            line()
            line("notes")
            for note in r.notes { line("  - " + note) }
        }
        return out
    }
}

private extension String {
    func leftPadding(_ width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }
}
