import Foundation
import Golden
import Imaging
import ParallaxTestSupport
import Testing
@testable import Harness
@testable import Reporting
import Vocabulary
#if canImport(FoundationXML)
import FoundationXML
#endif

/// Runs a small suite end to end in a temporary folder.
@Suite struct SuiteRunTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    struct Fixture {
        let dir: URL
        var suite: String { dir.appendingPathComponent("suite.yml").path }
        var output: String { dir.appendingPathComponent("report").path }

        init(traceName: String = "still.csv", suiteName: String = "mini") throws {
            dir = try TemporaryDirectory(prefix: "suite-run").url
            let trace = try String(contentsOf: repository.appendingPathComponent("Traces/still.csv"), encoding: .utf8)
            try trace.write(to: dir.appendingPathComponent(traceName), atomically: true, encoding: .utf8)
            try """
                name: '\(suiteName.replacingOccurrences(of: "'", with: "''"))'
                goldens: goldens
                traces: ['\(traceName.replacingOccurrences(of: "'", with: "''"))']
                smoothers: ["ema:alpha=0.25"]
                budgets:
                  - {metric: lag_ms, max: 1000}
                numbers: {golden: numbers/mini}
                frames:
                  - {name: cube/a, scene: {cube: screen}, head: [0.01, 0, 0.35], scale: 0.08}
                """.write(toFile: suite, atomically: true, encoding: .utf8)
        }

        func run(record: Bool = false, environment: [String: String] = [:]) throws -> SuiteRun.Outcome {
            var options = SuiteRun.Options(suitePath: suite)
            options.output = output
            options.record = record
            options.environment = environment
            return try SuiteRun.run(options)
        }

