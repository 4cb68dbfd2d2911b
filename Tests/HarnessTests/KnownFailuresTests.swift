import Foundation
import ParallaxTestSupport
import Reporting
import Testing
import Tracking
@testable import Harness

/// `parallax-known-failures.yml`: read with file:line errors, and each check's standing against it.
@Suite struct KnownFailuresTests {
    static func read(_ text: String) throws -> KnownFailures {
        let folder = try TemporaryDirectory(prefix: "known-failures")
        defer { folder.cleanUp() }
        let path = folder.path("parallax-known-failures.yml")
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        do { return try KnownFailures.read(path) } catch let error as SuiteError {
            throw SuiteError(file: "parallax-known-failures.yml", line: error.line, message: error.message)
        }
    }

    @Test func readsEntriesWithTheirLines() throws {
        let known = try Self.read("""
            # accepted
            known_failures:
              - {check: latency, value: 119.5, unit: ms, reason: "α is a product decision"}
              - check: tracking-loss
                value: 6
                reason: ""

            """)
        #expect(known.entries.map(\.check.rawValue) == ["latency", "tracking-loss"])
        #expect(known.entries.map(\.value) == [119.5, 6] && known.entries.map(\.line) == [3, 4])
        #expect(known.entry(for: .latency)?.reason == "α is a product decision")
    }

    /// Each malformed entry is one line naming the file, the line and the field.
    @Test func malformedEntriesNameFileLineAndField() {
        let cases: [(String, String)] = [
            ("known_failures:\n  - {check: latency, value: fast, reason: x}\n",
             "parallax-known-failures.yml:2: known_failures[0].value: expected a number ≥ 0 (the check's p95 in ms), found 'fast'"),
            ("known_failures:\n  - {check: latency, value: 1, reason: x}\n  - {check: lateny, value: 1, reason: x}\n",
             "parallax-known-failures.yml:3: known_failures[1].check: expected a check id (world-alignment, screen-size, camera-offset, eye-point, recenter-idempotent, tracking-loss, gyro-tilt, hand-off, latency, splat-pinning, clip-depth, splat-colour, jacobian-clamp, exaggeration), found 'lateny'"),
            ("known_failures:\n  - {check: latency, value: 1}\n", "parallax-known-failures.yml:2: known_failures[0].reason: missing"),
            ("known_failures:\n  - {check: latency, value: 1, unit: px, reason: x}\n",
             "parallax-known-failures.yml:2: known_failures[0].unit: expected 'ms' (latency's unit), found 'px'"),
            ("known_failures:\n  - {check: latency, value: 1, reason: x, why: y}\n",
             "parallax-known-failures.yml:2: known_failures[0]: unknown key 'why'; expected check, value, unit or reason"),
            ("known_failures:\n  - {check: latency, value: 1, reason: x}\n  - {check: latency, value: 2, reason: y}\n",
             "parallax-known-failures.yml:3: known_failures[1].check: 'latency' is already listed (line 2)"),
            ("knwon_failures: []\n", "parallax-known-failures.yml:1: unknown key 'knwon_failures'; expected known_failures"),
        ]
        for (text, message) in cases {
            #expect(throws: (any Error).self) { try Self.read(text) }
            do { _ = try Self.read(text) } catch { #expect("\(error)" == message) }
        }
    }

    /// Against a recorded 100 with the default band (5 %, so ±5): 104.9 accepted, 105.1 worse, 94.9 better, a pass fixed,
    /// a failure not listed new, a pass not listed no standing.
    @Test func standingAgainstTheRecordedValue() {
        let entry = KnownFailures.Entry(check: .latency, value: 100, reason: "", line: 3)
        let band = AuditCheckSummary.noiseBand
        func state(_ passed: Bool, _ value: Double, _ entry: KnownFailures.Entry?) -> KnownFailureState? {
            KnownFailureGate.standing(passed: passed, value: value, entry: entry, band: band)?.state
        }
        #expect(state(false, 104.9, entry) == .accepted && state(false, 95.1, entry) == .accepted)
        #expect(state(false, 105.1, entry) == .worse)
        #expect(state(false, 94.9, entry) == .better)
        #expect(state(true, 90, entry) == .fixed)
        #expect(state(false, 120, nil) == .new && state(true, 1, nil) == nil)
    }

    /// `builtin:NAME` is the canonical spec synthesized: the samples of Traces/NAME.csv (written by `parallax synth`
    /// from the same spec, to the CSV's printed precision), and an unknown name is refused at its line.
    @Test func builtinTracesAreTheCanonicalOnes() throws {
        #expect(CanonicalTraces.names == ["chirp", "dropouts", "glance", "lean", "step", "still", "sway", "tilt", "walk-by"])
        let builtin = try CanonicalTraces.trace(named: "sway")
        let file = try TraceCSVReader.read(contentsOf: SuiteRunTests.repository.appendingPathComponent("Traces/sway.csv").path)
        #expect(builtin.samples.count == file.samples.count)
        let largest = zip(builtin.samples, file.samples).map { a, b in
            [a.t - b.t, a.position.x - b.position.x, a.position.y - b.position.y, a.position.z - b.position.z].map(abs).max()!
        }.max()!
        #expect(largest < 1e-6, "largest difference \(largest)")
        let folder = try TemporaryDirectory(prefix: "builtin")
        defer { folder.cleanUp() }
        try "traces:\n  - builtin:sway\n  - builtin:swya\n".write(toFile: folder.path("suite.yml"), atomically: true, encoding: .utf8)
        #expect(throws: (any Error).self) { try SuiteLoader(path: folder.path("suite.yml")).load() }
        do { _ = try SuiteLoader(path: folder.path("suite.yml")).load() } catch {
            #expect("\(error)".hasPrefix(folder.path("suite.yml") + ":3: traces[1]: expected a built-in trace (builtin:chirp,"), "\(error)")
        }
    }
}
