import Foundation

/// The targets Package.swift declares, read from its text: every `.target`, `.executableTarget`, `.testTarget`,
/// `.systemLibrary` and `.plugin` call with its name, folder and dependencies, whether or not an environment switch
/// (`PARALLAX_FUZZ`) adds it. Read as text rather than through `swift package dump-package`, which waits for the
/// build lock that `swift test` holds. A manifest form this reader does not know fails the test instead of
/// being skipped, so the check cannot silently go blind.
struct PackageManifest {
    struct Target: Equatable {
        enum Kind: String {
            case regular = "target", executable = "executableTarget", test = "testTarget", system = "systemLibrary", plugin
        }

        var name: String
        var kind: Kind
        /// The folder relative to the package root (`path:`, or SwiftPM's default).
        var directory: String
        /// Sub-paths of `directory` that are not sources (`exclude:`).
        var excluded: [String]
        /// Other targets of this package, by name.
        var targetDependencies: [String]
        /// Products of package dependencies, by product name.
        var productDependencies: [String]

        var dependencies: [String] { targetDependencies + productDependencies }
    }

    struct ReadError: Error, CustomStringConvertible {
        var description: String
    }

    var targets: [Target]

    func target(named name: String) -> Target? { targets.first { $0.name == name } }

    init(text: String) throws {
        let code = Self.strippingComments(text)
        var targets: [Target] = []
        let call = try NSRegularExpression(pattern: #"\.(target|executableTarget|testTarget|systemLibrary|binaryTarget|plugin|macro)\("#)
        for match in call.matches(in: code, range: NSRange(code.startIndex..., in: code)) {
            let label = String(code[Range(match.range(at: 1), in: code)!])
            let open = code.index(code.startIndex, offsetBy: match.range.upperBound - 1)
            // `.target(name:)` inside a dependency list names a dependency, not a declaration; it is read there.
            if Self.isInsideDependencyList(code, at: open) { continue }
            guard let kind = Target.Kind(rawValue: label) else {
                throw ReadError(description: "Package.swift: .\(label)(…) is not a target kind the import-graph check reads; teach PackageManifest about it")
            }
            let arguments = try Self.balanced(code, from: open)
            targets += try Self.targets(kind: kind, arguments: arguments, in: code)
        }
        guard !targets.isEmpty else { throw ReadError(description: "Package.swift: no targets found") }
        if code.contains("dependencies.append") || code.contains("dependencies +=") {
            throw ReadError(description: "Package.swift: a target's dependencies are changed after its declaration; declare them in the target so that they can be read")
        }
        self.targets = targets
    }

    /// One declaration, or one per name when the name is a loop variable (`for name in list { .target(name: name, …) }`).
    private static func targets(kind: Target.Kind, arguments: String, in code: String) throws -> [Target] {
        let nameArgument = try argument("name", in: arguments).map { $0.trimmingCharacters(in: .whitespaces) }
        guard let nameArgument else { throw ReadError(description: "Package.swift: a .\(kind.rawValue)(…) without name: \(arguments.prefix(60))") }
        let names: [String]
        var variable: String?
        if let literal = stringLiteral(nameArgument) {
            names = [literal]
        } else {
            variable = nameArgument
            names = try loopValues(of: nameArgument, in: code)
        }
        let dependencies = try argument("dependencies", in: arguments).map(dependencyItems) ?? []
        let excluded = try argument("exclude", in: arguments).map { list in try items(of: list).compactMap(stringLiteral) } ?? []
        if try argument("sources", in: arguments) != nil {
            throw ReadError(description: "Package.swift: sources: is not read by the import-graph check; teach PackageManifest about it")
        }
        let pathArgument = try argument("path", in: arguments)
        return try names.map { name in
            var directory = (kind == .test ? "Tests/" : kind == .plugin ? "Plugins/" : "Sources/") + name
            if let pathArgument {
                var path = pathArgument.trimmingCharacters(in: .whitespaces)
                if let variable { path = path.replacingOccurrences(of: "\\(\(variable))", with: name) }
                guard let literal = stringLiteral(path) else { throw ReadError(description: "Package.swift: \(name): path: expected a string, found \(path)") }
                directory = literal
            }
            return Target(name: name, kind: kind, directory: directory, excluded: excluded,
                          targetDependencies: dependencies.filter { !$0.isProduct }.map(\.name),
                          productDependencies: dependencies.filter(\.isProduct).map(\.name))
        }
    }

    private struct Dependency { var name: String; var isProduct: Bool }

    private static func dependencyItems(_ list: String) throws -> [Dependency] {
        try items(of: list).map { item in
            if let literal = stringLiteral(item) { return Dependency(name: literal, isProduct: false) }
            for (prefix, isProduct) in [(".product(", true), (".target(", false), (".byName(", false)] where item.hasPrefix(prefix) {
                let inner = try balanced(item, from: item.index(item.startIndex, offsetBy: prefix.count - 1))
                if let name = try argument("name", in: inner).flatMap({ stringLiteral($0.trimmingCharacters(in: .whitespaces)) }) {
                    return Dependency(name: name, isProduct: isProduct)
                }
            }
            throw ReadError(description: "Package.swift: dependency \(item): expected \"Name\", .product(name:package:), .target(name:) or .byName(name:)")
        }
    }

    /// The values of `for variable in list`, where `list` is a `let` array of string literals.
    private static func loopValues(of variable: String, in code: String) throws -> [String] {
        guard let loop = code.range(of: #"for\s+\#(variable)\s+in\s+(\w+)"#, options: .regularExpression) else {
            throw ReadError(description: "Package.swift: target name \(variable) is neither a string nor a loop variable")
        }
        let listName = code[loop].split(whereSeparator: \.isWhitespace).last.map(String.init) ?? ""
        guard let declaration = code.range(of: #"let\s+\#(listName)\s*(:[^=]*)?=\s*\["#, options: .regularExpression) else {
            throw ReadError(description: "Package.swift: loop list \(listName) is not a `let` array")
        }
        let list = try balanced(code, from: code.index(before: declaration.upperBound))
        return try items(of: list).map { item in
            guard let literal = stringLiteral(item) else { throw ReadError(description: "Package.swift: \(listName): expected strings, found \(item)") }
            return literal
        }
    }

    // MARK: Text

    /// The text of a labelled argument (`label: value`) at the top level of an argument list, or nil.
    private static func argument(_ label: String, in arguments: String) throws -> String? {
        try items(of: arguments).first { $0.hasPrefix(label + ":") }.map { String($0.dropFirst(label.count + 1)).trimmingCharacters(in: .whitespaces) }
            .map { value in value.hasPrefix("[") ? try balanced(value, from: value.startIndex) : value }
    }

    /// The comma-separated items of a list or argument list (without its brackets), split at depth 0.
    private static func items(of list: String) throws -> [String] {
        var items: [String] = [], current = "", depth = 0, inString = false
        var index = list.startIndex
        while index < list.endIndex {
            let character = list[index]
            if inString {
                current.append(character)
                if character == "\\" { index = list.index(after: index); if index < list.endIndex { current.append(list[index]) } }
                else if character == "\"" { inString = false }
            } else if character == "\"" {
                inString = true; current.append(character)
            } else if "([{".contains(character) {
                depth += 1; current.append(character)
            } else if ")]}".contains(character) {
                depth -= 1; current.append(character)
            } else if character == "," && depth == 0 {
                items.append(current); current = ""
            } else {
                current.append(character)
            }
            index = list.index(after: index)
        }
        items.append(current)
        return items.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.filter { !$0.isEmpty }
    }

    /// The text between the bracket at `open` and its partner, strings skipped.
    private static func balanced(_ text: String, from open: String.Index) throws -> String {
        let closing: Character = ["(": ")", "[": "]", "{": "}"][text[open]] ?? " "
        var depth = 0, inString = false, index = open
        while index < text.endIndex {
            let character = text[index]
            if inString {
                if character == "\\" { index = text.index(after: index) } else if character == "\"" { inString = false }
            } else if character == "\"" {
                inString = true
            } else if character == text[open] {
                depth += 1
            } else if character == closing {
                depth -= 1
                if depth == 0 { return String(text[text.index(after: open)..<index]) }
            }
            index = text.index(after: index)
        }
        throw ReadError(description: "Package.swift: unbalanced \(text[open]) at \(text[open...].prefix(40))")
    }

    /// Whether the call at `open` sits inside a `dependencies: [` list (then it names a dependency).
    private static func isInsideDependencyList(_ code: String, at open: String.Index) -> Bool {
        var depth = 0, index = open
        while index > code.startIndex {
            index = code.index(before: index)
            switch code[index] {
            case ")", "]": depth += 1
            case "(": if depth == 0 { return false } else { depth -= 1 }
            case "[":
                if depth == 0 { return code[..<index].trimmingCharacters(in: .whitespacesAndNewlines).hasSuffix("dependencies:") }
                depth -= 1
            default: break
            }
        }
        return false
    }

    private static func stringLiteral(_ text: String) -> String? {
        guard text.count >= 2, text.hasPrefix("\""), text.hasSuffix("\""), !text.dropFirst().dropLast().contains("\"") else { return nil }
        return String(text.dropFirst().dropLast())
    }

    /// The manifest without `//` comments (strings kept whole, so a URL's `//` stays).
    private static func strippingComments(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            var inString = false, previous: Character = " ", index = line.startIndex
            while index < line.endIndex {
                let character = line[index]
                if character == "\"" && previous != "\\" { inString.toggle() }
                if !inString && character == "/" && previous == "/" { return String(line[..<line.index(before: index)]) }
                previous = character
                index = line.index(after: index)
            }
            return String(line)
        }.joined(separator: "\n")
    }
}