        func cleanUp() { try? FileManager.default.removeItem(at: dir) }
    }

    @Test func missingGoldensFailThenRecordThenPass() throws {
        let fixture = try Fixture()
        defer { fixture.cleanUp() }
        let first = try fixture.run()
        #expect(first.failure != nil)
        #expect(first.report.frames[0].status == .missing)
        #expect(first.report.frames[0].recordCommand.contains("parallax record"))
        // The store's hint is Remedy's: a frame alone, the numeric golden by a run of the whole suite.
        #expect(first.report.frames[0].recordCommand == Remedy.record(suite: fixture.suite, only: "cube/a"))
        #expect(first.report.frames[0].message?.hasSuffix("record it with: \(Remedy.record(suite: fixture.suite, only: "cube/a"))") == true)
        #expect(first.report.numbers?.recordCommand == Remedy.record(suite: fixture.suite))
        #expect(first.report.numbers?.status == .missing)
        // Recording is refused under CI…
        #expect(throws: SuiteError.self) { try fixture.run(record: true, environment: ["CI": "true"]) }
        #expect(!FileManager.default.fileExists(atPath: fixture.dir.appendingPathComponent("goldens/cube/a.png").path))
        // …and works at a desk, with a sidecar.
        #expect(try fixture.run(record: true).failure == nil)
        #expect(FileManager.default.fileExists(atPath: fixture.dir.appendingPathComponent("goldens/cube/a.json").path))
        let second = try fixture.run()
        #expect(second.failure == nil)
        #expect(second.report.numbers?.status == .pass)
    }

    @Test func alteredGoldenFailsAndShowsTheDiff() throws {
        let fixture = try Fixture()
        defer { fixture.cleanUp() }
        _ = try fixture.run(record: true)
        let goldenPath = fixture.dir.appendingPathComponent("goldens/cube/a.png").path
        var golden = try PNGCodec.read(contentsOf: goldenPath)
        golden.fill(x: 10, y: 20, width: 12, height: 12, with: RGBA(255, 0, 255))
        try PNGCodec.write(golden, to: goldenPath)
        let outcome = try fixture.run()
        #expect(outcome.failure != nil)
        let frame = outcome.report.frames[0]
        #expect(frame.status == .fail)
        #expect(frame.checks.contains { !$0.passed })
        let diff = try #require(frame.diffImage)
        #expect(FileManager.default.fileExists(atPath: (fixture.output as NSString).appendingPathComponent(diff)))
        let html = try String(contentsOfFile: fixture.output + "/index.html", encoding: .utf8)
        #expect(html.contains(diff))
        #expect(html.contains("parallax record"))
        let summary = try String(contentsOfFile: fixture.output + "/summary.md", encoding: .utf8)
        #expect(summary.contains("❌ fail") && summary.contains("cube/a"))
        // The changed region is the painted square, exactly (the golden is a flat-shaded room: magenta differs from
        // every pixel under it by more than the tolerance), in the result, in report.json and boxed in the page.
        #expect(frame.regions == [DiffRegion(x: 10, y: 20, width: 12, height: 12, pixels: 144, maxChannelDiff: frame.regions?.first?.maxChannelDiff ?? -1)])
        #expect(frame.regionCount == 1)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: fixture.output + "/report.json"))) as? [String: Any])
        let written = try #require((json["frames"] as? [[String: Any]])?.first)
        let region = try #require((written["regions"] as? [[String: Any]])?.first)
        #expect(region["x"] as? Int == 10 && region["y"] as? Int == 20 && region["width"] as? Int == 12 && region["height"] as? Int == 12)
        #expect(region["pixels"] as? Int == 144 && written["region_count"] as? Int == 1)
        #expect(html.contains("<rect class=\"box largest\" data-region=\"0\" x=\"8\" y=\"18\" width=\"16\" height=\"16\"/>"))
        #expect(html.contains("12×12 px at (10, 20) · 144 px over tolerance"))
        // No strip image: the page never showed it.
        let frames = try FileManager.default.contentsOfDirectory(atPath: fixture.output + "/frames")
        #expect(!frames.contains { $0.hasSuffix(".strip.png") }, "\(frames)")
        #expect(written["strip_image"] == nil)
    }

    @Test func reportJSONHasTheSchemaAndRoundTrips() throws {
        let fixture = try Fixture()
        defer { fixture.cleanUp() }
        _ = try fixture.run(record: true)
        let data = try Data(contentsOf: URL(fileURLWithPath: fixture.output + "/report.json"))
        let object = try JSONSerialization.jsonObject(with: data) as! [String: Any]
        #expect(object["schema"] as? Int == 1)
        for key in ["suite", "suite_file", "environment", "passed", "counts", "budgets", "scenarios", "frames", "numbers"] {
            #expect(object[key] != nil, "report.json lacks \(key)")
        }
        let scenario = (object["scenarios"] as! [[String: Any]])[0]
        #expect((scenario["metrics"] as! [String: Double])["lag_ms"] != nil)
        let decoded = try ReportWriter.decode(data)
        #expect(decoded.scenarios.count == 1 && decoded.frames.count == 1)
        // Same inputs → the same bytes.
        _ = try fixture.run()
        #expect(try Data(contentsOf: URL(fileURLWithPath: fixture.output + "/report.json")) == data)
    }

    @Test func junitParsesBackWithFailuresAndErrors() throws {
        let fixture = try Fixture()
        defer { fixture.cleanUp() }
        _ = try fixture.run()  // golden missing → an error, not a failure
        let document = try XMLDocument(contentsOf: URL(fileURLWithPath: fixture.output + "/junit.xml"))
        let suites = try document.nodes(forXPath: "//testsuite") as! [XMLElement]
        let frames = suites.first { $0.attribute(forName: "name")?.stringValue == "parallax.frames" }!
        #expect(frames.attribute(forName: "tests")?.stringValue == "1")
        #expect(frames.attribute(forName: "errors")?.stringValue == "1")
        #expect(try document.nodes(forXPath: "//testcase[@name='cube/a']/error").count == 1)
        #expect(try document.nodes(forXPath: "//testsuite[@name='parallax.budgets']/testcase").count == 1)
    }

    @Test func hostileNamesCannotBreakThePage() throws {
        let fixture = try Fixture(traceName: "a<b&\"c'.csv", suiteName: "<script>x</script>")
        defer { fixture.cleanUp() }
        _ = try fixture.run()
        let html = try String(contentsOfFile: fixture.output + "/index.html", encoding: .utf8)
        #expect(!html.contains("<script>x</script>"))
        #expect(!html.contains("a<b&\"c'"))
        #expect(html.contains("a&lt;b&amp;&quot;c&#39;"))
        let junit = try String(contentsOfFile: fixture.output + "/junit.xml", encoding: .utf8)
        #expect(try XMLDocument(xmlString: junit).rootElement() != nil)
    }

    @Test func baselineMarksWorseMetrics() throws {
        let fixture = try Fixture()
        defer { fixture.cleanUp() }
        let outcome = try fixture.run(record: true)
        var old = outcome.report
        for i in old.scenarios.indices { old.scenarios[i].metrics["lag_ms"] = old.scenarios[i].metrics["lag_ms"]! * 0.5 }
        let baselinePath = fixture.dir.appendingPathComponent("old.json").path
        try ReportWriter.json(old).write(to: URL(fileURLWithPath: baselinePath))
        var options = SuiteRun.Options(suitePath: fixture.suite)
        options.output = fixture.output
        options.baseline = baselinePath
        let compared = try SuiteRun.run(options)
        #expect(compared.report.baseline?.contains { $0.key.hasSuffix("lag_ms") && $0.worse } == true)
        #expect(compared.report.baseline?.contains { $0.key.hasSuffix("stationary_jitter_mm") && !$0.worse } == true)
    }
}

