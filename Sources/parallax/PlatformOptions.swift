import ArgumentParser
import TestedApp
import Vocabulary

/// The simulated platform's entries where Apple leaves the behaviour open (docs/audit.md, "The registry"), for every
/// command that runs the app's code: `--assume ID=ALTERNATIVE` (repeatable) and `--rates`.
struct PlatformOptions: ParsableArguments {
    @Option(name: .customLong("assume"), help: ArgumentHelp(
        "Run the app's code on a platform alternative, repeatable: arkit-first-delivery=did-add|did-update, arkit-loss=frozen|removed, arkit-axes=screen|mirrored, scenekit-euler=rx-ry-rz|rz-ry-rx, attitude-product=inverse-first|inverse-last, render-thread=main|other (the first of each is the default).",
        valueName: "ID=ALTERNATIVE"))
    var assumptions: [String] = []

    @Option(name: .long, help: ArgumentHelp(
        "Stream rates and phases, e.g. motion=52.6 or arkit=60,display=120@0.004 (Hz, phase in s); a stream not named delivers at each trace sample.",
        valueName: "STREAM=HZ[@PHASE],…"))
    var rates: String?

    /// The platform asked for; `--assume` or `--rates` without the app's code is an error (the model has no platform).
    func platform(appSource: String?) throws -> SimulatedPlatform {
        guard appSource != nil || (assumptions.isEmpty && rates == nil) else {
            throw ValidationError("--assume, --rates: the simulated platform runs the app's code; give --app-source")
        }
        do {
            return try SimulatedPlatform(assuming: assumptions, rates: rates.map(SensorRates.init(parsing:)))
        } catch let error as FieldError {
            throw error.naming(flags: ["assume": "--assume", "rates": "--rates"])
        }
    }
}
