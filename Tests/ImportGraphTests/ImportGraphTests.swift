import Foundation
import Testing

/// Package.swift declares exactly what every target imports (Sources, tests, benchmarks and the fuzz targets),
/// and ARCHITECTURE.md's module table says the same, lowest module first. SwiftPM lets a target import any
/// module its dependencies reach, so an undeclared import compiles; this is what catches it.
@Suite struct ImportGraphTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func manifest() throws -> PackageManifest {
        try PackageManifest(text: String(contentsOf: repository.appendingPathComponent("Package.swift"), encoding: .utf8))
    }

    @Test func everyTargetDeclaresExactlyWhatItImports() throws {
        let manifest = try Self.manifest()
        var imports: [String: SourceImports] = [:]
        for target in manifest.targets {
            imports[target.name] = try SourceImports(root: Self.repository, directory: target.directory, excluded: target.excluded)
        }
        for finding in ImportGraph.importFindings(manifest, imports: imports) { Issue.record(Comment(rawValue: finding)) }
    }

    @Test func architectureModuleTableMatchesPackageSwift() throws {
        let table = try ModuleTable(markdown: String(contentsOf: Self.repository.appendingPathComponent("ARCHITECTURE.md"), encoding: .utf8))
        for finding in ImportGraph.tableFindings(try Self.manifest(), table: table) { Issue.record(Comment(rawValue: finding)) }
    }

    /// The reader sees every target the manifest can declare, the fuzz target of its `if` included.
    @Test func theManifestReaderFindsEveryKindOfTarget() throws {
        let manifest = try Self.manifest()
        #expect(manifest.target(named: "Plumbing")?.productDependencies == ["Yams"])
        #expect(manifest.target(named: "CGSL")?.kind == .system)
        #expect(manifest.target(named: "parallax-bench")?.directory == "Benchmarks/parallax-bench")
        #expect(manifest.target(named: "ParallaxFuzz")?.directory == "Fuzz/ParallaxFuzz")
        #expect(manifest.target(named: "ParallaxFuzz")?.targetDependencies == ["FuzzDriver", "FuzzEntryPoints"])
        #expect(manifest.target(named: "ParallaxTestSupport")?.directory == "Tests/ParallaxTestSupport")
        #expect(manifest.target(named: "FuzzEntryPointsTests")?.excluded == ["Regressions"])
    }
}

/// The rules themselves, on small made-up packages: each kind of drift gives its finding.
@Suite struct ImportGraphRuleTests {
    static let manifestText = """
        // swift-tools-version:6.0
        import PackageDescription // https://example.com/a//b
        let names = ["FuzzA", "FuzzB"]
        let package = Package(name: "P", dependencies: [.package(url: "https://github.com/jpsim/Yams", from: "6.0.0")], targets: [
            .target(name: "Low", dependencies: [.product(name: "Yams", package: "Yams")]),
            .target(name: "High", dependencies: ["Low", .target(name: "Mid")]),
            .target(name: "Mid"),
            .executableTarget(name: "tool", dependencies: ["High"]),
            .testTarget(name: "HighTests", dependencies: ["High", "tool"], exclude: ["Data"]),
        ])
        for name in names {
            package.targets.append(.executableTarget(name: name, dependencies: ["Low"], path: "Fuzz/\\(name)"))
        }
        """

    static func imports(_ modules: [String]) -> SourceImports {
        SourceImports(modules: Dictionary(uniqueKeysWithValues: modules.map { ($0, "x.swift:1") }), hasSwiftFiles: true)
    }

    static let truthfulImports: [String: SourceImports] = [
        "Low": imports(["Foundation", "Yams", "CYaml"]), "Mid": imports([]), "High": imports(["Low", "Mid"]),
        "tool": imports(["High"]), "HighTests": imports(["High", "Testing"]), "FuzzA": imports(["Low"]), "FuzzB": imports(["Low"]),
    ]

    @Test func theManifestIsReadWithLoopsPathsExcludesAndProducts() throws {
        let manifest = try PackageManifest(text: Self.manifestText)
        #expect(manifest.targets.map(\.name) == ["Low", "High", "Mid", "tool", "HighTests", "FuzzA", "FuzzB"])
        #expect(manifest.target(named: "High")?.targetDependencies == ["Low", "Mid"])
        #expect(manifest.target(named: "Low")?.productDependencies == ["Yams"])
        #expect(manifest.target(named: "FuzzB")?.directory == "Fuzz/FuzzB")
        #expect(manifest.target(named: "HighTests")?.directory == "Tests/HighTests")
        #expect(manifest.target(named: "HighTests")?.excluded == ["Data"])
        #expect(ImportGraph.importFindings(manifest, imports: Self.truthfulImports).isEmpty)
    }

