import Foundation

/// The modules a target's Swift files import, each with the first place it is imported (`file:line`).
///
/// Every `import` line counts, whatever its form (`@testable import X`, `import struct X.Y`, `public import X`)
/// and whether or not it sits under `#if canImport(…)`: a conditional import of a package module still needs
/// the dependency when the condition holds. Lines inside multi-line string literals are not code.
struct SourceImports {
    /// Module name → `path:line` of its first import (files in path order).
    var modules: [String: String]
    /// Whether the folder holds any Swift file (C targets hold none: their includes are not imports).
    var hasSwiftFiles: Bool

    private static let importLine = try! NSRegularExpression(pattern:
        #"^\s*(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|package|internal|fileprivate|private)\s+)?import\s+(?:(?:typealias|struct|class|enum|protocol|let|var|func)\s+)?([A-Za-z_][A-Za-z0-9_]*)"#)

    init(modules: [String: String], hasSwiftFiles: Bool) {
        self.modules = modules
        self.hasSwiftFiles = hasSwiftFiles
    }

    /// The imports of the Swift files under `directory` (relative to `root`), leaving out `excluded` sub-paths.
    init(root: URL, directory: String, excluded: [String] = []) throws {
        let folder = root.appendingPathComponent(directory)
        let skipped = excluded.map { folder.appendingPathComponent($0).standardizedFileURL.path + "/" }
        var files: [String] = []
        if let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) {
            for case let url as URL in walker where url.pathExtension == "swift" {
                let path = url.standardizedFileURL.path
                if !skipped.contains(where: { path.hasPrefix($0) }) { files.append(path) }
            }
        }
        files.sort()
        var modules: [String: String] = [:]
        for path in files {
            let relative = String(path.dropFirst(root.standardizedFileURL.path.count + 1))
            for (module, line) in Self.imports(in: try String(contentsOfFile: path, encoding: .utf8)) where modules[module] == nil {
                modules[module] = "\(relative):\(line)"
            }
        }
        self.modules = modules
        self.hasSwiftFiles = !files.isEmpty
    }

    /// (module, 1-based line) for every import in a Swift file's text.
    static func imports(in text: String) -> [(module: String, line: Int)] {
        var found: [(String, Int)] = []
        var inMultilineString = false
        for (offset, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let delimiters = line.components(separatedBy: "\"\"\"").count - 1
            if !inMultilineString {
                let string = String(line)
                if let match = importLine.firstMatch(in: string, range: NSRange(string.startIndex..., in: string)),
                   let range = Range(match.range(at: 1), in: string) {
                    found.append((String(string[range]), offset + 1))
                }
            }
            if delimiters % 2 == 1 { inMultilineString.toggle() }
        }
        return found
    }
}
