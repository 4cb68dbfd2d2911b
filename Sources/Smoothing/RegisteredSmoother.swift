/// A filter that a spec string can name: everything the registry needs to document, validate and build
/// it. Each conforming filter is listed once in `SmootherRegistry.filters`.
public protocol RegisteredSmoother: Smoother {
    /// The name in spec strings.
    static var kind: SmootherKind { get }
    /// One line for `--help`.
    static var summary: String { get }
    /// The parameters in their documented (canonical) order, with units, valid ranges and defaults.
    static var parameters: [SmootherParameter] { get }
    /// Builds the filter from complete, range-checked values: one for each of `parameters`.
    init(parameters: ParameterValues)
}

extension RegisteredSmoother {
    /// The name in spec strings, e.g. `one-euro`.
    public static var name: String { kind.rawValue }
}
