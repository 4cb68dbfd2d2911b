// Release-build benchmarks: `make bench` (or swift run -c release parallax-bench). Prints median timings.
import Analysis
import Foundation
import Geometry
import Smoothing
import Tracking

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted[sorted.count / 2]
}

func measure(_ name: String, repetitions: Int = 5, _ body: () throws -> Void) rethrows {
    var times: [Double] = []
    for _ in 0..<repetitions {
        let start = DispatchTime.now().uptimeNanoseconds
        try body()
        times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
    }
    print(String(format: "%-46@ median %.4f s  (min %.4f, max %.4f, n=%d)", name as NSString, median(times), times.min()!, times.max()!, repetitions))
}

let directory = FileManager.default.temporaryDirectory.appendingPathComponent("parallax-bench-\(getpid())")
try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: directory) }

// Synthesis: 1 hour at 60 Hz with every noise model on.
var hourSpec = TraceSpec(seed: 7, motion: [
    MotionSegment(model: .still, duration: 900), MotionSegment(model: .sway, duration: 900),
    MotionSegment(model: .glance, duration: 900), MotionSegment(model: .lean, duration: 900),
])
hourSpec.noise.latency = 0.03
hourSpec.noise.depthScaleError = 0.02
hourSpec.noise.outlierProbability = 0.002
var hour: HeadTrace?
try measure("synthesize 1 h at 60 Hz, all noise on") { hour = try TraceSynthesizer.synthesize(hourSpec) }
print("  samples: \(hour!.count)")

// CSV: 1,000,000 rows with truth.
var millionSpec = hourSpec
millionSpec.motion = [MotionSegment(model: .glance, duration: 1_000_000 / 60.0)]
let million = try TraceSynthesizer.synthesize(millionSpec)
let path = directory.appendingPathComponent("million.csv").path
try measure("write 1M-row trace CSV (with truth)") { try TraceCSVWriter.write(million, to: path) }
let size = (try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
print("  rows: \(million.count), bytes: \(size)")
try measure("read + validate 1M-row trace CSV") { _ = try TraceCSVReader.read(contentsOf: path) }

// Smoothers: in-process throughput of 3D samples on one core (batch API, concrete type and via a spec).
let smoothCount = 4_000_000
let smoothInput: [HeadSample] = {
    var spec = millionSpec
    spec.motion = [MotionSegment(model: .glance, duration: Double(smoothCount) / 60)]
    return Array(try! TraceSynthesizer.synthesize(spec).samples.prefix(smoothCount))
}()
var smoothOutput = [Vec3](repeating: .zero, count: smoothInput.count)

@MainActor func throughput<S: Smoother>(_ name: String, _ make: () -> S) {
    var times: [Double] = []
    for _ in 0..<7 {
        var filter = make()
        let start = DispatchTime.now().uptimeNanoseconds
        smoothInput.withUnsafeBufferPointer { input in
            smoothOutput.withUnsafeMutableBufferPointer { filter.smooth(input, into: $0) }
        }
        times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
    }
    let rate = Double(smoothInput.count) / median(times) / 1e6
    print(String(format: "%-46@ median %7.1f M samples/s  (%d samples, best %.1f)", name as NSString, rate, smoothInput.count,
                 Double(smoothInput.count) / times.min()! / 1e6))
}

print("samples for the smoother runs: \(smoothInput.count)")
throughput("ema:alpha=0.25") { EMAFilter(alpha: 0.25) }
throughput("ema-time:tau=0.058") { TimeConstantEMAFilter(tau: 0.058) }
throughput("one-euro (paper, axis)") { OneEuroFilter() }
throughput("one-euro variant=legacy,speed=norm") { OneEuroFilter(variant: .legacy, speed: .norm) }
throughput("desp:alpha=0.5,predict=0.05") { DESPFilter() }
throughput("kalman-cv") { KalmanCVFilter() }
throughput("predict:horizon=0.03") { PredictStage() }
throughput("spec 'ema:alpha=0.25' (any Smoother)") { SmootherChain([try! SmootherSpec("ema:alpha=0.25").makeSmoother()]) }
throughput("spec 'one-euro' (any Smoother)") { SmootherChain([try! SmootherSpec("one-euro").makeSmoother()]) }
throughput("spec 'kalman-cv' (any Smoother)") { SmootherChain([try! SmootherSpec("kalman-cv").makeSmoother()]) }
throughput("chain one-euro|predict:horizon=0.03") { SmootherChain([OneEuroFilter(), PredictStage()]) }

// analyze: 1 hour at 60 Hz with truth, read from CSV and analysed in-process.
let hourPath = directory.appendingPathComponent("hour.csv").path
try TraceCSVWriter.write(hour!, to: hourPath)
let oneEuro = try SmootherSpec("one-euro:mincutoff=1,beta=10")
var analysed: TraceAnalysisReport?
try measure("read (chunked) + analyze 1 h trace (one-euro)") {
    let trace = try TraceCSVReader.readConcurrently(contentsOf: hourPath)
    analysed = TraceAnalysis.analyze(trace, smoother: oneEuro)
}
try measure("read 1 h trace CSV, serial") { _ = try TraceCSVReader.read(contentsOf: hourPath) }
try measure("read 1 h trace CSV, chunked on all cores") { _ = try TraceCSVReader.readConcurrently(contentsOf: hourPath) }
let hourTrace = try TraceCSVReader.read(contentsOf: hourPath)
measure("analyze only (1 h, one-euro)") { _ = TraceAnalysis.analyze(hourTrace, smoother: oneEuro) }
print("  filter lag: \(analysed!.lag.filter.map { String(format: "%.1f ms", $0.seconds * 1000) } ?? "—")")
