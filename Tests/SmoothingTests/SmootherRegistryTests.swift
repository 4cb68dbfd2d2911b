import Geometry
import Smoothing
import Testing
import Tracking

@Suite struct SmootherRegistryTests {
    /// One entry per kind, in `SmootherKind.allCases` order (the order of `--help`).
    @Test func coversEveryKindExactlyOnce() {
        let kinds = SmootherRegistry.filters.map { $0.kind }
        for kind in SmootherKind.allCases {
            #expect(kinds.filter { $0 == kind }.count == 1, "\(kind.rawValue)")
        }
        #expect(kinds == SmootherKind.allCases)
        for kind in SmootherKind.allCases { #expect(kind.filter.name == kind.rawValue) }
    }

    /// Every default is a valid value of its parameter (checked against the domain here, not by the
    /// parser), and parameter names are unique within a filter.
    @Test func everyDefaultLiesInItsRange() throws {
        for filter in SmootherRegistry.filters {
            let names = filter.parameters.map(\.name)
            #expect(Set(names).count == names.count, "\(filter.name): repeated parameter name")
            for parameter in filter.parameters {
                let label = "\(filter.name):\(parameter.name)=\(parameter.defaultValue)"
                switch parameter.domain {
                case .number(let lower, let lowerClosed, let upper, let upperClosed):
                    let value = try #require(Double(parameter.defaultValue), "\(label)")
                    #expect(lowerClosed ? value >= lower : value > lower, "\(label)")
                    if let upper { #expect(upperClosed ? value <= upper : value < upper, "\(label)") }
                case .choice(let words):
                    #expect(words.contains(parameter.defaultValue), "\(label)")
                }
            }
        }
    }

    /// The factory of each entry builds that entry's type.
    @Test func factoryBuildsTheRegisteredType() throws {
        for filter in SmootherRegistry.filters {
            let smoother = try SmootherSpec(parsing: filter.name).makeSmoother()
            #expect(ObjectIdentifier(type(of: smoother)) == ObjectIdentifier(filter), "\(filter.name)")
        }
    }

    /// The table's defaults are the filters' own initialiser defaults: a spec with no parameters smooths
    /// exactly like the default-initialised filter.
    @Test func tableDefaultsMatchInitialiserDefaults() throws {
        var spec = TraceSpec(seed: 11, motion: [MotionSegment(model: .glance, duration: 10)])
        spec.noise.dropoutRate = 0.5
        let samples = try TraceSynthesizer.synthesize(spec).samples
        let defaults: [(SmootherKind, any Smoother)] = [
            (.none, PassThroughSmoother()), (.ema, EMAFilter()), (.emaTime, TimeConstantEMAFilter()),
            (.oneEuro, OneEuroFilter()), (.desp, DESPFilter()), (.kalmanCV, KalmanCVFilter()), (.predict, PredictStage()),
        ]
        #expect(defaults.map(\.0) == SmootherKind.allCases)
        for (kind, initialised) in defaults {
            var fromInitialiser = initialised
            var fromTable = try SmootherSpec(parsing: kind.rawValue).makeSmoother()
            #expect(fromTable.smooth(samples) == fromInitialiser.smooth(samples), "\(kind.rawValue)")
        }
    }
}