/// A suite that imports a recording measures it against the reference estimate and marks it.
@Suite struct SuiteRecordingImportTests {
    @Test func importsARecordingAndMarksItsMetrics() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("suite-import-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let example = SuiteRunTests.repository.appendingPathComponent("Traces/recordings/phone-recording.csv").path
        let suite = dir.appendingPathComponent("suite.yml").path
        try """
            name: recording
            goldens: goldens
            traces:
              - {name: phone, file: '\(example)', import: {time_unit: ms, position_unit: cm, axes: "x,y,-z", frame: camera, screen: iphone-15-pro, skip_bad_rows: true}}
            smoothers: ["ema:alpha=0.25"]
            screens: [iphone-15-pro]
            movement_scales: [1.5]
            """.write(toFile: suite, atomically: true, encoding: .utf8)
        var options = SuiteRun.Options(suitePath: suite)
        options.output = dir.appendingPathComponent("report").path
        let outcome = try SuiteRun.run(options)
        let scenario = try #require(outcome.report.scenarios.first)
        #expect(scenario.reference == "reference estimate")
        #expect(scenario.metrics["parallax_error_p95_px"] != nil && scenario.metrics["visible_jitter_px"] != nil)
        #expect(scenario.notes.contains { $0.contains("against the reference estimate") })
        // The 2.3 s hole and the three frozen stretches are shaded in the trajectory plot.
        #expect(scenario.series.breaks?.count == 4)
        let html = try String(contentsOfFile: dir.appendingPathComponent("report/index.html").path, encoding: .utf8)
        #expect(html.contains("No ground truth: every metric of phone is computed against the reference estimate"))
        #expect(html.components(separatedBy: "class=\"break\"").count - 1 == 4)

        // A misspelt import key is an error naming the file and line.
        try suiteText(example, key: "time_units").write(toFile: suite, atomically: true, encoding: .utf8)
        #expect { try SuiteRun.run(SuiteRun.Options(suitePath: suite)) } throws: { "\($0)".contains("suite.yml") && "\($0)".contains("time_units") }
    }

    func suiteText(_ example: String, key: String) -> String {
        """
        name: recording
        traces:
          - {file: '\(example)', import: {\(key): ms}}
        smoothers: ["ema:alpha=0.25"]
        """
    }
}

/// A bad value in a suite entry reads `file:line: key[i].sub: expected …, found …`, the path coming from the
/// library's `FieldError` (no re-wrapped text): import options, specs, smoothers, screens, scales, audit.
@Suite struct SuiteValueErrorTests {
    func failure(_ yaml: String, files: [String: String] = [:]) throws -> String {
        let dir = try TemporaryDirectory(prefix: "suite-values")
        defer { dir.cleanUp() }
        try "t,x,y,z\n0,0,0,0.3\n0.1,0,0,0.3\n0.2,0,0,0.3\n".write(toFile: dir.path("t.csv"), atomically: true, encoding: .utf8)
        for (name, content) in files { try content.write(toFile: dir.path(name), atomically: true, encoding: .utf8) }
        try yaml.write(toFile: dir.path("suite.yml"), atomically: true, encoding: .utf8)
        var options = SuiteRun.Options(suitePath: dir.path("suite.yml"))
        options.output = dir.path("report")
        do {
            _ = try SuiteRun.run(options)
        } catch {
            return "\(error)".replacingOccurrences(of: dir.path("") + "/", with: "")
        }
        Issue.record("the suite ran")
        return ""
    }

