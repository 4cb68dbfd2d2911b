import Foundation
import ParallaxTestSupport
import Testing

@Suite struct ProjectCommandTests {
    let workedExample = ["project", "--screen", "iphone-16-pro", "--head", "0.02,-0.01,0.35", "--movement-scale", "1.5", "--json"]

    func json(_ run: ParallaxRun) throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
    }

    /// Agreement to 9 significant digits.
    func nineDigits(_ a: Double, _ b: Double) -> Bool { abs(a - b) <= 5e-9 * abs(b) }

    @Test func workedExampleMatchesToNineSignificantDigits() throws {
        let run = try ParallaxProcess.run(workedExample)
        #expect(run.status == 0, "\(run.stderr)")
        let object = try json(run)
        #expect(Set(object.keys) == ["clip", "eye", "frustum", "projection", "view", "width", "height"])
        #expect(object["clip"] as? String == "opengl")
        #expect(object["width"] as? Int == 1206 && object["height"] as? Int == 2622)
        let projection = try #require(object["projection"] as? [[Double]])
        let view = try #require(object["view"] as? [[Double]])
        #expect(projection.count == 4 && projection.allSatisfy { $0.count == 4 })
        let row0 = [10.51174573, 0, -0.9010067771, 0], row1 = [0, 4.834921951, 0.2072109407, 0]
        for c in 0..<4 {
            #expect(row0[c] == 0 ? projection[0][c] == 0 : nineDigits(projection[0][c], row0[c]), "row 0: \(projection[0])")
            #expect(row1[c] == 0 ? projection[1][c] == 0 : nineDigits(projection[1][c], row1[c]), "row 1: \(projection[1])")
        }
        // glFrustum rows 2 and 3 with n = 0.001, f = 10.
        #expect(nineDigits(projection[2][2], -(10 + 0.001) / (10 - 0.001)) && nineDigits(projection[2][3], -2 * 10 * 0.001 / (10 - 0.001)))
        #expect(projection[3] == [0, 0, -1, 0])
        // view = translate(−eye), eye = (1.5·0.02, 1.5·−0.01, 0.35).
        #expect(view[0] == [1, 0, 0, -0.03] && view[1] == [0, 1, 0, 0.015] && view[2] == [0, 0, 1, -0.35] && view[3] == [0, 0, 0, 1])
        let eye = try #require(object["eye"] as? [Double])
        #expect(eye == [0.03, -0.015, 0.35])
        let frustum = try #require(object["frustum"] as? [String: Double])
        #expect(abs(frustum["left"]! - -1.80846e-4) <= 5e-6 * 1.80846e-4)
        #expect(abs(frustum["right"]! - 9.41739e-6) <= 5e-6 * 9.41739e-6)
        #expect(abs(frustum["bottom"]! - -1.63971e-4) <= 5e-6 * 1.63971e-4)
        #expect(abs(frustum["top"]! - 2.49686e-4) <= 5e-6 * 2.49686e-4)
        #expect(frustum["near"] == 0.001 && frustum["far"] == 10)
    }

    @Test func nameSlugAndIdentifierGiveTheSameOutput() throws {
        let outputs = try ["iphone-16-pro", "iPhone 16 Pro", "iPhone17,1"].map { screen -> String in
            var arguments = workedExample
            arguments[2] = screen
            let run = try ParallaxProcess.run(arguments)
            #expect(run.status == 0, "\(screen): \(run.stderr)")
            return run.stdout
        }
        #expect(outputs[0] == outputs[1] && outputs[1] == outputs[2])
    }

    @Test func metalClipAndTextOutput() throws {
        let run = try ParallaxProcess.run(workedExample + ["--clip", "metal"])
        #expect(run.status == 0)
        let object = try json(run)
        let projection = try #require(object["projection"] as? [[Double]])
        #expect(object["clip"] as? String == "metal")
        // P_metal row 2 = ½·(P_gl row 2 + P_gl row 3).
        #expect(abs(projection[2][2] - 0.5 * (-(10 + 0.001) / (10 - 0.001) - 1)) < 1e-15)
        let text = try ParallaxProcess.run(Array(workedExample.dropLast()))
        #expect(text.status == 0)
        #expect(text.stdout.contains("10.51174573") && text.stdout.contains("-0.9010067771") && text.stdout.contains("estimated"))
    }

    @Test func badGeometryExitsTwoNamingTheValue() throws {
        let cases: [([String], String)] = [
            (["--screen", "iphone-16-pro", "--head", "0,0,-0.01", "--no-clamp"], "eye z"),
            (["--screen", "iphone-16-pro", "--head", "0,0,0.35", "--near", "0.5"], "near"),
            (["--screen", "0x0.141", "--head", "0,0,0.35"], "screen width"),
            (["--screen", "iphone-16-pro", "--head", "nan,0,0.35"], "--head"),
            (["--screen", "iphone-16-pro", "--head", "0,0"], "--head"),
            (["--screen", "iphone-99", "--head", "0,0,0.35"], "'iphone-99'"),
            (["--screen", "iphone-16-pro", "--head", "0,0,0.35", "--clip", "vulkan"], "vulkan"),
        ]
        for (arguments, named) in cases {
            let run = try ParallaxProcess.run(["project"] + arguments)
            #expect(run.status == 2, "\(arguments): \(run.status)")
            #expect(run.stderr.contains(named), "\(arguments): \(run.stderr)")
            #expect(run.stderr.split(separator: "\n").count == 1, "\(run.stderr)")
            #expect(run.stdout.isEmpty)
        }
    }

    @Test func appTableSourceIsSelectable() throws {
        let run = try ParallaxProcess.run(workedExample + ["--screen-source", "app-table"])
        #expect(run.status == 0)
        let projection = try #require(try json(run)["projection"] as? [[Double]])
        // 2·ez / W_body with the 71.5 mm case width.
        #expect(abs(projection[0][0] - 0.7 / 0.0715) < 1e-12)
    }
}

@Suite struct AnalyzeParallaxTests {
    @Test func analyzeWithAScreenReportsParallaxAccuracy() throws {
        let dir = try TemporaryDirectory()
        defer { dir.cleanUp() }
        #expect(try ParallaxProcess.run(["synth", "--model", "still", "--duration", "10", "-o", dir.path("s.csv")]).status == 0)
        let run = try ParallaxProcess.run(["analyze", dir.path("s.csv"), "--screen", "iphone-15-pro", "--movement-scale", "1.5", "--json"])
        #expect(run.status == 0, "\(run.stderr)")
        let object = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as! [String: Any]
        let parallax = try #require(object["parallax"] as? [String: Any])
        #expect(parallax["movement_scale"] as? Double == 1.5)
        let tracking = (parallax["tracking"] as! [String: Any])["pixels"] as! [String: Double]
        #expect(tracking["p95"]! > 0 && tracking["p95"]! >= tracking["rms"]!)
        #expect((object["jitter"] as! [String: Any])["screen_px"] != nil)
        let missing = try ParallaxProcess.run(["analyze", dir.path("s.csv"), "--movement-scale", "1.5"])
        #expect(missing.status == 2 && missing.stderr.contains("--screen"))
    }
}
