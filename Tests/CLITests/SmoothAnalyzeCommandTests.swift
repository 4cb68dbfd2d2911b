import Foundation
import ParallaxTestSupport
import Testing

@Suite struct SmoothAnalyzeCommandTests {
    static let models = ["still", "sway", "lean", "glance", "step", "chirp", "walk-by"]

    /// smooth and analyze work on a trace of every motion model (the committed Traces/ set is made the
    /// same way), with a chain spec.
    @Test func smoothAndAnalyzeEveryMotionModel() throws {
        let dir = try TemporaryDirectory()
        defer { dir.cleanUp() }
        for model in Self.models {
            let input = dir.path("\(model).csv"), output = dir.path("\(model)-smooth.csv")
            let synth = try ParallaxProcess.run(["synth", "--model", model, "--duration", "20", "--seed", "5", "-o", input])
            #expect(synth.status == 0, "\(model): \(synth.stderr)")
            let smooth = try ParallaxProcess.run(["smooth", input, "--smoother", "one-euro:mincutoff=1,beta=10|predict:horizon=0.03", "-o", output])
            #expect(smooth.status == 0, "\(model): \(smooth.stderr)")
            let text = try String(contentsOfFile: output, encoding: .utf8)
            #expect(text.contains("\nt,x,y,z,tracked,true_x,true_y,true_z,device_qw,device_qx,device_qy,device_qz,head_qw,head_qx,head_qy,head_qz\n"), "\(model): header")
            #expect(text.contains("# smoother: one-euro:mincutoff=1,beta=10,dcutoff=1,variant=paper,speed=axis,rate=60,loss=freeze-and-reinit|predict:horizon=0.03,loss=freeze-and-reinit\n"))
            let inputRows = try String(contentsOfFile: input, encoding: .utf8).split(separator: "\n").filter { !$0.hasPrefix("#") }
            let outputRows = text.split(separator: "\n").filter { !$0.hasPrefix("#") }
            #expect(inputRows.count == outputRows.count)
            // t, tracked and truth columns are unchanged.
            for (a, b) in zip(inputRows.dropFirst(), outputRows.dropFirst()).prefix(200) {
                let fa = a.split(separator: ","), fb = b.split(separator: ",")
                #expect(fa[0] == fb[0] && Array(fa[4...]) == Array(fb[4...]))
            }
            let table = try ParallaxProcess.run(["analyze", input, "--smoother", "ema:alpha=0.25"])
            #expect(table.status == 0, "\(model): \(table.stderr)")
            #expect(table.stdout.contains("lag") && table.stdout.contains("jitter (mm)") && table.stdout.contains("head-to-photon latency"))
            let json = try ParallaxProcess.run(["analyze", output, "--smoother", "kalman-cv", "--json"])
            #expect(json.status == 0, "\(model): \(json.stderr)")
            let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
            #expect(object?["schema"] as? Int == 1)
            #expect((object?["smoother"] as? String)?.hasPrefix("kalman-cv:q=0.05") == true)
        }
    }

    @Test func badSpecExitsTwoWithTheValidRange() throws {
        let dir = try TemporaryDirectory()
        defer { dir.cleanUp() }
        let input = dir.path("in.csv")
        #expect(try ParallaxProcess.run(["synth", "--model", "sway", "--duration", "3", "-o", input]).status == 0)
        let cases: [(String, String)] = [
            ("ema:alpha=1.5", "alpha ∈ (0, 1]"),
            ("one-euro:mincutoff=-1", "mincutoff ∈ (0, ∞) Hz"),
            ("one-euro:beta=1,gamma=2", "unknown parameter 'gamma'"),
            ("holt", "unknown smoother 'holt'"),
        ]
        for (spec, fragment) in cases {
            let smooth = try ParallaxProcess.run(["smooth", input, "--smoother", spec, "-o", dir.path("out.csv")])
            #expect(smooth.status == 2, "\(spec)")
            #expect(smooth.stderr.contains(fragment), "\(spec): \(smooth.stderr)")
            #expect(smooth.stderr.split(separator: "\n").count == 1)
            let analyze = try ParallaxProcess.run(["analyze", input, "--smoother", spec])
            #expect(analyze.status == 2 && analyze.stderr.contains(fragment))
        }
        #expect(!FileManager.default.fileExists(atPath: dir.path("out.csv")))
    }

    @Test func missingInputExitsTwoAndWritesNothing() throws {
        let dir = try TemporaryDirectory()
        defer { dir.cleanUp() }
        let run = try ParallaxProcess.run(["smooth", dir.path("absent.csv"), "--smoother", "ema", "-o", dir.path("out.csv")])
        #expect(run.status == 2)
        #expect(run.stderr.contains("absent.csv"))
        #expect(!FileManager.default.fileExists(atPath: dir.path("out.csv")))
        let analyze = try ParallaxProcess.run(["analyze", dir.path("absent.csv")])
        #expect(analyze.status == 2)
    }

    @Test func helpDocumentsBetaUnitsAndFilters() throws {
        let help = try ParallaxProcess.run(["smooth", "--help"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("Hz per (m/s)"))
        for name in ["ema:", "ema-time:", "one-euro:", "desp:", "kalman-cv:", "predict:", "none:"] { #expect(help.stdout.contains(name)) }
        let analyzeHelp = try ParallaxProcess.run(["analyze", "--help"])
        #expect(analyzeHelp.status == 0 && analyzeHelp.stdout.contains("--json"))
    }

    /// Without ground truth analyze compares against the reference estimate and says so.
    @Test func analyzeWithoutTruthStatesFallbacks() throws {
        let dir = try TemporaryDirectory()
        defer { dir.cleanUp() }
        let csv = "t,x,y,z\n" + (0..<600).map { k in
            let t = Double(k) / 60
            return "\(t),\(0.02 * sin(2 * Double.pi * 0.5 * t)),0,0.35"
        }.joined(separator: "\n") + "\n"
        try csv.write(toFile: dir.path("plain.csv"), atomically: true, encoding: .utf8)
        let run = try ParallaxProcess.run(["analyze", dir.path("plain.csv"), "--smoother", "ema:alpha=0.3", "--json"])
        #expect(run.status == 0, "\(run.stderr)")
        let object = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as! [String: Any]
        #expect(object["reference"] as? String == "reference estimate")
        #expect((object["notes"] as? [String])?.contains { $0.contains("no ground truth") && $0.contains("reference estimate") } == true)
        let lag = object["lag"] as! [String: Any]
        #expect(lag["sensor"] == nil)
        // A noise-free 0.5 Hz sinusoid through the EMA: phase delay ≈ Te(1 − α)/α = 38.9 ms, against the
        // measurements and against the reference estimate (which follows a noise-free signal exactly).
        for key in ["filter", "total"] {
            let estimate = lag[key] as! [String: Any]
            #expect(abs((estimate["seconds"] as! Double) - 0.0389) < 0.002, "\(key)")
        }
    }
}
