@testable import Audit
import TestedApp
import Testing
import Vocabulary

/// The list of checks: every id is registered once, each fix is its own `AppPipeline` switch, and the facts the
/// check values declare are the audit's (the values below are written out by hand).
struct AuditRegistryTests {
    @Test func everyIDIsRegisteredExactlyOnce() {
        let ids = AuditCheck.all.map(\.id)
        #expect(Set(ids).count == ids.count && ids.count == 14)
        #expect(Set(ids.map(\.rawValue)).count == ids.count)
        for id in ids { #expect(AuditCheck.registered(id)?.id == id && AuditCheckID.named(id.rawValue) == id) }
        #expect(AuditCheckID.named("no-such-check") == nil)
    }

    /// A check measures the app's code exactly when it does not say why it stays a model.
    @Test func eachCheckMeasuresTheCodeOrSaysWhyNot() {
        for check in AuditCheck.all { #expect(check.measuresTheCode == (check.modelOnly == nil), "\(check.id)") }
        #expect(AuditCheck.all.filter(\.measuresTheCode).map(\.id) == [.worldAlignment, .screenSize, .cameraOffset, .eyePoint, .recenterIdempotent,
                                                                     .trackingLoss, .gyroTilt, .handOff, .latency])
    }

    @Test func eachFixIsItsOwnSwitchAndFlipsTheShippedValue() throws {
        let fixes = AuditCheck.all.compactMap { $0.fix as WritableKeyPath<AppPipeline, Bool>? }
        #expect(fixes.count == AuditCheck.all.count && Set(fixes).count == fixes.count)
        for check in AuditCheck.all {
            let fix = try #require(check.fix as WritableKeyPath<AppPipeline, Bool>?)
            let fixed = AppPipeline.shipped.fixing([check.id])
            #expect(AppPipeline.shipped[keyPath: fix] && !fixed[keyPath: fix], "\(check.id)")
            for other in fixes where other != fix { #expect(fixed[keyPath: other], "\(check.id) changes another switch") }
        }
    }

    /// The two fixes that change a number: latency smooths at α = 0.5, exaggeration drops the scale to 1.
    @Test func latencyAndExaggerationFixesChangeTheirNumbers() {
        #expect(AppPipeline.shipped.smoothingAlpha == 0.25 && AppPipeline.shipped.fixing([.latency]).smoothingAlpha == 0.5)
        #expect(AppPipeline.shipped.appliedMovementScale == 1.5 && AppPipeline.shipped.fixing([.exaggeration]).appliedMovementScale == 1)
        let isolated = AppPipeline.shipped.fixingAll().with(behaviourOf: .exaggeration, from: .shipped)
        #expect(isolated.appliedMovementScale == 1.5 && isolated.smoothingAlpha == 0.5)
    }

    /// The shipped tab bar has only Camera (the cube) and Settings (Splat-Frame `MainTabView.swift:70–78`).
    @Test func splatOnlyChecksAreUnreachable() {
        let unreachable = Set(AuditCheckID.allCases.filter { !$0.isReachable })
        #expect(unreachable == [.splatPinning, .clipDepth, .splatColour, .jacobianClamp])
        for check in AuditCheckID.allCases { #expect(check.isReachable == check.modes.contains(.cube), "\(check)") }
    }

    @Test func limitsUnitsModesAndGatesAreTheAuditsValues() {
        let cube: Set<AppMode> = [.cube], splat: Set<AppMode> = [.splat], both: Set<AppMode> = [.cube, .splat]
        let expected: [AuditCheckID: (limit: Double, unit: MetricUnit, modes: Set<AppMode>, gated: Bool)] = [
            .worldAlignment: (2, .pixels, both, true),
            .screenSize: (2, .pixels, both, true),
            .cameraOffset: (2, .pixels, both, true),
            .eyePoint: (2, .pixels, both, true),
            .recenterIdempotent: (2, .pixels, both, true),
            .trackingLoss: (0.1, .seconds, both, true),
            .gyroTilt: (2, .pixels, cube, true),
            .handOff: (2, .pixels, both, true),
            .latency: (100, .milliseconds, both, true),
            .splatPinning: (2, .pixels, splat, true),
            .clipDepth: (0, .millimeters, splat, true),
            .splatColour: (2, .levels, splat, true),
            .jacobianClamp: (0.5, .percent, splat, true),
            .exaggeration: (2, .pixels, both, false),
        ]
        #expect(expected.count == AuditCheckID.allCases.count)
        for check in AuditCheckID.allCases {
            guard let value = expected[check] else { continue }
            #expect(check.defaultLimit == value.limit && check.registration.unit == value.unit, "\(check)")
            #expect(check.modes == value.modes && check.isGated == value.gated, "\(check)")
        }
    }
}
