/// The names a Swift file declares and uses, read from its text without a compiler: enough for `AppSourceFolder` to
/// find which other files of the app the compiled ones need (ParallaxRecorder.swift, once HeadTrackingService.swift
/// names `ParallaxRecorder`). Comments and string literals are skipped, so a name mentioned only there does not count;
/// `#if` is not evaluated, so a name used only under `#if DEBUG` counts (the file it needs is compiled too).
struct SwiftNames: Equatable {
    /// Types the file declares: the names after `class`, `struct`, `enum`, `actor`, `protocol` and `typealias`
    /// that start with a capital letter or an underscore (so `class func`, `class var` are not types).
    var declaredTypes: Set<String>
    /// Every identifier in the file's code.
    var identifiers: Set<String>

    private static let declarationKeywords: Set<String> = ["class", "struct", "enum", "actor", "protocol", "typealias"]

    init(source: String) {
        let words = Self.words(inCodeOf: Array(source.unicodeScalars))
        identifiers = Set(words)
        var declared = Set<String>()
        for (keyword, name) in zip(words, words.dropFirst()) where Self.declarationKeywords.contains(keyword) {
            if let first = name.unicodeScalars.first, first == "_" || ("A"..."Z").contains(first) { declared.insert(name) }
        }
        declaredTypes = declared
    }

    /// The identifiers and keywords of the code, in order: comments (nested block comments too), string literals
    /// (single-line, multi-line and raw, with their interpolations skipped whole) and `` ` `` quotes removed.
    static func words(inCodeOf text: [Unicode.Scalar]) -> [String] {
        var words: [String] = []
        var i = 0
        func isWordStart(_ c: Unicode.Scalar) -> Bool { c == "_" || c.properties.isAlphabetic }
        func isWord(_ c: Unicode.Scalar) -> Bool { isWordStart(c) || ("0"..."9").contains(c) }
        func at(_ k: Int) -> Unicode.Scalar? { k < text.count ? text[k] : nil }
        while i < text.count {
            let c = text[i]
            if c == "/", at(i + 1) == "/" {
                while i < text.count, text[i] != "\n" { i += 1 }
            } else if c == "/", at(i + 1) == "*" {
                var depth = 0
                repeat {
                    if text[i] == "/", at(i + 1) == "*" { depth += 1; i += 2 } else if text[i] == "*", at(i + 1) == "/" { depth -= 1; i += 2 } else { i += 1 }
                } while depth > 0 && i < text.count
            } else if c == "#" || c == "\"" {
                var hashes = 0
                var k = i
                while at(k) == "#" { hashes += 1; k += 1 }
                guard at(k) == "\"" else {
                    i = k  // a directive (`#if`, `#selector`): its word is read next
                    continue
                }
                let multiline = at(k + 1) == "\"" && at(k + 2) == "\""
                k += multiline ? 3 : 1
                // The closing quote(s) followed by the same number of `#`.
                while k < text.count {
                    if text[k] == "\\", hashes == 0 { k += 2; continue }
                    let quotes = multiline ? 3 : 1
                    if (0..<quotes).allSatisfy({ at(k + $0) == "\"" }), (0..<hashes).allSatisfy({ at(k + quotes + $0) == "#" }) {
                        k += quotes + hashes
                        break
                    }
                    k += 1
                }
                i = k
            } else if isWordStart(c) {
                var k = i
                while k < text.count, isWord(text[k]) { k += 1 }
                words.append(String(String.UnicodeScalarView(text[i..<k])))
                i = k
            } else if ("0"..."9").contains(c) {
                while i < text.count, isWord(text[i]) || text[i] == "." { i += 1 }
            } else {
                i += 1
            }
        }
        return words
    }
}
