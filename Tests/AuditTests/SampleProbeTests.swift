import Audit
import DeviceFacts
import Foundation
import ParallaxTestSupport
import Testing
import Vocabulary

/// The recorder's own probe, written on the stand-ins as the device (AppInTheLoop/StandIns, `record-sample --probe`):
/// the committed sample (Traces/recordings/probe-sample.json, synthetic) is what the tool writes today and
/// `DeviceCheck` decides every entry `default` on it; written under each alternative (the stand-ins' switch or the
/// session's other behaviour, one entry at a time, each in its own child process so no static switch is shared),
/// `DeviceCheck` names that alternative and leaves the other entries default. The tool is built once, in the
/// stand-ins' package (`make test` has built it already in `test-standins`).
struct SampleProbeTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let sample = repository.appendingPathComponent("Traces/recordings/probe-sample.json")
    static let standIns = repository.appendingPathComponent("AppInTheLoop/StandIns")

    /// `record-sample`, built in the stand-ins' package (once per test run), or why it could not be.
    static let tool: Result<URL, CheckFailure> = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        guard let swift = path.split(separator: ":").map({ URL(fileURLWithPath: String($0)).appendingPathComponent("swift") })
            .first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }) else { return .failure(CheckFailure("no swift on the PATH")) }
        do {
            let build = try ChildProcess.run(swift, arguments: ["build", "--package-path", standIns.path, "--product", "record-sample"], timeout: 900)
            guard build.status == 0 else { return .failure(CheckFailure("building record-sample failed: \(build.stderrText)\(build.stdoutText)")) }
        } catch {
            return .failure(CheckFailure("building record-sample: \(error)"))
        }
        return .success(standIns.appendingPathComponent(".build/debug/record-sample"))
    }()

    /// The probe `record-sample --probe` writes under `alternative` (nil: the defaults).
    func record(_ alternative: String?) throws -> (bytes: [UInt8], check: DeviceCheck) {
        let dir = try TemporaryDirectory()
        defer { dir.cleanUp() }
        let file = dir.path("probe.json")
        let result = try ChildProcess.run(try Self.tool.get(), arguments: ["--probe", file] + (alternative.map { ["--alternative", $0] } ?? []), timeout: 120)
        guard result.status == 0 else { throw CheckFailure("record-sample exited \(result.status): \(result.stderrText)") }
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: file)))
        return (bytes, DeviceCheck(probe: try DeviceProbe.decode(bytes, file: file)))
    }

    @Test func theCommittedSampleIsDecidedDefaultEverywhere() throws {
        let check = DeviceCheck(probe: try DeviceProbe.read(contentsOf: Self.sample.path))
        for id in DeviceCheck.ID.allCases {
            #expect(check.entries[id]?.verdict == .matchesDefault, "\(id.rawValue): \(check.text)")
        }
        // The session: one didAdd, then a didUpdate per frame; one loss (the 2 s cover, 120 frames at 60 Hz).
        guard case .losses(let losses, let count)? = check.entries[.arkitLoss]?.evidence.detail else { throw CheckFailure("no losses in \(check.text)") }
        #expect(count == 1 && losses.first?.untrackedUpdates == 120, "\(losses)")
    }

    @Test func theCommittedSampleIsWhatTheRecorderWritesToday() throws {
        let fresh = try record(nil)
        #expect(fresh.bytes == [UInt8](try Data(contentsOf: Self.sample)), "run `make sample-recording` and look at the change")
    }

    /// Each alternative and the verdict `DeviceCheck` gives its entry (docs/arkit-frame.md, "Verdicts").
    static let alternatives: [(id: DeviceCheck.ID, verdict: String)] = [
        (.arkitFirstDelivery, "didUpdate"), (.arkitLoss, "removed"), (.sensorRates, "motion 52.6 Hz"),
        (.renderThread, "other"), (.scenekitEuler, "Rz·Ry·Rx"), (.attitudeProduct, "a⊗b⁻¹"),
    ]

    @Test(arguments: SampleProbeTests.alternatives.indices)
    func aProbeWrittenUnderAnAlternativeNamesIt(index: Int) throws {
        let (id, verdict) = Self.alternatives[index]
        let check = try record(id.rawValue).check
        #expect(check.entries[id]?.verdict == .alternative(verdict), "\(check.text)")
        #expect(check.departures == [id], "only \(id.rawValue) departs: \(check.text)")
    }
}
