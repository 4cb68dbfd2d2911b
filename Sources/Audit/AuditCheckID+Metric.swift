import Plumbing
import Vocabulary

/// Each audit check measures one metric: named by the check's id, in the unit a person reads it in, lower is
/// better (the error the app's behaviour causes), its mechanism as the meaning.
extension AuditCheckID {
    package var metric: MetricDescriptor { MetricDescriptor(rawValue, unit: registration.unit, meaning: mechanism) }
}

extension MetricCatalog {
    /// The app audit's metrics, one per check, in check order.
    package static let audit = MetricCatalog(AuditCheckID.allCases.map(\.metric))
}
