import Vocabulary

extension SmootherSpec {
    /// The app's smoother: a per-sample EMA with α = 0.25 on each axis.
    public static let app = try! SmootherSpec(parsing: AppDefaults.smootherSpec)  // a literal that parses; covered by tests
}

extension Parsed<SmootherSpec> {
    /// The app's smoother named as `AppDefaults.smootherSpec`.
    public static let app = Parsed(text: AppDefaults.smootherSpec, value: .app)
}
