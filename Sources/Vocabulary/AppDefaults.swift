/// The shipped app's constants, in one place: every default that stands for "what the app does" refers here.
/// Source: AristidesAI/Splat-Frame at `AppDefaults.appCommit`; each value cites its file and line there.
public enum AppDefaults {
    /// The commit of AristidesAI/Splat-Frame these values were read from.
    public static let appCommit = "4ca7217121f01af91e3fc20b0a5c26eda0bc97ca"

    /// Per-sample EMA weight on each head axis (`Services/HeadTrackingService.swift:7–9`, `ExponentialSmoother(alpha: 0.25)`).
    public static let smoothingAlpha = 0.25
    /// The smoother spec of `smoothingAlpha` (the `ema` filter is the app's `ExponentialSmoother`).
    public static let smootherSpec = "ema:alpha=0.25"
    /// The screen a command or suite assumes when none is given: ParallaxLab's choice, not one of the app's constants
    /// (the app runs on whatever iPhone it is installed on). A `ScreenModel` key; `ScreenModel.appDefault` is the screen.
    public static let screen = "iphone-15-pro"
    /// Head x and y are multiplied by this before the projection (`Services/OffAxisProjection.swift:11`).
    public static let movementScale = 1.5
    /// Near plane, m (`Services/OffAxisProjection.swift:6`).
    public static let near = 0.001
    /// Far plane, m (`Services/OffAxisProjection.swift:7`).
    public static let far = 10.0
    /// The head's z is clamped to at least this, m (`Services/OffAxisProjection.swift:20, 45`).
    public static let zMin = 0.1
    /// The splat view's lookAt target (x, y, z), m (`Views/SplatMode/SplatRenderController.swift:93`).
    public static let splatLookAtTarget = (x: 0.0, y: 0.0, z: -0.25)
    /// Gain of the gyro tilt offset, m/rad (`Services/DeviceMotionService.swift:25`, `sensitivity`).
    public static let tiltGain = 0.03
    /// EMA weight of the gyro tilt's own smoothers (`Services/DeviceMotionService.swift:9–10`).
    public static let tiltAlpha = 0.3
}
