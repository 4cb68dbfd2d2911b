import Foundation
import ParallaxTestSupport
import Testing

/// What `parallax tune` tells the user to do: keep the current settings when the constraints pin the answer to the
/// app's, which constraint decided it and what relaxing it one grid step buys; `loss=` explained where printed.
@Suite struct TuneAdviceTests {
    static func repositoryTraces(_ names: [String]) -> [String] {
        names.map { ReviewFixture.repository.appendingPathComponent("Traces/\($0).csv").path }
    }

    /// The canonical still, sway and glance traces on the app's slider grid with the default objective and
    /// constraints: the app's α 0.25, s 1.5 is the answer, and both default constraints bind (measured: α 0.2 has
    /// ramp lag 51.18 ms and 1.73 px visible jitter; s 1.4 keeps α 0.25 at 116.8 px/cm and 2.05 px).
    @Test func theDefaultsSayKeepTheCurrentSettingsAndWhichConstraintDecided() throws {
        let dir = try TemporaryDirectory()
        defer { dir.cleanUp() }
        let run = try ParallaxProcess.run(["tune", "--traces"] + Self.repositoryTraces(["still", "sway", "glance"]) + ["--grid", "app", "-o", "tune.json"], in: dir.url)
        #expect(run.status == 0, "\(run.stderr)")
        let out = run.stdout
        #expect(out.contains("Recommendation: Keep the current settings (α = 0.25, s = 1.5): the app's own configuration is the best the constraints allow"), "\(out)")
        #expect(out.contains("Constraint ramp_lag_ms<=50 (50) decides it (binding): relaxed one grid step, to ramp_lag_ms <= 51.18 (α = 0.2, s = 1.5), visible_jitter_px would be 1.73 (-20 %)."), "\(out)")
        #expect(out.contains("Constraint gain_px_per_cm>=app (125.1) decides it (binding): relaxed one grid step, to gain_px_per_cm >= 116.8 (α = 0.25, s = 1.4)"), "\(out)")
        #expect(out.contains("(loss=hold: while the face is lost the smoother keeps consuming the frozen samples, as the app does)"), "\(out)")
    }

    /// A constraint that does not shape the answer says so.
    @Test func aLooseConstraintIsNotBinding() throws {
        let dir = try TemporaryDirectory()
        defer { dir.cleanUp() }
        let run = try ParallaxProcess.run(["tune", "--traces"] + Self.repositoryTraces(["still", "sway"]) + ["--grid", "app", "--constraint", "ramp_lag_ms<=1000",
                                                                                                          "-o", "tune.json"], in: dir.url)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("Constraint ramp_lag_ms<=1000 (1000) is not binding"), "\(run.stdout)")
        #expect(!run.stdout.contains("Keep the current settings"), "\(run.stdout)")
    }
}
