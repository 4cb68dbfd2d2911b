/// The filters a spec can name; what each one is comes from its entry in `SmootherRegistry`.
public enum SmootherKind: String, CaseIterable, Sendable {
    case none
    case ema
    case emaTime = "ema-time"
    case oneEuro = "one-euro"
    case desp
    case kalmanCV = "kalman-cv"
    case predict

    /// The filter registered under this name (the registry tests check that there is exactly one).
    public var filter: any RegisteredSmoother.Type {
        guard let filter = SmootherRegistry.filters.first(where: { $0.kind == self }) else {
            preconditionFailure("no filter registered as '\(rawValue)'")
        }
        return filter
    }

    public var parameters: [SmootherParameter] { filter.parameters }

    public var summary: String { filter.summary }

    static var names: String { allCases.map(\.rawValue).joined(separator: ", ") }

    var parameterList: String {
        let parameters = self.parameters
        return parameters.isEmpty ? "none (this filter takes no parameters)" : parameters.map(\.validDescription).joined(separator: "; ")
    }
}
