import Foundation
import Testing

/// Libraries name fields, never command-line flags: a flag in a library's error would be wrong in a suite
/// (`audit: --mode: …`). Only the CLI (`Sources/parallax`) maps a field to its flag.
struct LibraryErrorTextTests {
    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources")

    @Test func noLibraryErrorNamesAFlag() throws {
        // An error-building line (throw, an error initializer) with a string literal holding `--name`; a whole
        // command line to run (`parallax record … --only x`) is advice, not a field, and stays allowed.
        let errorLine = try Regex(#"(throw |Error\(|\.error\()"#)
        let literal = try Regex(#""([^"\\]|\\.)*""#)
        let flag = try Regex(#"--[a-z]"#)
        var offenders: [String] = []
        let files = FileManager.default.enumerator(at: Self.sources, includingPropertiesForKeys: nil)!
        for case let url as URL in files where url.pathExtension == "swift" && !url.path.contains("/Sources/parallax/") {
            let lines = try String(contentsOf: url, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
            // The message may sit on the line after the throw.
            for (number, line) in lines.enumerated() where line.contains(errorLine) || (number > 0 && lines[number - 1].contains(errorLine)) {
                let named = line.matches(of: literal).map { line[$0.range] }.filter { $0.contains(flag) && !$0.contains("parallax ") }
                if !named.isEmpty { offenders.append("\(url.lastPathComponent):\(number + 1): \(line.trimmingCharacters(in: .whitespaces))") }
            }
        }
        #expect(offenders.isEmpty, "library errors naming a CLI flag:\n\(offenders.joined(separator: "\n"))")
    }
}
