import Foundation
import Plumbing
import Tracking
import Vocabulary

extension NoiseFit {
    /// `parallax fit`: fits the trace CSV at `input` (with the unobservable sensor latency given) and writes the
    /// synthesis spec that looks like it as YAML to `output` (atomically), headed by a comment naming the tool
    /// and the recording. Returns the fit.
    @discardableResult
    package static func fit(contentsOf input: String, latency: Double, seed: UInt64, writingSpecTo output: String) throws -> NoiseFit {
        guard latency.isFinite && latency >= 0 && latency <= 1 else {
            throw FieldError("latency", expected: "a latency in [0, 1] s", found: "\(latency)")
        }
        let recording = try TraceCSVReader.read(contentsOf: input)
        var given = NoiseSpec()
        given.latency = latency
        let fit: NoiseFit
        do { fit = try NoiseFit.fit(recording, given: given) } catch let error as FieldError { throw error.located(file: input) }
        let spec = fit.traceSpec(recording: recording, given: given, seed: seed)
        let text = try spec.yaml(comments: ["noise fitted by parallax fit \(ParallaxVersion.string) to \(URL(fileURLWithPath: input).lastPathComponent)"])
        try AtomicFile.write(Array(text.utf8), to: output)
        return fit
    }
}
