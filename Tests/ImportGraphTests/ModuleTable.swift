import Foundation

/// ARCHITECTURE.md's module table: the first Markdown table under the "## Modules" heading, one row per
/// module or group of modules, its first column the modules (in backticks) and its last their dependencies
/// (comma-separated, "—" for none), in the table's top-to-bottom order.
struct ModuleTable {
    struct Row: Equatable {
        var modules: [String]
        var dependencies: [String]
        /// 1-based line in the document.
        var line: Int
    }

    struct ReadError: Error, CustomStringConvertible {
        var description: String
    }

    var rows: [Row]

    init(markdown: String) throws {
        let lines = markdown.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let heading = lines.firstIndex(where: { $0.hasPrefix("## Modules") }) else {
            throw ReadError(description: "ARCHITECTURE.md: no \"## Modules\" heading")
        }
        guard let start = lines[heading...].firstIndex(where: { $0.hasPrefix("|") }) else {
            throw ReadError(description: "ARCHITECTURE.md: no table under \"## Modules\"")
        }
        var rows: [Row] = []
        // Row 0 is the header, row 1 the |---| separator.
        for index in (start + 2)..<lines.count {
            let line = lines[index]
            guard line.hasPrefix("|") else { break }
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).dropFirst().dropLast()
                .map { $0.trimmingCharacters(in: .whitespaces) }
            guard let first = cells.first, let last = cells.last, cells.count >= 2 else {
                throw ReadError(description: "ARCHITECTURE.md:\(index + 1): expected | modules | … | depends on |")
            }
            rows.append(Row(modules: Self.names(first), dependencies: last == "—" ? [] : Self.names(last), line: index + 1))
        }
        self.rows = rows
    }

    /// "`A`, `B`" or "A, B" → ["A", "B"].
    private static func names(_ cell: String) -> [String] {
        cell.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "`")) }
            .filter { !$0.isEmpty }
    }
}
