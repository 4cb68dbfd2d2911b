import Foundation
import RecorderSample
import XCTest

/// Traces/recordings/probe-sample.json is what `record-sample --probe` writes today: regenerated here and compared
/// byte for byte (`make sample-recording` rewrites it after a change to the recorder or the session). What
/// `parallax device-check` decides on it, and on probes written under each alternative, is tested in the main package
/// (AuditTests' SampleProbeTests).
final class SampleProbeTests: XCTestCase {
    func record(under alternative: ProbeSession.Alternative? = nil) throws -> Data {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("probe-sample-\(getpid())-\(alternative?.rawValue ?? "default").json")
        defer { try? FileManager.default.removeItem(at: url) }
        let done = expectation(description: "recorded")
        var failure: Error?
        DispatchQueue.main.async {
            do { try ProbeSession.record(to: url, under: alternative) } catch { failure = error }
            done.fulfill()
        }
        wait(for: [done], timeout: 60)
        XCTAssertNil(failure)
        return try Data(contentsOf: url)
    }

    func testTheCommittedProbeIsWhatTheRecorderWritesForTheSession() throws {
        let committed = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../../../Traces/recordings/probe-sample.json").standardizedFileURL
        let written = try record()
        XCTAssertEqual(written, try Data(contentsOf: committed), "run `make sample-recording` and look at the change")
        let probe = try XCTUnwrap(try JSONSerialization.jsonObject(with: written) as? [String: Any])
        XCTAssertEqual(probe["device_model"] as? String, "stand-ins (synthetic)", "the file says it is not a phone's")
        // 26 s at 60 Hz: one call per frame; the 10 s window from the first frame the recorder saw (the second: the
        // first is the didAdd, which carries no frame for the rows).
        XCTAssertEqual((probe["delegate_calls"] as? [Any])?.count, 26 * 60)
        XCTAssertEqual((probe["render_timestamps"] as? [Double])?.count, 600)
        XCTAssertEqual((probe["euler_samples"] as? [Any])?.count, 24)
        // An attitude every 0.25 s of the 26 s (the first at 0): 104, paired half the recording apart.
        XCTAssertEqual((probe["attitude_samples"] as? [Any])?.count, 52)
    }

    /// The switches the alternatives set are restored after each run: the default written again is the same bytes.
    func testAnAlternativeLeavesTheStandInsAsTheyWere() throws {
        let before = try record()
        let euler = try record(under: .scenekitEuler)
        let product = try record(under: .attitudeProduct)
        XCTAssertNotEqual(euler, before)
        XCTAssertNotEqual(product, before)
        XCTAssertEqual(try record(), before)
    }
}
