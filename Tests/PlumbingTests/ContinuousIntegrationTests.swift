import Plumbing
import Testing

/// `CI` as ci-info and Playwright read it: set, non-empty and not `false` / `0`.
struct ContinuousIntegrationTests {
    @Test(arguments: [
        (nil, false), ("", false), ("  ", false), ("false", false), ("FALSE", false), ("False", false), ("0", false),
        ("true", true), ("1", true), ("yes", true), ("github-actions", true), ("TRUE", true),
    ] as [(String?, Bool)])
    func ciCountsOnlyWhenSetToSomethingButEmptyFalseOrZero(value: String?, active: Bool) {
        let environment = value.map { ["CI": $0] } ?? ["PATH": "/usr/bin"]
        #expect(ContinuousIntegration.isActive(in: environment) == active, "CI=\(value ?? "unset")")
    }
}
