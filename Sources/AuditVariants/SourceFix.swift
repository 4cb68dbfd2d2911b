import Audit
import DeviceFacts

/// One change to one of the app's files: a run of consecutive lines, compared without their indentation or a trailing
/// `//` comment, replaced by other lines indented as the first one found (their own relative indentation kept). It
/// must match exactly once.
package struct SourceEdit: Sendable {
    /// The file's name (found by name below the app's folder, as the replay finds it).
    package var file: String
    package var find: [String]
    package var replacement: [String]
    /// Whether the lines found stay, `replacement` added after them.
    package var keepsFound = false
    /// Whether the one line of `find` is matched as the start of a line's code (the rest is what the edit replaces).
    package var matchesStart = false

    /// Replaces `find` by `replacement`.
    package init(in file: String, replacing find: [String], with replacement: [String]) {
        self.file = file
        self.find = find
        self.replacement = replacement
    }

    /// Replaces the one line whose code starts with `start` by `line`.
    package init(in file: String, replacingLineStartingWith start: String, with line: String) {
        self.init(in: file, replacing: [start], with: [line])
        matchesStart = true
    }

    /// Keeps the line `anchor` as it is and adds `lines` after it.
    package init(in file: String, after anchor: String, adding lines: [String]) {
        self.init(in: file, replacing: [anchor], with: lines)
        keepsFound = true
    }

    /// `text` with the edit made, or why it cannot be (the target not found, or found more than once).
    package func apply(to text: String) throws(SourceFixError) -> String {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let wanted = find.map(Self.code)
        let starts = lines.indices.filter { start in
            start + wanted.count <= lines.count && wanted.indices.allSatisfy { k in
                matchesStart ? Self.code(lines[start + k]).hasPrefix(wanted[k]) : Self.code(lines[start + k]) == wanted[k]
            }
        }
        guard starts.count == 1, let start = starts.first else {
            throw SourceFixError(reason: "\(file): \(starts.isEmpty ? "not found" : "found \(starts.count) times"): '\(wanted[0])'" + (wanted.count > 1 ? " (+\(wanted.count - 1) lines)" : ""))
        }
        let indentation = String(lines[start].prefix { $0 == " " || $0 == "\t" })
        let added = replacement.map { $0.isEmpty ? "" : indentation + $0 }
        lines.replaceSubrange(start..<(start + wanted.count), with: (keepsFound ? Array(lines[start..<(start + wanted.count)]) : []) + added)
        return lines.joined(separator: "\n")
    }

    /// A line's code: without indentation or a trailing `//` comment.
    static func code(_ line: String) -> String {
        let text = line.range(of: " //").map { String(line[..<$0.lowerBound]) } ?? line
        return text.trimmingCharacters(in: .whitespaces)
    }
}

/// Why a fix cannot be made on this app's code (its target text moved), or does not build.
package struct SourceFixError: Error, Sendable, Equatable {
    package var reason: String

    package init(reason: String) { self.reason = reason }
}

/// A check's fix as edits to the app's own files (`AppFixes`): what the audit applies, builds and replays before it
/// offers the patch. A fix may have another way to make it (`variants`), for code another fix has already changed
/// (all.diff applies every fix in turn): the first whose edits all apply is used.
package struct SourceFix: Sendable {
    package var check: AuditCheckID
    package var variants: [[SourceEdit]]
    /// Hypotheses the edit itself rests on beyond its check's (its patch header names them).
    package var restsOn: Set<AuditAssumption>

    package init(check: AuditCheckID, edits: [SourceEdit], orOnceAnotherFixIsIn others: [[SourceEdit]] = [], restsOn: Set<AuditAssumption> = []) {
        self.check = check
        variants = [edits] + others
        self.restsOn = restsOn
    }

    /// The files' texts (by name) with every edit of the first variant that applies made, in order; else why the
    /// first cannot be made.
    func apply(to files: [String: String]) throws(SourceFixError) -> [String: String] {
        var firstError: SourceFixError?
        for edits in variants {
            do {
                return try Self.apply(edits, to: files)
            } catch {
                firstError = firstError ?? error
            }
        }
        throw firstError ?? SourceFixError(reason: "no edits")
    }

    private static func apply(_ edits: [SourceEdit], to files: [String: String]) throws(SourceFixError) -> [String: String] {
        var edited = files
        for edit in edits {
            guard let text = edited[edit.file] else { throw SourceFixError(reason: "\(edit.file): no such file among the app's") }
            edited[edit.file] = try edit.apply(to: text)
        }
        return edited
    }
}
