import Foundation
import Testing

/// ARCHITECTURE.md's conventions that a text scan of `Sources/` can check: each test is one claim of that file,
/// and each finding names the file and line that breaks it.
@Suite struct ArchitectureClaimsTests {
    /// Every Swift file under Sources/, as (path relative to the repository, lines without `//` comment lines,
    /// the numbers of the comment lines).
    static func sourceFiles() throws -> [(path: String, lines: [(number: Int, text: String)], comments: Set<Int>)] {
        let root = ImportGraphTests.repository
        let sources = root.appendingPathComponent("Sources")
        guard let walker = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil) else { return [] }
        var files: [(path: String, lines: [(number: Int, text: String)], comments: Set<Int>)] = []
        for case let url as URL in walker where url.pathExtension == "swift" {
            let path = String(url.path.dropFirst(root.path.count + 1))
            let all = try String(contentsOf: url, encoding: .utf8).components(separatedBy: "\n").enumerated()
                .map { (number: $0.offset + 1, text: $0.element) }
            let isComment = { (line: (number: Int, text: String)) in line.text.trimmingCharacters(in: .whitespaces).hasPrefix("//") }
            files.append((path, all.filter { !isComment($0) }, Set(all.filter(isComment).map(\.number))))
        }
        return files.sorted { $0.path < $1.path }
    }

    /// Lines matching `pattern` outside the files allowed to have them.
    static func findings(of pattern: String, allowedIn allowed: Set<String>) throws -> [String] {
        let expression = try NSRegularExpression(pattern: pattern)
        var findings: [String] = []
        for file in try sourceFiles() where !allowed.contains(file.path) {
            for line in file.lines where expression.firstMatch(in: line.text, range: NSRange(line.text.startIndex..., in: line.text)) != nil {
                findings.append("\(file.path):\(line.number): \(line.text.trimmingCharacters(in: .whitespaces))")
            }
        }
        return findings
    }

    /// "every whole-file read goes through `FileContents`".
    @Test func everyWholeFileReadGoesThroughFileContents() throws {
        let reads = #"(Data|String|NSData|NSString)\(contentsOf|contentsOfFile:|\.contents\(atPath:|FileHandle\(forReadingAtPath:|readToEnd\(|fopen\("#
        for finding in try Self.findings(of: reads, allowedIn: ["Sources/Plumbing/FileContents.swift"]) {
            Issue.record("a whole-file read outside FileContents: \(finding)")
        }
    }

    /// The places that step outside the compiler's `Sendable` checking, each with the reason on its line.
    static let sendableEscapes: Set = [
        "Sources/Plumbing/Parallel.swift",
        "Sources/Scenes/PNGPipeline.swift",
        "Sources/Splatting/FrameSetup.swift",
        "Sources/Rendering/SpreadFloatTexels.swift",
        "Sources/Rendering/SpreadTexels.swift",
        "Sources/Rendering/AppLookParameters.swift",
        "Sources/Rendering/TextureSampler.swift",
        "Sources/Rendering/Texture.swift",
    ]

    /// "`@unchecked Sendable` and `nonisolated(unsafe)` only where ARCHITECTURE.md lists them, each saying why".
    @Test func sendableEscapesAreTheListedOnesAndSayWhy() throws {
        let escape = #"@unchecked\s+Sendable|nonisolated\(unsafe\)"#
        for finding in try Self.findings(of: escape, allowedIn: Self.sendableEscapes) {
            Issue.record("a Sendable escape ARCHITECTURE.md does not list: \(finding)")
        }
        let expression = try NSRegularExpression(pattern: escape)
        for file in try Self.sourceFiles() where Self.sendableEscapes.contains(file.path) {
            let escapes = file.lines.filter { expression.firstMatch(in: $0.text, range: NSRange($0.text.startIndex..., in: $0.text)) != nil }
            #expect(!escapes.isEmpty, "\(file.path) is listed as a Sendable escape but has none: take it off the list")
            for line in escapes {
                // The reason is a comment on the line itself or on the doc comment right above it.
                let documented = line.text.contains("//") || file.comments.contains(line.number - 1)
                #expect(documented, "\(file.path):\(line.number): say why this escape is safe, on its line or in the comment above")
            }
        }
        let architecture = try String(contentsOf: ImportGraphTests.repository.appendingPathComponent("ARCHITECTURE.md"), encoding: .utf8)
        for path in Self.sendableEscapes {
            let name = (path as NSString).lastPathComponent.replacingOccurrences(of: ".swift", with: "")
            #expect(architecture.contains("`\(name)`"), "ARCHITECTURE.md names \(name) among the Sendable escapes")
        }
    }

    /// "All parallel work goes through `Plumbing.Parallel`" (and PNG writing overlaps rendering in `PNGPipeline`;
    /// `ChildProcess` waits for a child on a thread of its own, to enforce its time limit). `AppFixes` quotes the app's
    /// own code (its `Task { @MainActor in` line) as the text its patches find: data, not concurrency of ours.
    @Test func threadsAndQueuesOnlyInParallelAndThePNGPipeline() throws {
        let concurrency = #"DispatchQueue|concurrentPerform|OperationQueue|\bThread\(|pthread_create|Task\s*\{|Task\.detached|withTaskGroup|withThrowingTaskGroup"#
        for finding in try Self.findings(of: concurrency, allowedIn: ["Sources/Plumbing/Parallel.swift", "Sources/Scenes/PNGPipeline.swift", "Sources/Plumbing/ChildProcess.swift",
                                                                     "Sources/AuditVariants/AppFixes.swift"]) {
            Issue.record("concurrency outside Parallel, PNGPipeline and ChildProcess: \(finding)")
        }
    }

    /// The modules whose API the library product promises ("What the library promises" in ARCHITECTURE.md).
    static let promisedModules: Set = ["Vocabulary", "Geometry", "Tracking", "Smoothing", "Projection", "Imaging", "Golden", "GoldenTesting"]

    /// "Every other module's declarations are `package`".
    @Test func publicOnlyInThePromisedModules() throws {
        let declaration = #"^\s*(@\w+(\([^)]*\))?\s+)*((nonisolated|static|final|override|mutating|convenience|required)\s+)*(public|open)\s"#
        let allowed = Set(try Self.sourceFiles().map(\.path).filter { Self.promisedModules.contains($0.split(separator: "/")[1].description) })
        for finding in try Self.findings(of: declaration, allowedIn: allowed) {
            Issue.record("a public declaration outside the promised modules (make it package): \(finding)")
        }
        // The promise stays small enough to read: at most 1,200 public declarations in all (issue 33).
        let promised = try Self.findings(of: declaration, allowedIn: [])
        #expect(promised.count <= 1_200, "\(promised.count) public declarations: the library promises more than it should")
        let architecture = try String(contentsOf: ImportGraphTests.repository.appendingPathComponent("ARCHITECTURE.md"), encoding: .utf8)
        for module in Self.promisedModules {
            #expect(architecture.contains("`\(module)`"), "ARCHITECTURE.md names \(module) among the promised modules")
        }
    }

    /// The files where a caught error's text goes into a new message (ARCHITECTURE.md, "Errors": each wraps an
    /// error that does not know its file, field or job, once).
    static let rewrappingFiles: Set = [
        "Sources/Tracking/TraceSpec.swift", "Sources/Plumbing/StrictDecoding.swift", "Sources/Scenes/SceneRenderer.swift",
        "Sources/Harness/Model/SceneSpec.swift", "Sources/Harness/Stages/SuiteAudit.swift", "Sources/Harness/Stages/FrameRunner.swift",
        "Sources/Harness/Stages/SuiteApp.swift",
        "Sources/Harness/Stages/SuiteBaseline.swift", "Sources/Harness/Publish/GoldenAcceptance.swift",
        "Sources/Harness/Sharding/SuiteUnit.swift", "Sources/Golden/GoldenStore.swift", "Sources/Tuning/Output/TuneResult.swift",
        "Sources/Projection/CameraFile.swift", "Sources/AppReplay/StandInsBuild.swift",
    ]

    /// "Nobody re-wraps a `FieldError`'s text", but for the listed wrappers of errors that do not know their place.
    @Test func caughtErrorsAreWrappedOnlyWhereListed() throws {
        let rewrap = #"throw .*\\\((error|e)\)"#
        for finding in try Self.findings(of: rewrap, allowedIn: Self.rewrappingFiles) {
            Issue.record("a caught error's text in a new message (locate a FieldError instead, or list the file in ARCHITECTURE.md and here): \(finding)")
        }
        for path in Self.rewrappingFiles {
            #expect(try !Self.findings(of: rewrap, allowedIn: Self.rewrappingFiles.subtracting([path])).isEmpty,
                    "\(path) no longer wraps a caught error: take it off the list")
        }
    }

    /// Each module folder's README ends with "Depends on: …", the same modules as its row of the module table
    /// (which `ImportGraphTests` holds equal to Package.swift).
    @Test func moduleReadmesNameTheirDependenciesAsTheTableDoes() throws {
        let root = ImportGraphTests.repository
        let table = try ModuleTable(markdown: String(contentsOf: root.appendingPathComponent("ARCHITECTURE.md"), encoding: .utf8))
        var checked = 0
        for row in table.rows {
            for module in row.modules {
                let readme = root.appendingPathComponent("Sources/\(module)/README.md")
                guard let text = try? String(contentsOf: readme, encoding: .utf8),
                      let line = text.split(separator: "\n").first(where: { $0.hasPrefix("Depends on: ") }) else { continue }
                let listed = line.dropFirst("Depends on: ".count).trimmingCharacters(in: CharacterSet(charactersIn: ". "))
                    .split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
                #expect(Set(listed) == Set(row.dependencies), "Sources/\(module)/README.md: Depends on \(listed), the table says \(row.dependencies)")
                checked += 1
            }
        }
        #expect(checked >= 15, "the module READMEs say what they depend on")
    }
}
