/// Metric values as JSON carries them (name → value), read and written through descriptors.
extension Dictionary where Key == String, Value == Double {
    public subscript(metric metric: MetricDescriptor) -> Double? {
        get { self[metric.name] }
        set { self[metric.name] = newValue }
    }
}
