@testable import Audit
import Foundation
import Geometry
import Projection
import Testing
import Tracking
import Vocabulary

/// A check is a value: one file (`HeadDepthCheck.swift`) and one line of the list an audit runs make it part of
/// the audit — its values, its verdict, its place in audit.json and the text — and the other checks are untouched.
struct AddedCheckTests {
    /// A still head at 350 mm that the tracker reads 5 mm too far: every value is 5 mm by hand.
    static let trace: HeadTrace = {
        let samples = (0..<120).map { HeadSample(t: Double($0) / 60, position: Vec3(0.01, 0.02, 0.355)) }
        return HeadTrace(samples: samples, truth: Array(repeating: Vec3(0.01, 0.02, 0.35), count: samples.count))
    }()

    func options() throws -> AuditOptions {
        AuditOptions(traces: [("still-far", Self.trace)], screens: [try ScreenModel.device("iphone-15-pro")], modes: [.cube], comparesHypotheses: false)
    }

    @Test func oneFileAndOneLineAddACheck() throws {
        var options = try options()
        options.checks = AuditCheck.all + [.headDepth]  // the registration line
        let result = try AppAudit.run(options)
        let added = try #require(result.checks.first { $0.id == .headDepth })
        #expect(abs(added.p95 - 5) < 1e-9 && abs(added.worst - 5) < 1e-9 && added.count == 120)
        #expect(added.passed && added.unit == "mm" && added.restsOn == [.truth])
        #expect(result.checks.last?.id == .headDepth)
        let json = String(decoding: try result.jsonData(), as: UTF8.self)
        #expect(json.contains("\"id\" : \"head-depth\""))
        #expect(result.text.contains("head-depth"))
        // The other checks measure what they measured without it.
        let without = try AppAudit.run(try self.options())
        #expect(without.checks.map(\.id) == AuditCheck.all.filter { $0.modes.contains(.cube) }.map(\.id))
        for check in without.checks {
            let same = try #require(result.checks.first { $0.id == check.id })
            #expect(same.p95 == check.p95 && same.worst == check.worst && same.passed == check.passed, "\(check.id)")
        }
    }

    /// A limit the values exceed fails the check and the audit.
    @Test func anAddedCheckGates() throws {
        var options = try options()
        var far = Self.trace
        far.samples = far.samples.map { HeadSample(t: $0.t, position: Vec3($0.position.x, $0.position.y, 0.37)) }
        options.traces = [("still-farther", far)]
        options.checks = [.headDepth]
        let result = try AppAudit.run(options)
        let added = try #require(result.checks.first)
        #expect(abs(added.p95 - 20) < 1e-9 && !added.passed && !result.passed)
    }
}
