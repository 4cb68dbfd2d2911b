import Plumbing
import Vocabulary

extension SmootherSpec {
    /// The app's smoother: a per-sample EMA with α = 0.25 on each axis.
    public static let app = try! SmootherSpec(parsing: AppDefaults.smootherSpec)  // a literal that parses; covered by tests
}
