import Foundation
import ParallaxTestSupport
import Testing

@Suite struct SynthCommandTests {
    @Test func everyModelSynthesizes() throws {
        let dir = try TemporaryDirectory()
        defer { dir.cleanUp() }
        for model in ["still", "sway", "lean", "glance", "step", "chirp", "walk-by"] {
            let run = try ParallaxProcess.run(["synth", "--model", model, "--duration", "5", "--seed", "3", "-o", dir.path("\(model).csv")])
            #expect(run.status == 0, "\(model): \(run.stderr)")
            let text = try String(contentsOfFile: dir.path("\(model).csv"), encoding: .utf8)
            #expect(text.contains("t,x,y,z,tracked,true_x,true_y,true_z,device_qw,device_qx,device_qy,device_qz,head_qw,head_qx,head_qy,head_qz\n"))  // --model: upright phone, head facing the screen
            #expect(text.split(separator: "\n").count > 250)
        }
    }

    @Test func sameSeedSameBytesDifferentSeedDifferentBytes() throws {
        let dir = try TemporaryDirectory()
        defer { dir.cleanUp() }
        for (name, seed) in [("a", "11"), ("b", "11"), ("c", "12")] {
            let run = try ParallaxProcess.run(["synth", "--model", "glance", "--duration", "10", "--seed", seed, "-o", dir.path("\(name).csv")])
            #expect(run.status == 0)
        }
        let a = try Data(contentsOf: dir.url.appendingPathComponent("a.csv"))
        let b = try Data(contentsOf: dir.url.appendingPathComponent("b.csv"))
        let c = try Data(contentsOf: dir.url.appendingPathComponent("c.csv"))
        #expect(a == b)
        #expect(a != c)
    }

    @Test func usageErrorsExitTwoWithOneLine() throws {
        let missing = try ParallaxProcess.run(["synth", "-o", "/tmp/never.csv"])
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("--model"))
        let badModel = try ParallaxProcess.run(["synth", "--model", "hover", "-o", "/tmp/never.csv"])
        #expect(badModel.status == 2)
        let badVector = try ParallaxProcess.run(["synth", "--model", "sway", "--start", "0,0", "-o", "/tmp/never.csv"])
        #expect(badVector.status == 2)
        #expect(badVector.stderr.contains("--start"))
        #expect(!FileManager.default.fileExists(atPath: "/tmp/never.csv"))
    }

    @Test func badSpecValueNamesTheField() throws {
        let dir = try TemporaryDirectory()
        defer { dir.cleanUp() }
        try "motion:\n  - {model: sway, duration: 5, frequency: [0.2, -1, 0]}\n".write(toFile: dir.path("bad.yml"), atomically: true, encoding: .utf8)
        let run = try ParallaxProcess.run(["synth", "--spec", dir.path("bad.yml"), "-o", dir.path("out.csv")])
        #expect(run.status == 2)
        #expect(run.stderr.contains("motion[0].frequency"))
        #expect(!FileManager.default.fileExists(atPath: dir.path("out.csv")))

        try "motion:\n  - {model: sway, duration: 5, sped: 3}\n".write(toFile: dir.path("typo.yml"), atomically: true, encoding: .utf8)
        let typo = try ParallaxProcess.run(["synth", "--spec", dir.path("typo.yml"), "-o", dir.path("out.csv")])
        #expect(typo.status == 2)
        #expect(typo.stderr.contains("sped"))
    }

    @Test func versionPrints() throws {
        let run = try ParallaxProcess.run(["--version"])
        #expect(run.status == 0)
        #expect(run.stdout.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: ".").count == 3)
    }
}

@Suite struct InspectCommandTests {
    @Test func malformedTraceExitsTwoNamingFileAndLine() throws {
        let dir = try TemporaryDirectory()
        defer { dir.cleanUp() }
        let path = dir.path("bad.csv")
        try "t,x,y,z\n0,0,0,0.35\n0.1,0,oops,0.35\n".write(toFile: path, atomically: true, encoding: .utf8)
        let run = try ParallaxProcess.run(["inspect", path])
        #expect(run.status == 2)
        #expect(run.stderr.contains("\(path):3: column 3 'y': expected a number, found 'oops'"))
        #expect(run.stdout.isEmpty)
    }

    @Test func summarisesAValidTrace() throws {
        let dir = try TemporaryDirectory()
        defer { dir.cleanUp() }
        let path = dir.path("still.csv")
        #expect(try ParallaxProcess.run(["synth", "--model", "still", "--duration", "10", "-o", path]).status == 0)
        let run = try ParallaxProcess.run(["inspect", path, "--json"])
        #expect(run.status == 0)
        let object = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as! [String: [String: Any]]
        let summary = object[path]!
        #expect(summary["has_truth"] as? Bool == true)
        #expect(abs((summary["rate"] as! Double) - 60) < 0.5)
    }
}
