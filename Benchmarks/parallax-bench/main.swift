// Release-build benchmarks: `make bench` (or swift run -c release parallax-bench). Prints median timings.
import Foundation
import Geometry
import Projection
import Analysis
import Tracking

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted[sorted.count / 2]
}

/// `parallax-bench [filter]`: only the benchmarks whose name contains `filter`.
let filter = CommandLine.arguments.dropFirst().first

func measure(_ name: String, repetitions: Int = 5, _ body: () throws -> Void) rethrows {
    if let filter, !name.contains(filter) { return }
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
if let hour { print("  samples: \(hour.count)") }

// CSV: 1,000,000 rows with truth.
var millionSpec = hourSpec
millionSpec.motion = [MotionSegment(model: .glance, duration: 1_000_000 / 60.0)]
let million = try TraceSynthesizer.synthesize(millionSpec)
let path = directory.appendingPathComponent("million.csv").path
try measure("write 1M-row trace CSV (with truth)") { try TraceCSVWriter.write(million, to: path) }
let size = ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int) ?? 0
print("  rows: \(million.count), bytes: \(size)")
try measure("read + validate 1M-row trace CSV") { _ = try TraceCSVReader.read(contentsOf: path) }
try measure("  of which: encode 1M rows to bytes") { _ = TraceCSVWriter.encode(million) }

// Projection: the app's off-axis projection + view matrices, one core.
do {
    let projection = try OffAxisProjection(screen: try ScreenModel.device("iphone-16-pro"), movementScale: 1.5)
    let count = 10_000_000
    var checksum = 0.0
    try measure("10M OffAxisProjection.camera(head:), 1 core") {
        var head = Vec3(0.02, -0.01, 0.35)
        for i in 0..<count {
            head.x = Double(i & 1023) * 1e-5
            let camera = try projection.camera(head: head)
            let p = camera.projection.rows, v = camera.view.rows
            checksum += p.0.x + p.0.z + p.1.y + p.1.z + p.2.z + p.2.w + p.3.z + v.0.w + v.1.w + v.2.w
        }
    }
    print("  checksum: \(checksum)")
}

// Parallax accuracy: 1 hour at 60 Hz × 20 reference points.
do {
    let screen = try ScreenModel.device("iphone-16-pro")
    let trace = try TraceSynthesizer.synthesize(hourSpec)
    var report: ParallaxAccuracyReport?
    try measure("parallax accuracy, 1 h at 60 Hz × 20 points") {
        report = try ParallaxAccuracy.evaluate(trace: trace, screen: screen, movementScale: 1.5)
    }
    if let report { print("  frames: \(report.frames), points: \(report.points), total rms \(report.total.pixels.rms) px") }
}
