/// One bad value in an input, the one error every library parser and validator throws: where it is (a field
/// path, and the file and line when the value came from a file), what was expected and what was found.
/// One line: `parallax.yml:12: traces[1].import.time_unit: expected one of s, ms, us, ns, ticks, found 'x'`.
/// A suite adds its file, line and the entry's path (`SuiteLoader.located`); the CLI roots the path at the
/// flag the value came from (`--time-unit: …`).
public struct FieldError: Error, Hashable, Sendable, CustomStringConvertible {
    public var path: FieldPath
    /// What a valid value looks like: `a rate in (0, 10000] Hz`.
    public var expected: String
    /// What the input held, quoted when it is text (`'fortnights'`); nil when nothing more can be said.
    public var found: String?
    public var file: String?
    /// 1-based.
    public var line: Int?

    public init(_ path: FieldPath, expected: String, found: String? = nil, file: String? = nil, line: Int? = nil) {
        self.path = path
        self.expected = expected
        self.found = found
        self.file = file
        self.line = line
    }

    /// A path written as text (`motion[1].amplitude`, see `FieldPath.init(_:)`).
    public init(_ path: String, expected: String, found: String? = nil, file: String? = nil, line: Int? = nil) {
        self.init(FieldPath(path), expected: expected, found: found, file: file, line: line)
    }

    /// `expected …, found …` without the place; a line break in what was found (a decoded "\n" in a JSON string) is
    /// written as `\n`, so the message stays one line.
    public var problem: String {
        "expected \(expected)" + (found.map { ", found " + Self.oneLine($0) } ?? "")
    }

    static func oneLine(_ text: String) -> String {
        var line = ""
        for character in text {
            switch character {
            case "\n": line += "\\n"
            case "\r": line += "\\r"
            case "\r\n": line += "\\r\\n"
            default: line.append(character)
            }
        }
        return line
    }

    public var description: String {
        var text = ""
        if let file { text += file + (line.map { ":\($0)" } ?? "") + ": " }
        if !path.isEmpty { text += "\(path): " }
        return text + problem
    }

    /// The same error under `prefix`: the value's path inside the entry that holds it.
    public func under(_ prefix: FieldPath) -> FieldError {
        var error = self
        error.path = prefix.appending(path)
        return error
    }

    /// The same error about one element of a sequence, said after what was found: `head: expected finite
    /// x,y,z in meters, found (nan, 0.0, 0.3) at frame 1 (t = 0.0 s)`.
    public func at(_ place: String) -> FieldError {
        var error = self
        error.found = (found.map { "\($0) " } ?? "") + "at \(place)"
        return error
    }

    /// The same error in `file` (at `line`), unless it names a file already.
    public func located(file: String, line: Int? = nil) -> FieldError {
        guard self.file == nil else { return self }
        var error = self
        error.file = file
        error.line = line
        return error
    }

    /// The error as the command line reads it: a path whose first key is in `flags` is rooted at that flag
    /// (`["screens": "--screen"]` turns `screens[1]: …` into `--screen: …`); other paths are left as they are.
    public func naming(flags: [String: String]) -> FieldError {
        guard file == nil, let key = path.firstKey, let flag = flags[key] else { return self }
        var error = self
        error.path = path.rooted(atFlag: flag)
        return error
    }
}
