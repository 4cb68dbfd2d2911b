import Foundation

/// The import-graph rules: every target declares exactly the modules its Swift files import, and
/// ARCHITECTURE.md's module table says the same, in an order where dependencies point downward only.
/// Each broken rule is one finding, one line naming the target (and the file and line of an import).
enum ImportGraph {
    /// Modules of the Swift toolchain and the platform: imported without a package dependency.
    static let toolchainModules: Set = [
        "Swift", "_Concurrency", "PackagePlugin", "Foundation", "FoundationEssentials", "FoundationInternationalization", "FoundationXML",
        "FoundationNetworking", "Dispatch", "Synchronization", "Glibc", "Musl", "Darwin", "WinSDK", "XCTest", "Testing",
    ]

    /// The modules a product of a package dependency makes importable. Yams's product brings its C target
    /// CYaml, which Yams does not offer as a product of its own (Plumbing reads libyaml's events through it).
    static let productModules: [String: Set<String>] = [
        "Yams": ["Yams", "CYaml"],
        "ArgumentParser": ["ArgumentParser"],
    ]

    /// Findings for imports against declarations. `imports` maps each target name to what its folder imports.
    static func importFindings(_ manifest: PackageManifest, imports: [String: SourceImports]) -> [String] {
        var findings: [String] = []
        let targetNames = Set(manifest.targets.map(\.name))
        for target in manifest.targets where target.kind != .system {
            guard let sources = imports[target.name], sources.hasSwiftFiles else { continue }
            var importable = Set(target.targetDependencies)
            for product in target.productDependencies {
                guard let modules = productModules[product] else {
                    findings.append("Package.swift: \(target.name) declares product \(product), whose modules ImportGraph.productModules does not list")
                    continue
                }
                importable.formUnion(modules)
                if modules.isDisjoint(with: sources.modules.keys) {
                    findings.append("Package.swift: \(target.name) declares \(product), which no file of \(target.directory) imports")
                }
            }
            for (module, place) in sources.modules.sorted(by: { $0.key < $1.key })
            where module != target.name && !toolchainModules.contains(module) && !importable.contains(module) {
                let known = targetNames.contains(module) || productModules.values.contains { $0.contains(module) }
                findings.append(known
                    ? "\(place): \(target.name) imports \(module), which Package.swift does not declare for \(target.name)"
                    : "\(place): \(target.name) imports \(module), which is neither a target of this package, a module of a known product nor a toolchain module")
            }
            for dependency in target.targetDependencies where sources.modules[dependency] == nil {
                // A test target depends on an executable to have it built before the tests run it; a build plugin
                // depends on the executable it runs.
                if manifest.target(named: dependency)?.kind == .executable && (target.kind == .test || target.kind == .plugin) { continue }
                findings.append("Package.swift: \(target.name) declares \(dependency), which no file of \(target.directory) imports")
            }
        }
        return findings
    }

    /// Findings for the module table against the manifest: one row per target under Sources/, each row's
    /// "depends on" equal to the declared dependencies, and every dependency listed in an earlier row (lowest first).
    static func tableFindings(_ manifest: PackageManifest, table: ModuleTable) -> [String] {
        var findings: [String] = []
        let modules = manifest.targets.filter { $0.directory.hasPrefix("Sources/") }
        let moduleNames = Set(modules.map(\.name))
        var rowOf: [String: Int] = [:]
        for (index, row) in table.rows.enumerated() {
            for module in row.modules {
                if rowOf[module] != nil {
                    findings.append("ARCHITECTURE.md:\(row.line): \(module) has a second row")
                } else if !moduleNames.contains(module) {
                    findings.append("ARCHITECTURE.md:\(row.line): \(module) is not a target under Sources/ in Package.swift")
                }
                rowOf[module] = rowOf[module] ?? index
            }
        }
        for module in modules where rowOf[module.name] == nil {
            findings.append("ARCHITECTURE.md: the module table has no row for \(module.name) (\(module.directory))")
        }
        for (index, row) in table.rows.enumerated() {
            for name in row.modules {
                guard let target = manifest.target(named: name) else { continue }
                let declared = Set(target.dependencies), listed = Set(row.dependencies)
                if declared != listed {
                    let missing = declared.subtracting(listed).sorted(), extra = listed.subtracting(declared).sorted()
                    findings.append("ARCHITECTURE.md:\(row.line): \(name) depends on "
                        + [missing.isEmpty ? nil : "\(missing.joined(separator: ", ")) (declared in Package.swift, not in the table)",
                           extra.isEmpty ? nil : "\(extra.joined(separator: ", ")) (in the table, not declared in Package.swift)"]
                        .compactMap { $0 }.joined(separator: "; "))
                }
                for dependency in row.dependencies {
                    if let dependencyRow = rowOf[dependency], dependencyRow >= index {
                        findings.append("ARCHITECTURE.md:\(row.line): \(name) depends on \(dependency), which the table lists in its own row or after it (the table lists the lowest modules first: a module depends only on rows above it)")
                    }
                }
            }
        }
        return findings
    }
}
