import Foundation
import Plumbing
import Tracking
import Vocabulary
import Yams

/// Reads a suite file. Every problem — YAML syntax, an unknown key, a wrong type, a missing file — becomes one
/// `SuiteError` naming `file:line` and the field.
package struct SuiteLoader {
    package let path: String
    let root: Node
    /// The directory relative paths in the suite are resolved against.
    package let directory: String

    package init(path: String) throws {
        guard let data = (try? FileContents.read(path)).map({ Data($0) }) else {
            throw SuiteError(file: path, line: nil, message: FileManager.default.fileExists(atPath: path) ? "cannot read the suite file" : "no such suite file")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw SuiteError(file: path, line: nil, message: "not UTF-8 text")
        }
        try self.init(path: path, text: text)
    }

    /// A suite's text as if it were the file at `path` (its relative paths resolved beside it): `parallax init`
    /// measures the suite it is about to write.
    package init(path: String, text: String) throws {
        self.path = path
        directory = (path as NSString).deletingLastPathComponent
        do {
            try YAMLAliasBudget.check(text)
        } catch {
            throw SuiteError(file: path, line: error.line, message: error.description)
        }
        do {
            guard let node = try Yams.compose(yaml: text) else {
                throw SuiteError(file: path, line: 1, message: "the suite file is empty")
            }
            root = node
        } catch let error as YamlError {
            throw SuiteError(file: path, line: Self.line(of: error), message: "YAML syntax error: \(Self.reason(of: error))")
        }
    }

    package func load() throws -> Suite {
        let suite: Suite
        do {
            suite = try YAMLDecoder().decode(Suite.self, from: root)
        } catch let error as DecodingError {
            // A value parser's error (a smoother, a screen), carried whole: located as any value's error is.
            if let carried = FieldError(error) { throw located(carried, under: FieldPath()) }
            throw SuiteError(file: path, line: line(at: error.codingPath.map { $0.intValue.map(PathStep.index) ?? .key($0.stringValue) }),
                             message: error.fieldDescription)
        }
        try checkFiles(suite)
        return suite
    }

    /// A suite-relative path resolved against the suite's directory.
    package func resolve(_ relative: String) -> String {
        relative.hasPrefix("/") || directory.isEmpty ? relative : (directory as NSString).appendingPathComponent(relative)
    }

    enum PathStep { case key(String), index(Int) }

    /// The line of the deepest node along `steps` that exists (1-based).
    func line(at steps: [PathStep]) -> Int? {
        var node = root
        var line = node.mark?.line
        for step in steps {
            let next: Node?
            switch step {
            case .key(let key): next = node.mapping?[key]
            case .index(let index): next = node.sequence.flatMap { index < $0.count ? $0[index] : nil }
            }
            guard let next else { break }
            node = next
            line = next.mark?.line ?? line
        }
        return line
    }

    private func checkFiles(_ suite: Suite) throws {
        func require(_ relative: String, _ steps: [PathStep], what: String) throws {
            let resolved = resolve(relative)
            guard FileManager.default.fileExists(atPath: resolved) else {
                throw SuiteError(file: path, line: line(at: steps), message: "\(describe(steps)): no such \(what) '\(relative)' (looked for \(resolved))")
            }
        }
        for (i, trace) in suite.traces.enumerated() where trace.builtin == nil {
            try require(trace.file ?? trace.spec!, [.key("traces"), .index(i)], what: trace.file != nil ? "trace file" : "trace spec")
        }
        if let app = suite.app {
            var isDirectory: ObjCBool = false
            let resolved = resolve(app.source)
            guard FileManager.default.fileExists(atPath: resolved, isDirectory: &isDirectory), isDirectory.boolValue else {
                throw SuiteError(file: path, line: line(at: [.key("app"), .key("source")]),
                                 message: "app.source: no such app source folder '\(app.source)' (looked for \(resolved))")
            }
        }
        for (i, frame) in suite.frames.enumerated() {
            if frame.app && suite.app == nil {
                throw SuiteError(file: path, line: line(at: [.key("frames"), .index(i), .key("app")]),
                                 message: "frames[\(i)].app: expected the suite's app: {source: DIR} (a frame of the app's own scene needs its code)")
            }
            if let trace = frame.trace {
                guard suite.traces.contains(where: { $0.name == trace }) || FileManager.default.fileExists(atPath: resolve(trace)) else {
                    throw SuiteError(file: path, line: line(at: [.key("frames"), .index(i), .key("trace")]),
                                     message: "frames[\(i)].trace: '\(trace)' is neither a trace of the suite (\(suite.traces.map(\.name).joined(separator: ", "))) nor a file")
                }
            }
            if let splat = frame.scene.splat {
                try require(splat, [.key("frames"), .index(i), .key("scene"), .key("splat")], what: "splat scene")
            }
            for (face, texture) in frame.scene.textures.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
                try require(texture, [.key("frames"), .index(i), .key("scene"), .key("textures"), .key(face.rawValue)], what: "texture")
            }
        }
    }

    private func describe(_ steps: [PathStep]) -> String {
        var text = ""
        for step in steps {
            switch step {
            case .key(let key): text += text.isEmpty ? key : ".\(key)"
            case .index(let index): text += "[\(index)]"
            }
        }
        return text
    }

    static func line(of error: YamlError) -> Int? {
        switch error {
        case .scanner(_, _, let mark, _), .parser(_, _, let mark, _), .composer(_, _, let mark, _): return mark.line
        case .duplicatedKeysInMapping(_, let context): return context.mark.line
        default: return nil
        }
    }

    static func reason(of error: YamlError) -> String {
        switch error {
        case .scanner(_, let problem, _, _), .parser(_, let problem, _, _), .composer(_, let problem, _, _): return problem
        case .reader(let problem, _, _, _): return problem
        case .duplicatedKeysInMapping(let duplicates, _): return "duplicated keys \(duplicates.joined(separator: ", "))"
        // Yams' descriptions quote the offending text on further lines; the message stays one line.
        default: return "\(error)".split(separator: "\n").first.map(String.init) ?? "\(error)"
        }
    }

    /// Errors about a value found while running (a trace not in the suite, a time past a trace's end) with the
    /// line of the suite entry that holds it.
    func error(_ message: String, at steps: [PathStep]) -> SuiteError {
        SuiteError(file: path, line: line(at: steps), message: message)
    }

    /// A library's error about the value at `entry`, as the suite reads it: this file, the line of the deepest
    /// node of the full path that exists, and `entry` in front of the error's own path
    /// (`parallax.yml:9: smoothers[1].ema.alpha: expected alpha ∈ (0, 1], found 1.5`). An error that already
    /// names its own file (a spec file's field) is left as it is.
    package func located(_ error: FieldError, under entry: FieldPath) -> FieldError {
        guard error.file == nil else { return error }
        var located = error.under(entry)
        located.file = path
        located.line = line(at: located.path.steps.compactMap { step -> PathStep? in
            switch step {
            case .key(let key): return .key(key)
            case .index(let index): return .index(index)
            case .flag: return nil
            }
        })
        return located
    }

    /// `body`'s result; a `FieldError` it throws about the value at `entry` comes back `located` in the suite.
    func value<T>(at entry: FieldPath, _ body: () throws -> T) throws -> T {
        do { return try body() } catch let error as FieldError { throw located(error, under: entry) }
    }
}

/// A suite that cannot be run as written: `parallax.yml:12: frames[1].scene.cube: …` (exit 2).
package struct SuiteError: Error, CustomStringConvertible {
    package var file: String
    package var line: Int?
    package var message: String
    package var description: String { "\(file)\(line.map { ":\($0)" } ?? ""): \(message)" }
}
