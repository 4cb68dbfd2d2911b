import Foundation
import Geometry
import Harness
import Smoothing
import Tracking
import Tuning

/// A suite file: written to a scratch directory (the loader checks that referenced files exist), then loaded
/// with all its checks. The directory holds empty stand-ins for the files the seed suites name.
enum SuiteFuzzing {
    static let referencedFiles = ["trace.csv", "lean.yml", "scene.splat", "back.png"]

    static let directory: String = {
        let path = (NSTemporaryDirectory() as NSString).appendingPathComponent("parallax-fuzz-suite-\(getpid())")
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        for file in referencedFiles {
            _ = FileManager.default.createFile(atPath: (path as NSString).appendingPathComponent(file), contents: Data())
        }
        return path
    }()

    static func load(_ bytes: [UInt8]) throws {
        let path = (directory as NSString).appendingPathComponent("fuzz.yml")
        guard FileManager.default.createFile(atPath: path, contents: Data(bytes)) else {
            fatalError("cannot write the scratch suite file \(path)")
        }
        _ = try SuiteLoader(path: path).load()
    }
}

/// A smoother spec: parsed, built and run over a short trace with a tracking loss (the parameters reach the
/// filters' arithmetic, not only the parser).
enum SmootherFuzzing {
    static let samples: [HeadSample] = (0..<32).map { i in
        let t = Double(i) / 60
        return HeadSample(t: t, position: Vec3(0.02 * sin(9 * t), 0.01 * cos(7 * t), 0.35 + 0.01 * sin(3 * t)), tracked: !(12..<16).contains(i))
    }

    static func run(_ text: String) throws {
        var smoother = try SmootherSpec(parsing: text).makeSmoother()
        _ = smoother.smooth(samples)
    }
}

/// The range grammar (`lo...hi/step`) as `--movement-scale` takes it, and inside a smoother sweep.
enum RangeFuzzing {
    static func run(_ text: String) throws {
        if text.contains(":") {
            let sweep = try SweepSpec(parsing: text)
            for index in [0, sweep.count - 1] { _ = try sweep.spec(at: index) }
        } else {
            _ = try ParameterRange(text, name: "movement_scale").values
        }
    }
}
