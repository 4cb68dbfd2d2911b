import TestedApp
import Vocabulary

/// The suite's app under test (`app: {source: DIR, arkit_frame: gravity, assume: [arkit-loss=removed], rates:
/// "arkit=60,motion=52.6"}`): the app's own code, replayed, is "the
/// app" of the suite — its scenarios (smoother `app`), the budgets that name `app`, the headline, the frames with
/// `app: true` and the audit's shipped side. Without `app:` the app is the model (`ModelApp`: the app's smoother
/// and movement scale).
package struct AppSpec: Decodable, Sendable {
    /// The app's source folder, relative to the suite file (the files `AppSourceFolder` finds by name below it).
    package var source: String
    /// What ARKit's face anchor holds as the code is fed (the same hypothesis as `analyze --arkit-frame`).
    package var arkitFrame: ARKitFrame
    /// The simulated platform the code runs on (`assume:` as `--assume` takes each entry, `rates:` as `--rates`);
    /// also the platform of the audit's and the frames' own `app_source`.
    package var platform: SimulatedPlatform

    enum CodingKeys: String, CodingKey, CaseIterable {
        case source, arkitFrame = "arkit_frame", assume, rates
    }

    package init(from decoder: Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let c = try decoder.container(keyedBy: CodingKeys.self)
        source = try c.decode(String.self, forKey: .source)
        arkitFrame = try c.decodeEnumIfPresent(ARKitFrame.self, forKey: .arkitFrame) ?? .gravity
        // Each parser's error names its own field (`assume`, `rates`), placed under `app`.
        let rates = try c.decodeIfPresent(.rates, parsedBy: SensorRates.init(parsing:))
        platform = try c.decodeIfPresent(.assume, parsedBy: { (list: [String]) in try SimulatedPlatform(assuming: list) }) ?? SimulatedPlatform()
        platform.rates = rates
    }
}
