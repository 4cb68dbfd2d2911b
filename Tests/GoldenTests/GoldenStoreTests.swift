import Foundation
@testable import Golden
import Imaging
import ParallaxTestSupport
import Plumbing
import Testing

@Suite struct GoldenStoreTests {
    let parameters = GoldenParameters(renderer: "cube-room", scene: "cube", headPose: [0.01, -0.02, 0.35],
                                      screen: "iPhone 15 Pro", version: "0.1.0", extra: ["movement-scale": "1"])

    func temporaryStore() throws -> (GoldenStore, String) {
        let root = try TemporaryDirectory(prefix: "goldens").url.path
        return (GoldenStore(root: root) { "make record GOLDEN=\($0)" }, root)
    }

    func allFiles(_ root: String) -> [String] {
        (FileManager.default.enumerator(atPath: root)?.allObjects as? [String] ?? []).sorted()
    }

    @Test func pathsDeriveFromFrameNames() throws {
        let store = GoldenStore(root: "Tests/Goldens") { $0 }
        #expect(try store.imagePath(for: "cube/center") == "Tests/Goldens/cube/center.png")
        #expect(try store.sidecarPath(for: "cube/center") == "Tests/Goldens/cube/center.json")
        for bad in ["", "/abs", "a//b", "../up", "a/./b", "sp ace", "a/", "x\\y"] {
            #expect(throws: GoldenError.invalidName(bad)) { try store.imagePath(for: bad) }
        }
    }

    @Test func missingGoldenPrintsTheRecordCommand() throws {
        let (store, root) = try temporaryStore()
        defer { try? FileManager.default.removeItem(atPath: root) }
        do {
            _ = try store.load("cube/left")
            Issue.record("loading a missing golden succeeded")
        } catch {
            #expect("\(error)" == "golden 'cube/left' is missing (expected \(root)/cube/left.png); record it with: make record GOLDEN=cube/left")
        }
    }

    @Test func recordWritesPNGAndSidecar() throws {
        let (store, root) = try temporaryStore()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let image = TestImages.scene(width: 40, height: 30)
        let path = try store.record(image: image, name: "cube/center", parameters: parameters, environment: [:])
        #expect(path == root + "/cube/center.png")
        #expect(try store.load("cube/center") == image)
        let sidecar = try #require(try store.sidecar("cube/center"))
        #expect(sidecar == GoldenSidecar(name: "cube/center", image: "center.png", width: 40, height: 30, parameters: parameters))
        let json = try String(contentsOfFile: root + "/cube/center.json", encoding: .utf8)
        #expect(json.contains(#""head_pose" : ["#) && json.contains(#""schema" : 1"#) && json.contains(#""renderer" : "cube-room""#))
        #expect(allFiles(root) == ["cube", "cube/center.json", "cube/center.png"])
        // Deterministic: recording again gives the same bytes.
        let first = try Data(contentsOf: URL(fileURLWithPath: path))
        try store.record(image: image, name: "cube/center", parameters: parameters, environment: [:])
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == first)
    }

    @Test func recordIsRefusedWhenCIIsSet() throws {
        let (store, root) = try temporaryStore()
        defer { try? FileManager.default.removeItem(atPath: root) }
        for value in ["1", "true", "TRUE", "github-actions"] {
            #expect(throws: GoldenError.recordRefusedInCI(name: "cube/center")) {
                try store.record(image: TestImages.scene(width: 12, height: 12), name: "cube/center", parameters: parameters,
                                 environment: ["CI": value, "HOME": "/root"])
            }
            #expect(throws: GoldenError.recordRefusedInCI(name: "numbers/n")) {
                try store.recordNumbers(NamedNumbers([:]), name: "numbers/n", environment: ["CI": value])
            }
        }
        #expect(allFiles(root).isEmpty)
        #expect("\(GoldenError.recordRefusedInCI(name: "x"))".contains("CI is set"))
    }

    /// Set but empty, `false` or `0` is not CI (ci-info's and Playwright's reading): recording works.
    @Test func recordWorksWhenCIIsEmptyFalseOrZero() throws {
        let (store, root) = try temporaryStore()
        defer { try? FileManager.default.removeItem(atPath: root) }
        for value in ["", "false", "False", "0"] {
            let path = try store.record(image: TestImages.scene(width: 12, height: 12), name: "cube/center", parameters: parameters,
                                        environment: ["CI": value, "HOME": "/root"])
            #expect(path.hasSuffix("cube/center.png"), "CI=\(value)")
        }
        #expect(allFiles(root) == ["cube", "cube/center.json", "cube/center.png"])
    }

    @Test func interruptedRecordLeavesNoPartialFile() throws {
        struct Interrupted: Error {}
        let (store, root) = try temporaryStore()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let image = TestImages.scene(width: 20, height: 20)
        #expect(throws: FileError.self) {
            try store.record(image: image, name: "cube/top", parameters: parameters, environment: [:], beforeRename: { throw Interrupted() })
        }
        #expect(!FileManager.default.fileExists(atPath: root + "/cube/top.png"))
        #expect(!allFiles(root).contains { $0.hasSuffix(".tmp") })
        // Over an existing golden: the old one stays intact.
        try store.record(image: image, name: "cube/top", parameters: parameters, environment: [:])
        let before = try Data(contentsOf: URL(fileURLWithPath: root + "/cube/top.png"))
        #expect(throws: FileError.self) {
            try store.record(image: TestImages.scene(width: 20, height: 20, edgeRow: 3), name: "cube/top", parameters: parameters,
                             environment: [:], beforeRename: { throw Interrupted() })
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: root + "/cube/top.png")) == before)
        #expect(try store.load("cube/top") == image)
        #expect(!allFiles(root).contains { $0.hasSuffix(".tmp") })
    }
}
