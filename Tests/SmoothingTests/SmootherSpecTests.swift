import Foundation
import Geometry
import Smoothing
import Testing
import Tracking
import Vocabulary

@Suite struct SmootherSpecTests {
    @Test func parsesAndFillsDefaults() throws {
        let spec = try SmootherSpec(parsing: "one-euro:mincutoff=1,beta=10,dcutoff=1")
        #expect(spec.description == "one-euro:mincutoff=1,beta=10,dcutoff=1,variant=paper,speed=axis,rate=60,loss=freeze-and-reinit")
        #expect(try SmootherSpec(parsing: spec.description) == spec)
        let chain = try SmootherSpec(parsing: " one-euro:beta=0.5 | predict:horizon=0.03 ")
        #expect(chain.stages.map(\.kind) == [.oneEuro, .predict])
        #expect(chain.stages[1].parameters.number("horizon") == 0.03)
        #expect(try SmootherSpec(parsing: "none").description == "none")
        #expect(try SmootherSpec(parsing: "kalman-cv:q=1e-2,r=4e-7").stages[0].parameters.number("r") == 4e-7)
    }

    /// In a suite file a smoother is its spec text; a bad one is the parser's error, whole.
    @Test func decodesFromItsText() throws {
        #expect(try JSONDecoder().decode([SmootherSpec].self, from: Data(#"["kalman-cv"]"#.utf8)) == [try SmootherSpec(parsing: "kalman-cv")])
        #expect {
            try JSONDecoder().decode([SmootherSpec].self, from: Data(#"["ema", "ema:alpha=1.5"]"#.utf8))
        } throws: { error in
            (error as? DecodingError).flatMap(FieldError.init)?.description == "[1].ema.alpha: expected alpha ∈ (0, 1], found 1.5"
        }
    }

    /// Every error names the filter, the parameter and its valid range.
    @Test(arguments: [
        ("ema:alpha=1.5", ["ema", "alpha", "(0, 1]"]),
        ("ema:alpha=0", ["alpha", "(0, 1]"]),
        ("one-euro:mincutoff=-1", ["one-euro", "mincutoff", "(0, ∞) Hz"]),
        ("one-euro:beta=-2", ["beta", "[0, ∞) Hz per (m/s)"]),
        ("one-euro:dcutoff=0", ["dcutoff", "(0, ∞) Hz"]),
        ("one-euro:betta=3", ["unknown parameter 'betta'", "beta ∈ [0, ∞) Hz per (m/s)"]),
        ("one-euro:variant=fast", ["variant", "one of paper, legacy"]),
        ("desp:alpha=1", ["desp", "alpha", "(0, 1)"]),
        ("kalman-cv:r=-1", ["kalman-cv", "r", "(0, ∞) m²"]),
        ("predict:horizon=2", ["horizon", "[0, 1] s"]),
        ("ema-time:tau=abc", ["tau", "expected a number", "(0, 10] s"]),
        ("ema:loss=drop", ["loss", "one of hold, freeze-and-reinit"]),
        ("kalmann", ["unknown smoother 'kalmann'", "kalman-cv"]),
        ("none:alpha=1", ["unknown parameter 'alpha'", "takes no parameters"]),
        ("ema|", ["empty stage"]),
        ("", ["empty smoother spec"]),
        ("ema:alpha", ["param=value"]),
        ("ema:alpha=0.2,alpha=0.3", ["given twice"]),
    ])
    func errorsNameTheParameterAndRange(text: String, fragments: [String]) {
        do {
            _ = try SmootherSpec(parsing: text)
            Issue.record("'\(text)' parsed")
        } catch let error as FieldError {
            for fragment in fragments { #expect(error.description.contains(fragment), "'\(error.description)' lacks '\(fragment)'") }
            #expect(!error.description.contains("\n"))
        } catch {
            Issue.record("unexpected error \(error)")
        }
    }

    @Test func helpStatesBetaUnits() {
        #expect(SmootherSpec.helpText.contains("Hz per (m/s)"))
        for kind in SmootherKind.allCases { #expect(SmootherSpec.helpText.contains(kind.rawValue + ":")) }
    }

    /// The batch hot path gives exactly the per-sample results, for every filter and a chain, on a noisy
    /// trace with dropouts and jittered timestamps.
    @Test func batchEqualsPerSample() throws {
        var spec = TraceSpec(seed: 5, motion: [MotionSegment(model: .glance, duration: 20)])
        spec.noise.dropoutRate = 0.5
        let trace = try TraceSynthesizer.synthesize(spec)
        let specs = SmootherKind.allCases.map(\.rawValue) + ["one-euro:variant=legacy,speed=norm,loss=hold", "kalman-cv:predict=0.02|predict:horizon=0.01"]
        for text in specs {
            var batch = try SmootherSpec(parsing: text).makeSmoother()
            var single = try SmootherSpec(parsing: text).makeSmoother()
            let a = batch.smooth(trace.samples)
            let b = trace.samples.map { single.smooth($0) }
            #expect(a == b, "\(text)")
            batch.reset()
            #expect(batch.smooth(trace.samples) == a, "\(text): reset does not restore the initial state")
        }
    }

    @Test func smoothingATraceKeepsEverythingButPositions() throws {
        let trace = try TraceSynthesizer.synthesize(TraceSpec(seed: 2, motion: [MotionSegment(model: .walkBy, duration: 6)]))
        var smoother = try SmootherSpec(parsing: "ema").makeSmoother()
        let out = smoother.smooth(trace)
        #expect(out.truth == trace.truth)
        #expect(out.samples.map(\.tracked) == trace.samples.map(\.tracked))
        #expect(out.samples.map(\.t) == trace.samples.map(\.t))
        #expect(out.samples.map(\.position) != trace.samples.map(\.position))
    }
}
