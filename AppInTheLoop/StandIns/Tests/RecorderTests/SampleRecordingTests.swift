import Foundation
import RecorderSample
import XCTest

/// Traces/recordings/recorder-sample.csv is what `record-sample` writes today: regenerated here and compared byte for
/// byte (`make sample-recording` rewrites it after a change to the recorder or the session).
final class SampleRecordingTests: XCTestCase {
    func testTheCommittedSampleIsWhatTheRecorderWritesForTheSession() throws {
        let committed = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../../../Traces/recordings/recorder-sample.csv").standardizedFileURL
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("recorder-sample-\(getpid()).csv")
        defer { try? FileManager.default.removeItem(at: url) }
        let done = expectation(description: "recorded")
        var failure: Error?
        DispatchQueue.main.async {
            do { try SampleSession.record(to: url) } catch { failure = error }
            done.fulfill()
        }
        wait(for: [done], timeout: 60)
        XCTAssertNil(failure)
        let written = try String(contentsOf: url, encoding: .utf8)
        XCTAssertTrue(written.hasPrefix("# parallax-recorder 1\n" + SampleSession.label.joined(separator: "\n") + "\n"))
        XCTAssertEqual(written.split(separator: "\n").count, 9 + 47 * 60, "nine header lines, one row per 60 Hz frame of 47 s")
        XCTAssertEqual(written, try String(contentsOf: committed, encoding: .utf8), "run `make sample-recording` and look at the change")
    }
}