    @Test func importOptionNamesItsKeyUnderTheTrace() throws {
        #expect(try failure("name: x\ntraces:\n  - {file: t.csv, import: {time_unit: fortnights}}\n")
            == "suite.yml:3: traces[0].import.time_unit: expected one of s, ms, us, ns, ticks, found 'fortnights'")
        #expect(try failure("name: x\ntraces:\n  - {file: t.csv, import: {axes: 'x,x,z'}}\n")
            == "suite.yml:3: traces[0].import.axes: expected a signed permutation of x,y,z such as 'x,y,-z' or '-y,x,z', found 'x,x,z'")
        #expect(try failure("name: x\ntraces:\n  - {file: t.csv, import: {frame: camera, screen: iphone-99}}\n")
            .hasPrefix("suite.yml:3: traces[0].import.screen: expected an iPhone name"))
    }

    @Test func specValueNamesTheSpecFileAndField() throws {
        #expect(try failure("name: x\ntraces:\n  - {spec: s.yml}\n", files: ["s.yml": "rate: -1\nmotion: [{model: still, duration: 1}]\n"])
            == "s.yml: rate: expected a rate in (0, 10000] Hz, found -1.0")
    }

    @Test func smootherScreenAndScaleNameTheirEntry() throws {
        #expect(try failure("name: x\ntraces: [t.csv]\nsmoothers:\n  - ema\n  - ema:alpha=1.5\n")
            == "suite.yml:5: smoothers[1].ema.alpha: expected alpha ∈ (0, 1], found 1.5")
        #expect(try failure("name: x\ntraces: [t.csv]\nscreens: [iphone-99]\n").hasPrefix("suite.yml:3: screens[0].screen: expected an iPhone name"))
        #expect(try failure("name: x\ntraces: [t.csv]\nmovement_scales: [1, 20]\n") == "suite.yml:3: movement_scales[1]: expected a scale in (0, 10], found 20.0")
        #expect(try failure("name: x\ntraces: [t.csv]\nbudgets:\n  - {metric: lag_ms, max: 50, smoothers: [holt]}\n")
            .hasPrefix("suite.yml:4: budgets[0].smoothers[0]: expected one of: none, ema"))
    }

    @Test func auditNamesItsKeyNotAFlag() throws {
        let message = try failure("name: x\ntraces: [t.csv]\naudit:\n  mode: sideways\n")
        #expect(message == "suite.yml:4: audit.mode: expected shipped, cube, splat or both, found 'sideways'")
    }
}

/// A suite imports a TUM estimate paired with its motion-capture truth (`import: {truth: …}`): the scenario is
/// measured against the real truth; a bad pairing key names itself under the trace.
@Suite struct SuiteTruthImportTests {
    @Test func pairsARecordingWithItsTruth() throws {
        let dir = try TemporaryDirectory(prefix: "suite-truth")
        defer { dir.cleanUp() }
        let data = SuiteRunTests.repository.appendingPathComponent("Traces/recordings/tum").path
        try """
            name: truth
            goldens: goldens
            traces:
              - {name: freiburg, file: '\(data)/freiburg1_xyz-rgbdslam.txt', import: {truth: '\(data)/freiburg1_xyz-groundtruth.txt', truth_align: se3}}
            smoothers: ["ema:alpha=0.25"]
            """.write(toFile: dir.path("suite.yml"), atomically: true, encoding: .utf8)
        var options = SuiteRun.Options(suitePath: dir.path("suite.yml"))
        options.output = dir.path("report")
        let outcome = try SuiteRun.run(options)
        let scenario = try #require(outcome.report.scenarios.first)
        // Measured against ground truth: no stand-in reference, and a sensor latency measured from the truth.
        #expect(scenario.reference == nil)
        #expect(!scenario.notes.contains { $0.contains("against the reference estimate") })
        #expect(scenario.metrics["lag_ms"] != nil)
    }

    @Test func aBadPairingKeyNamesItself() throws {
        let values = SuiteValueErrorTests()
        #expect(try values.failure("name: x\ntraces:\n  - {file: t.csv, import: {truth: t.csv, truth_align: affine}}\n")
            == "suite.yml:3: traces[0].import.truth_align: expected none, se3 or sim3, found 'affine'")
        #expect(try values.failure("name: x\ntraces:\n  - {file: t.csv, import: {truth_offset: 0.1}}\n")
            == "suite.yml:3: traces[0].import.truth_offset: expected a 'truth' file to pair with, found no truth")
        #expect(try values.failure("name: x\ntraces:\n  - {file: t.csv, import: {format: kitti}}\n")
            == "suite.yml:3: traces[0].import.format: expected one of tum, euroc, found 'kitti'")
    }

    /// What only the recording's detected format can refuse is located under the trace's `import` too.
    @Test func aKeyTheDetectedFormatRefusesNamesItself() throws {
        let values = SuiteValueErrorTests()
        #expect(try values.failure("name: x\ntraces:\n  - {file: r.tum, import: {time_unit: ms}}\n", files: ["r.tum": "1.0 0 0 0.3 0 0 0 1\n"])
            == "suite.yml:3: traces[0].import.time_unit: expected a CSV/TSV recording, found a tum trajectory")
        #expect(try values.failure("name: x\ntraces:\n  - {file: t.csv, import: {sort: true}}\n")
            == "suite.yml:3: traces[0].import.sort: expected a TUM or EuRoC recording (sort applies to their rows), found a CSV/TSV recording")
    }
}
