import Analysis
import Foundation
import Geometry
import Plumbing
import Smoothing
import Vocabulary

/// What the interactive tuning view draws, computed in Swift at grid points so the page only picks arrays:
/// the metrics of every grid point (every `TuneMetric`) next to the app default's, and, for a thinned series
/// grid, one trace's window — truth / measured / smoothed head x and y, the on-screen error and the swim over
/// time (`TuneFrameSeries`).
///
/// Size by construction (`Budget`): the metrics table holds at most `tablePoints` grid points (beyond that
/// every axis is thinned evenly); the series grid at most ⌊`seriesConfigurations`^(1/p)⌋ (≥ 2) values per
/// swept parameter and `seriesScales` scales, each plus the recommendation's and the app default's; series
/// cover `windowSeconds` of one trace, binned to ≤ `binRate` (error and swim: the worst of each bin).
/// Rounded: positions 0.1 mm, error 0.01 px, swim 0.01 °/s, metrics 4 significant digits.
package struct TuneViewData: Codable, Equatable, Sendable {
    package struct Budget: Sendable, Equatable {
        package var tablePoints = 4096
        package var seriesConfigurations = 16
        package var seriesScales = 8
        package var windowSeconds = 4.0
        /// Seconds of the window before the fastest motion.
        package var leadSeconds = 1.0
        package var binRate = 30.0

        package init() {}
    }

    /// A grid point: an index into each table axis and into the table's scales.
    package struct Selection: Codable, Equatable, Sendable {
        package var values: [Int]
        package var scale: Int
    }

    /// One trace's window, binned: times (s) and head positions (mm).
    package struct TraceWindow: Codable, Equatable, Sendable {
        package var name: String
        /// "truth", or the reference estimate for recordings.
        package var reference: String
        package var framesPerBin: Int
        package var t: [Double]
        package var referenceX: [Double]
        package var referenceY: [Double]
        package var measuredX: [Double]
        package var measuredY: [Double]
    }

    /// The series of one smoother point: smoothed head x, y (mm) and, per scale, error (px) and swim (°/s).
    package struct PointSeries: Codable, Equatable, Sendable {
        package var smoothedX: [Double]
        package var smoothedY: [Double]
        package var errorPx: [[Double]]
        package var swimDegS: [[Double?]]
    }

    /// The thinned grid the series are computed on; `nearest` maps every table index to a series index.
    package struct SeriesGrid: Codable, Equatable, Sendable {
        package var values: [[Double]]
        package var scales: [Double]
        package var nearest: [[Int]]
        package var nearestScale: [Int]
        /// Flat over `values` (last parameter fastest).
        package var points: [PointSeries]
    }

    package var parameters: [String]
    /// The table's values per swept parameter (every grid value unless thinned) and its movement scales.
    package var values: [[Double]]
    package var scales: [Double]
    package var metricNames: [String]
    /// metrics[c][k][m]: table point c (flat over `values`, last parameter fastest), scale k, metric m.
    package var metrics: [[[Double?]]]
    package var appSmoother: String
    package var appMovementScale: Double
    package var appMetrics: [Double?]
    /// The app default's series (one point, its scale only).
    package var appSeries: PointSeries
    /// Where the page starts: the recommendation's grid point (its nearest for a refined one).
    package var start: Selection
    package var recommended: Selection?
    /// The app default's nearest table point, when the sweep is over the app's filter.
    package var appSelection: Selection?
    package var trace: TraceWindow
    package var series: SeriesGrid
    /// What was thinned, the window and the binning, in words (shown on the page).
    package var notes: [String]

    /// What the charts are computed from, on the window's trace: per grid point the head after the smoother and, per
    /// movement scale, the head its on-glass positions follow — for a smoother model the same head at every scale
    /// (`model(_:trace:)`), for an app under test its eye over s (`Tuner`'s app sweep keeps them) — and the same of
    /// the app's own configuration at its scale.
    package struct SeriesSource: Sendable {
        package var point: @Sendable (_ values: [Double], _ scales: [Double]) throws -> (head: [Vec3], projected: [[Vec3]])
        package var appDefault: @Sendable () throws -> (head: [Vec3], projected: [Vec3])

        package init(point: @escaping @Sendable (_ values: [Double], _ scales: [Double]) throws -> (head: [Vec3], projected: [[Vec3]]),
                     appDefault: @escaping @Sendable () throws -> (head: [Vec3], projected: [Vec3])) {
            self.point = point
            self.appDefault = appDefault
        }

        /// The sweep's smoother at each point and the app's shipped one, run over the whole trace (a filter's state
        /// depends on everything before the window).
        static func model(_ sweep: SweepSpec, trace: PreparedTrace) -> SeriesSource {
            SeriesSource(
                point: { values, scales in
                    var smoother = try sweep.spec(values: values).makeSmoother()
                    let filtered = smoother.smooth(trace.samples)
                    return (filtered, scales.map { _ in filtered })
                },
                appDefault: {
                    var smoother = SmootherSpec.app.makeSmoother()
                    let filtered = smoother.smooth(trace.samples)
                    return (filtered, filtered)
                })
        }
    }

    /// `series` nil: the sweep's smoother model (`SeriesSource.model`).
    package init(context: TuneContext, result: TuneResult, budget: Budget = Budget(), series given: SeriesSource? = nil) throws {
        guard result.kind == .full, result.configurations.count == context.sweep.count,
              result.movementScales == context.scales else {
            throw FieldError("tune view", expected: "a result holding the full grid of this setup", found: "a result without it")
        }
        let axes = context.sweep.axes.map(\.values)
        let scales = context.scales
        parameters = result.parameters
        metricNames = TuneMetric.allCases.map(\.rawValue)
        appSmoother = result.appDefault.smoother
        appMovementScale = result.appDefault.movementScale
        appMetrics = TuneMetric.allCases.map { Self.significant(result.appDefault.metrics[$0]) }

        // The grid points every thinning keeps.
        let appValues = result.appSweptValues
        let appScale = result.appDefault.movementScale
        let recommendationValues = result.recommendation?.values
        func required(_ a: Int) -> [Int] {
            [recommendationValues, appValues].compactMap { $0 }.map { TuneViewThinning.nearestIndex(of: $0[a], in: axes[a]) }
        }
        let requiredScales = [result.recommendation?.movementScale, appScale].compactMap { $0 }
            .map { TuneViewThinning.nearestIndex(of: $0, in: scales) }

        // The metrics table: every grid point, or every axis thinned evenly to fit the budget.
        var notes: [String] = []
        let points = result.configurations.count * scales.count
        let tableKept: [[Int]], tableScales: [Int]
        if points <= budget.tablePoints {
            tableKept = axes.map { Array($0.indices) }
            tableScales = Array(scales.indices)
        } else {
            let perAxis = max(2, Int(pow(Double(budget.tablePoints), 1 / Double(axes.count + 1))))
            tableKept = axes.indices.map { TuneViewThinning.indices(count: axes[$0].count, budget: perAxis, keeping: required($0)) }
            tableScales = TuneViewThinning.indices(count: scales.count, budget: perAxis, keeping: requiredScales)
            notes.append("metrics table thinned: \(points) grid points exceed the view's \(budget.tablePoints); each axis keeps \(perAxis) evenly spread values plus the recommendation's and the app default's")
        }
        let tableValues = axes.indices.map { a in tableKept[a].map { axes[a][$0] } }
        let tableScaleValues = tableScales.map { scales[$0] }
        let tableFlat = Self.product(tableKept.map(\.count))
        metrics = tableFlat.map { positions in
            let configuration = result.configurations[Self.gridIndex(positions.enumerated().map { tableKept[$0.offset][$0.element] }, axes: axes)]
            return tableScales.map { k in
                let m = result.metrics(configuration, scale: k)
                return TuneMetric.allCases.map { Self.significant(m[$0]) }
            }
        }
        func selection(_ values: [Double], scale: Double) -> Selection {
            Selection(values: values.indices.map { TuneViewThinning.nearestIndex(of: values[$0], in: tableValues[$0]) },
                      scale: TuneViewThinning.nearestIndex(of: scale, in: tableScaleValues))
        }
        let recommended = result.recommendation.map { selection($0.values, scale: $0.movementScale) }
        let appSelection = appValues.map { selection($0, scale: appScale) }
        if result.recommendation?.source == .nelderMead {
            notes.append("the recommendation (\(result.recommendation!.smoother)) was refined off the grid; the view starts at its nearest grid point")
        }

        // The series grid: a few values per axis out of the table's, always with the recommendation's and the app's.
        let perAxis = axes.isEmpty ? 1 : max(2, Int(pow(Double(budget.seriesConfigurations), 1 / Double(axes.count))))
        let seriesKept = axes.indices.map { a in
            TuneViewThinning.indices(count: tableValues[a].count, budget: perAxis,
                                     keeping: [recommended, appSelection].compactMap { $0?.values[a] })
        }
        let seriesScales = TuneViewThinning.indices(count: tableScaleValues.count, budget: budget.seriesScales,
                                                    keeping: [recommended, appSelection].compactMap { $0?.scale })
        if seriesKept.indices.contains(where: { seriesKept[$0].count < tableValues[$0].count }) || seriesScales.count < tableScaleValues.count {
            let kept = (axes.indices.map { "\(result.parameters[$0]) \(seriesKept[$0].count) of \(tableValues[$0].count)" }
                        + ["movementScale \(seriesScales.count) of \(tableScaleValues.count)"]).joined(separator: ", ")
            notes.append("series grid thinned (\(kept) values; evenly spread plus the recommendation's and the app default's): between them the charts show the nearest series point, the table the exact one")
        }

        // The window: one trace, around the fastest true head motion.
        let (traceIndex, frames) = Self.window(context.traces, budget: budget)
        let trace = context.traces[traceIndex]
        let framesPerBin = max(1, Int((trace.rate / budget.binRate - 1e-9).rounded(.up)))
        let bins = stride(from: frames.lowerBound, to: frames.upperBound, by: framesPerBin).map { $0..<min($0 + framesPerBin, frames.upperBound) }
        func mm(_ values: [Vec3], _ axis: KeyPath<Vec3, Double>) -> [Double] { bins.map { Self.rounded(values[$0.lowerBound][keyPath: axis] * 1000, 1) } }
        let measured = trace.samples.map(\.position)
        let window = TraceWindow(
            name: trace.name, reference: trace.hasTruth ? "truth" : "reference estimate", framesPerBin: framesPerBin,
            t: bins.map { Self.rounded(trace.samples[$0.lowerBound].t, 3) }, referenceX: mm(trace.reference, \.x),
            referenceY: mm(trace.reference, \.y), measuredX: mm(measured, \.x), measuredY: mm(measured, \.y))
        let span = String(format: "%.2f–%.2f s", trace.samples[frames.lowerBound].t, trace.samples[frames.upperBound - 1].t)
        notes.append("series: trace \(trace.name), \(span), the \(NumberText.format(budget.windowSeconds)) s around its fastest lateral \(trace.hasTruth ? "true" : "reference") head motion among the tuned traces (from \(NumberText.format(budget.leadSeconds)) s before it); \(framesPerBin) frame(s) per point (≤ \(NumberText.format(budget.binRate)) Hz): positions at the first frame, error and swim the worst of the point's frames")

        let source = given ?? SeriesSource.model(context.sweep, trace: trace)
        func pointSeries(head: [Vec3], projected: [[Vec3]], scales: [Double]) throws -> PointSeries {
            var series = PointSeries(smoothedX: mm(head, \.x), smoothedY: mm(head, \.y), errorPx: [], swimDegS: [])
            for (s, projected) in zip(scales, projected) {
                let frame = try TuneFrameSeries(filtered: projected, trace: trace, scale: s, core: context.core,
                                                points: context.points, ppm: context.ppm)
                series.errorPx.append(bins.map { Self.rounded(frame.errorPx[$0].max()!, 2) })
                series.swimDegS.append(bins.map { bin in frame.swimDegPerSecond[bin].compactMap { $0 }.max().map { Self.rounded($0, 2) } })
            }
            return series
        }
        let seriesFlat = Self.product(seriesKept.map(\.count))
        let seriesScaleValues = seriesScales.map { tableScaleValues[$0] }
        let computed = try Parallel.map(seriesFlat.count) { p in
            let assignment = seriesFlat[p].enumerated().map { tableValues[$0.offset][seriesKept[$0.offset][$0.element]] }
            let frames = try source.point(assignment, seriesScaleValues)
            return try pointSeries(head: frames.head, projected: frames.projected, scales: seriesScaleValues)
        }
        series = SeriesGrid(
            values: axes.indices.map { a in seriesKept[a].map { tableValues[a][$0] } }, scales: seriesScaleValues,
            nearest: axes.indices.map { TuneViewThinning.nearest(count: tableValues[$0].count, kept: seriesKept[$0]) },
            nearestScale: TuneViewThinning.nearest(count: tableScaleValues.count, kept: seriesScales), points: computed)
        let app = try source.appDefault()
        appSeries = try pointSeries(head: app.head, projected: [app.projected], scales: [appScale])
        values = tableValues
        self.scales = tableScaleValues
        self.recommended = recommended
        self.appSelection = appSelection
        start = recommended ?? appSelection ?? Selection(values: axes.map { _ in 0 }, scale: 0)
        self.trace = window
        self.notes = notes
    }

    /// The embedded form: compact JSON, sorted keys, `<` escaped so that no name can close the script element.
    package func json() throws -> String {
        let encoder = JSONEncoder.deterministic(.compact, keys: .snakeCase)
        return String(decoding: try encoder.encode(self), as: UTF8.self).replacingOccurrences(of: "<", with: "\\u003c")
    }

    /// The trace (those with ground truth first) and frames of the window: `windowSeconds` starting `leadSeconds`
    /// before the fastest lateral (x, y: what the trajectory charts show and the parallax follows) reference head
    /// motion between two consecutive tracked frames (not across a gap), kept inside the trace; the first
    /// such maximum wins.
    static func window(_ traces: [PreparedTrace], budget: Budget) -> (trace: Int, frames: Range<Int>) {
        let candidates = traces.indices.filter { traces[$0].hasTruth }
        var best = (trace: (candidates.isEmpty ? traces.indices.first : candidates.first)!, frame: 0, speed: -1.0)
        for t in candidates.isEmpty ? Array(traces.indices) : candidates {
            let trace = traces[t]
            for i in 1..<trace.samples.count {
                let dt = trace.samples[i].t - trace.samples[i - 1].t
                guard dt > 0, dt <= trace.gapThreshold, trace.samples[i].tracked, trace.samples[i - 1].tracked else { continue }
                let move = trace.reference[i] - trace.reference[i - 1]
                let speed = (move.x * move.x + move.y * move.y).squareRoot() / dt
                if speed > best.speed { best = (t, i, speed) }
            }
        }
        let samples = traces[best.trace].samples
        let first = samples[0].t, last = samples[samples.count - 1].t
        let end = min(last, max(first, samples[best.frame].t - budget.leadSeconds) + budget.windowSeconds)
        let start = max(first, end - budget.windowSeconds)
        let lower = samples.firstIndex { $0.t >= start } ?? 0
        let upper = samples.lastIndex { $0.t <= end } ?? samples.count - 1
        return (best.trace, lower..<(upper + 1))
    }

    /// Every combination of indices into axes of the given sizes, the last varying fastest (one empty
    /// combination for no axes).
    static func product(_ sizes: [Int]) -> [[Int]] {
        sizes.reduce([[]]) { partial, size in partial.flatMap { prefix in (0..<size).map { prefix + [$0] } } }
    }

    /// The sweep's grid index of per-axis value indices (`SweepSpec` order: the last axis fastest).
    static func gridIndex(_ positions: [Int], axes: [[Double]]) -> Int {
        zip(positions, axes).reduce(0) { $0 * $1.1.count + $1.0 }
    }

    static func rounded(_ value: Double, _ decimals: Int) -> Double {
        let scale = pow(10, Double(decimals))
        return (value * scale).rounded() / scale + 0  // + 0: no "-0"
    }

    /// Four significant digits; nil for a missing or non-finite value.
    static func significant(_ value: Double?) -> Double? {
        guard let value, value.isFinite else { return nil }
        return Double(String(format: "%.4g", value))! + 0
    }
}
