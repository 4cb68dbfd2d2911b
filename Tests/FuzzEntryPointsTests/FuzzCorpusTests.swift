import Foundation
import FuzzEntryPoints
import Testing

/// Replays every committed fuzz input through the same entry points as the libFuzzer targets, without
/// sanitizers: the seed corpora (`Tests/Fixtures/fuzz/<surface>/`) and the inputs fuzzing found
/// (`Regressions/<surface>/`, each with the outcome its fix gives).
@Suite struct FuzzCorpusTests {
    static let testsDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    static let corpora = testsDirectory.deletingLastPathComponent().appendingPathComponent("Fixtures/fuzz")
    static let regressions = testsDirectory.appendingPathComponent("Regressions")

    static func files(in directory: URL) throws -> [URL] {
        guard FileManager.default.fileExists(atPath: directory.path) else { return [] }
        return try FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
    }

    @Test(arguments: FuzzSurface.allCases)
    func everySeedIsAcceptedAndNothingTraps(_ surface: FuzzSurface) throws {
        let seeds = try Self.files(in: Self.corpora.appendingPathComponent(surface.rawValue))
        #expect(seeds.count >= 3, "\(surface.rawValue): a seed corpus of at least three files")
        for seed in seeds {
            // Seeds are valid inputs of their format: a parser that starts refusing one fails here.
            let outcome = surface.run(Array(try Data(contentsOf: seed)))
            #expect(outcome == .accepted, "\(surface.rawValue)/\(seed.lastPathComponent): \(outcome)")
        }
    }

    /// Inputs fuzzing found, by surface and file, with what must happen now (a fragment of the message).
    static let expectedRejections: [String: String] = [
        "suite/multiline-yaml-reader-error.yml": "YAML syntax error: control characters are not allowed",
        "screen-spec/huge-custom-size.txt": "screen size: expected at most 1e9 pixels per side",
        "splat-renderer/multiline-camera-error.bin": "camera: projection: expected a finite perspective frustum matrix",
        "cube-renderer/ill-conditioned-clip-w.bin": "camera: expected a projection · view matrix that is not too ill-conditioned for the room",
        "camera-file/escaped-newline-in-clip.json": "clip: expected opengl or metal, found 'op\\ngl'",
    ]

    @Test func everyRegressionInputHasItsFixedOutcome() throws {
        var replayed: Set<String> = []
        for directory in try Self.files(in: Self.regressions) {
            let surface = try #require(FuzzSurface(rawValue: directory.lastPathComponent), "Regressions/\(directory.lastPathComponent) names a surface")
            for file in try Self.files(in: directory) {
                let key = "\(surface.rawValue)/\(file.lastPathComponent)"
                let expected = try #require(Self.expectedRejections[key], "\(key) has an expected outcome")
                let outcome = surface.run(Array(try Data(contentsOf: file)))
                guard case .rejected(let message) = outcome else {
                    Issue.record("\(key): expected a rejection containing '\(expected)', got \(outcome)")
                    continue
                }
                #expect(message.contains(expected), "\(key): \(message)")
                #expect(!message.contains("\n"), "\(key): one-line message")
                replayed.insert(key)
            }
        }
        #expect(replayed == Set(Self.expectedRejections.keys), "every listed regression input is committed")
    }
}
