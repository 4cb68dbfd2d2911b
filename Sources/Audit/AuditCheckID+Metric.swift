import Plumbing

/// Each audit check measures one metric: named by the check's id, in the unit a person reads it in, lower is
/// better (the error the app's behaviour causes), its mechanism as the meaning.
extension AuditCheckID {
    public var metric: MetricDescriptor { MetricDescriptor(rawValue, unit: metricUnit, meaning: mechanism) }

    var metricUnit: MetricUnit {
        switch self {
        case .trackingLoss: return .seconds
        case .latency: return .milliseconds
        case .clipDepth: return .millimeters
        case .splatColour: return .levels
        case .jacobianClamp: return .percent
        default: return .pixels
        }
    }
}

extension MetricCatalog {
    /// The app audit's metrics, one per check, in check order.
    public static let audit = MetricCatalog(AuditCheckID.allCases.map(\.metric))
}