    @Test func anUndeclaredImportIsFound() throws {
        var imports = Self.truthfulImports
        imports["tool"] = Self.imports(["High", "Low"])
        #expect(ImportGraph.importFindings(try PackageManifest(text: Self.manifestText), imports: imports)
            == ["x.swift:1: tool imports Low, which Package.swift does not declare for tool"])
    }

    @Test func aDeclaredModuleNothingImportsIsFound() throws {
        var imports = Self.truthfulImports
        imports["High"] = Self.imports(["Low"])
        imports["Low"] = Self.imports(["Foundation"])
        #expect(ImportGraph.importFindings(try PackageManifest(text: Self.manifestText), imports: imports) == [
            "Package.swift: Low declares Yams, which no file of Sources/Low imports",
            "Package.swift: High declares Mid, which no file of Sources/High imports",
        ])
    }

    @Test func anUnknownModuleIsFound() throws {
        var imports = Self.truthfulImports
        imports["Mid"] = Self.imports(["Nowhere"])
        #expect(ImportGraph.importFindings(try PackageManifest(text: Self.manifestText), imports: imports)
            == ["x.swift:1: Mid imports Nowhere, which is neither a target of this package, a module of a known product nor a toolchain module"])
    }

    @Test func aDependencyListChangedAfterItsDeclarationIsRefused() {
        #expect(throws: PackageManifest.ReadError.self) {
            try PackageManifest(text: Self.manifestText + "\nfor target in package.targets { target.dependencies.append(\"Low\") }\n")
        }
    }

    static let table = """
        # A

        ## Modules (`Sources/`)

        | module | holds | depends on |
        |---|---|---|
        | `Low` | the bottom | Yams |
        | `Mid`, `Low2` | nothing | — |
        | `High` | the top | Low, Mid |
        | `tool` | the CLI | High |

        After.
        """

    @Test func aTruthfulTableHasNoFindings() throws {
        let manifest = try PackageManifest(text: Self.manifestText)
        let table = try ModuleTable(markdown: Self.table.replacingOccurrences(of: ", `Low2`", with: ""))
        #expect(table.rows.map(\.modules) == [["Low"], ["Mid"], ["High"], ["tool"]])
        #expect(ImportGraph.tableFindings(manifest, table: table).isEmpty)
    }

    @Test func aDriftedTableIsFound() throws {
        let manifest = try PackageManifest(text: Self.manifestText)
        let drifted = Self.table.replacingOccurrences(of: "| the top | Low, Mid |", with: "| the top | Low, tool |")
            .replacingOccurrences(of: "| `tool` | the CLI | High |\n", with: "")
        #expect(ImportGraph.tableFindings(manifest, table: try ModuleTable(markdown: drifted)) == [
            "ARCHITECTURE.md:8: Low2 is not a target under Sources/ in Package.swift",
            "ARCHITECTURE.md: the module table has no row for tool (Sources/tool)",
            "ARCHITECTURE.md:9: High depends on Mid (declared in Package.swift, not in the table); tool (in the table, not declared in Package.swift)",
        ])
    }

    @Test func anUpwardArrowIsFound() throws {
        let manifest = try PackageManifest(text: Self.manifestText)
        let upward = Self.table.replacingOccurrences(of: ", `Low2`", with: "")
            .replacingOccurrences(of: "| `Low` | the bottom | Yams |\n", with: "")
            .replacingOccurrences(of: "| `tool` | the CLI | High |\n", with: "| `tool` | the CLI | High |\n| `Low` | the bottom | Yams |\n")
        #expect(ImportGraph.tableFindings(manifest, table: try ModuleTable(markdown: upward))
            == ["ARCHITECTURE.md:8: High depends on Low, which the table lists in its own row or after it (the table lists the lowest modules first: a module depends only on rows above it)"])
    }

    @Test func everyFormOfImportCountsAndStringsDoNot() {
        let text = """
            import Foundation
            @testable import Alpha
            import struct Beta.Thing
            public import Gamma
            @preconcurrency import Delta
            #if canImport(Epsilon)
              import Epsilon
            #endif
            let code = \"\"\"
            import NotAModule
            \"\"\"
            // import Commented
            let importance = 1
            """
        #expect(SourceImports.imports(in: text).map(\.module) == ["Foundation", "Alpha", "Beta", "Gamma", "Delta", "Epsilon"])
        #expect(SourceImports.imports(in: text).map(\.line) == [1, 2, 3, 4, 5, 7])
    }
}
