import CGSL

/// Descriptive statistics over samples, computed by GSL.
package enum Statistics {
    package static func mean(_ values: [Double]) -> Double {
        precondition(!values.isEmpty, "mean of no values")
        return values.withUnsafeBufferPointer { gsl_stats_mean($0.baseAddress, 1, $0.count) }
    }

    /// Sample variance (n − 1 in the denominator).
    package static func variance(_ values: [Double]) -> Double {
        precondition(values.count > 1, "variance needs at least two values")
        return values.withUnsafeBufferPointer { gsl_stats_variance($0.baseAddress, 1, $0.count) }
    }

    /// Sample standard deviation (n − 1 in the denominator).
    package static func standardDeviation(_ values: [Double]) -> Double {
        precondition(values.count > 1, "standard deviation needs at least two values")
        return values.withUnsafeBufferPointer { gsl_stats_sd($0.baseAddress, 1, $0.count) }
    }

    /// Root mean square, √(Σx²/n).
    package static func rms(_ values: [Double]) -> Double {
        precondition(!values.isEmpty, "RMS of no values")
        var sum = 0.0
        for v in values { sum += v * v }
        return (sum / Double(values.count)).squareRoot()
    }

    package static func minimum(_ values: [Double]) -> Double {
        precondition(!values.isEmpty, "minimum of no values")
        return values.withUnsafeBufferPointer { gsl_stats_min($0.baseAddress, 1, $0.count) }
    }

    package static func maximum(_ values: [Double]) -> Double {
        precondition(!values.isEmpty, "maximum of no values")
        return values.withUnsafeBufferPointer { gsl_stats_max($0.baseAddress, 1, $0.count) }
    }

    /// Peak-to-peak range, max − min.
    package static func peakToPeak(_ values: [Double]) -> Double { maximum(values) - minimum(values) }

    /// Quantile `q` ∈ [0, 1] with GSL's linear interpolation between order statistics
    /// (the same definition as R's type 7 and NumPy's default).
    package static func quantile(_ values: [Double], _ q: Double) -> Double {
        quantiles(values, [q])[0]
    }

    /// Several quantiles from a single sort.
    package static func quantiles(_ values: [Double], _ qs: [Double]) -> [Double] {
        precondition(!values.isEmpty, "quantile of no values")
        precondition(qs.allSatisfy { (0...1).contains($0) }, "quantiles must lie in [0, 1]")
        var sorted = values
        sorted.withUnsafeMutableBufferPointer { gsl_sort($0.baseAddress, 1, $0.count) }
        return sorted.withUnsafeBufferPointer { buffer in
            qs.map { gsl_stats_quantile_from_sorted_data(buffer.baseAddress, 1, buffer.count, $0) }
        }
    }

    package static func median(_ values: [Double]) -> Double { quantile(values, 0.5) }

    /// Pearson correlation coefficient of two equally long samples.
    package static func correlation(_ a: [Double], _ b: [Double]) -> Double {
        precondition(a.count == b.count && a.count > 1, "correlation needs two equally long samples")
        return a.withUnsafeBufferPointer { pa in
            b.withUnsafeBufferPointer { pb in gsl_stats_correlation(pa.baseAddress, 1, pb.baseAddress, 1, pa.count) }
        }
    }
}
