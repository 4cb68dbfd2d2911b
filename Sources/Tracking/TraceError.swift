/// A trace that cannot be read, with where and why: `file:line: column N 'name': expected …, found …`.
public struct TraceError: Error, CustomStringConvertible, Equatable {
    public var file: String
    public var line: Int?
    public var column: Int?
    public var columnName: String?
    public var message: String

    public init(file: String, line: Int? = nil, column: Int? = nil, columnName: String? = nil, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.columnName = columnName
        self.message = message
    }

    public var description: String {
        var text = file
        if let line { text += ":\(line)" }
        text += ": "
        if let column {
            text += "column \(column)"
            if let columnName { text += " '\(columnName)'" }
            text += ": "
        }
        return text + message
    }
}
