import AppReplay
import Audit
import AuditOutput
import AuditVariants
import Foundation
import Geometry
import ParallaxTestSupport
import Plumbing
import Projection
import TestedApp
import Testing
import Tracking
import Vocabulary

/// `parallax audit --patches`: each failing check's fix as a patch to the app's own code, applied, built, replayed and
/// measured before it is written; tested on the sample app with Splat Frame's defects (SampleAppAsShipped).
@Suite(.serialized) struct AuditPatchTests {
    /// 4 s: the head sweeps right at 5 cm/s, lost from 1.5 s to 2 s (the pose frozen), in front of a phone that rolls
    /// 3° over the first half second and stays there (camera hypothesis: the anchor turns with the phone, so the
    /// tilt offset is a pure error).
    static let trace: HeadTrace = {
        var samples = (0..<240).map { k -> HeadSample in
            let t = Double(k) / 60
            return HeadSample(t: t, position: Vec3(-0.05 + 0.05 * t, 0.01, 0.4))
        }
        for k in 90..<120 {
            samples[k].tracked = false
            samples[k].position = samples[89].position
        }
        var trace = HeadTrace(samples: samples)
        trace.setOrientations((0..<240).map { CoreMotionTilt.attitude(pitch: 0, roll: min(Double($0), 30) * .pi / 1800) }, .device)
        return trace
    }()

    static let patched: Set<AuditCheckID> = [.worldAlignment, .screenSize, .cameraOffset, .eyePoint, .recenterIdempotent, .trackingLoss, .gyroTilt,
                                             .handOff, .latency]

    func audit(_ folder: String, patches: String) throws -> AuditResult {
        let traceFile = try TemporaryDirectory(prefix: "patch-trace")
        defer { traceFile.cleanUp() }
        try TraceCSVWriter.write(Self.trace, to: traceFile.path("sweep.csv"))
        return try AppAudit.run(tracePaths: [traceFile.path("sweep.csv")], screens: [try ScreenModel(parsing: AppDefaults.screen)], mode: "cube",
                                fixes: [], arkitFrame: "gravity", appReplay: try SampleApp.replay(folder), patches: patches)
    }

    func git(_ arguments: [String], in folder: String) throws -> ChildProcessResult {
        try ChildProcess.run(URL(fileURLWithPath: "/usr/bin/git"), arguments: ["-c", "user.name=t", "-c", "user.email=t@t"] + arguments,
                             in: URL(fileURLWithPath: folder))
    }

    @Test func everyWrittenPatchAppliesBuildsAndClearsItsCheck() throws {
        let app = try SampleApp.asShipped()
        let out = try TemporaryDirectory(prefix: "patches")
        defer { app.cleanUp(); out.cleanUp() }
        let result = try audit(app.url.path, patches: out.path("patches"))
        let patches = try #require(result.patches)
        // Every counted check fails as shipped, and each patch makes its own check pass on every trace.
        #expect(Set(patches.patches.map(\.check)) == Self.patched)
        for patch in patches.patches {
            #expect(patch.status == .written && patch.passesAfter == true && patch.after! < patch.before, "\(patch.line)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.path("patches")).sorted()
                == ["all.diff", "camera-offset.diff", "eye-point.diff", "gyro-tilt.diff", "hand-off.diff", "latency.diff", "recenter-idempotent.diff",
                    "screen-size.diff", "tracking-loss.diff", "world-alignment.diff"])
        // Each applies with git apply from the app's root, alone and all together.
        _ = try git(["init", "-q"], in: app.url.path)
        for name in ["world-alignment", "screen-size", "camera-offset", "eye-point", "recenter-idempotent", "tracking-loss", "gyro-tilt", "hand-off",
                     "latency", "all"] {
            let check = try git(["apply", "--check", out.path("patches/\(name).diff")], in: app.url.path)
            #expect(check.status == 0, "\(name): \(check.stderrText)")
        }
        // all.diff: every check passes together — the audit exits 0 under the hypotheses the header names (eye-point
        // made through world-alignment's reading, latency's tracker half once hand-off's is in).
        let combined = try #require(patches.combined)
        #expect(Set(combined.checks) == Self.patched && combined.stillFailing.isEmpty && combined.auditPasses)
        #expect(try String(contentsOfFile: out.path("patches/hand-off.diff"), encoding: .utf8).contains("render-thread (assumed)"))
        #expect(combined.diff.contains("let local = simd_mul(simd_mul(simd_inverse(camera), faceAnchor.transform), eyes)"))
        #expect(result.text.contains("recenter-idempotent: ") && result.text.contains("with recenter-idempotent.diff"))
        let header = try String(contentsOfFile: out.path("patches/recenter-idempotent.diff"), encoding: .utf8)
        let hash = try SampleApp.replay(app.url.path).app.hash
        #expect(header.hasPrefix("ParallaxLab audit fix for recenter-idempotent") && header.contains("Rests on: arkit-frame = gravity")
                && header.contains("source hash \(hash)"))
    }

    /// A head tracker whose recenter line moved gets "not applicable" with the reason, and no file.
    @Test func aFixWhoseTargetMovedIsNotApplicable() throws {
        let app = try SampleApp.asShipped {
            $0.replacingOccurrences(of: "originOffset = currentPosition.simd3", with: "originOffset = SIMD3<Float>(currentPosition.x, currentPosition.y, 0)")
        }
        let out = try TemporaryDirectory(prefix: "patches")
        defer { app.cleanUp(); out.cleanUp() }
        let result = try audit(app.url.path, patches: out.path("patches"))
        let recenter = try #require(result.patches?.patches.first { $0.check == .recenterIdempotent })
        #expect(recenter.status == .notApplicable && recenter.file == nil)
        #expect(recenter.reason == "HeadTrackingService.swift: not found: 'originOffset = currentPosition.simd3'")
        #expect(!FileManager.default.fileExists(atPath: out.path("patches/recenter-idempotent.diff")))
        #expect(FileManager.default.fileExists(atPath: out.path("patches/tracking-loss.diff")))
    }

    @Test func anEditMatchesItsLinesOnceWhateverTheIndentationAndTrailingComment() throws {
        let edit = SourceEdit(in: "A.swift", after: "let z = 1", adding: ["let w = 2", "    nested()"])
        #expect(try edit.apply(to: "a\n        let z = 1 // one\nb") == "a\n        let z = 1 // one\n        let w = 2\n            nested()\nb")
        #expect(throws: SourceFixError(reason: "A.swift: found 2 times: 'let z = 1'")) { try edit.apply(to: "let z = 1\nlet z = 1") }
    }
}
