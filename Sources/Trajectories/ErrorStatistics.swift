import Foundation

/// evo's statistics of an error series (evo/core/metrics.py `PE.get_statistic`): rmse = √(mean e²),
/// mean, median (numpy's: the mean of the two middle values for an even count), std (numpy's default: the
/// population standard deviation, ddof = 0), min, max, sse = Σe².
package struct ErrorStatistics: Codable, Sendable, Equatable {
    package var rmse: Double
    package var mean: Double
    package var median: Double
    package var std: Double
    package var min: Double
    package var max: Double
    package var sse: Double

    /// nil for no errors (evo refuses an empty series too).
    package init?(_ errors: [Double]) {
        guard !errors.isEmpty else { return nil }
        let n = Double(errors.count)
        sse = errors.reduce(0) { $0 + $1 * $1 }
        rmse = (sse / n).squareRoot()
        mean = errors.reduce(0, +) / n
        let sorted = errors.sorted()
        let middle = sorted.count / 2
        median = sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
        let m = mean
        std = (errors.reduce(0) { $0 + ($1 - m) * ($1 - m) } / n).squareRoot()
        min = sorted[0]
        max = sorted[sorted.count - 1]
    }
}
