extension Vec3 {
    /// Parses `x,y,z`: three finite numbers (meters in every use), e.g. a head position on the command line.
    public init(parsing text: String) throws {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
            .map { Double($0.trimmingCharacters(in: .whitespaces)) }
        guard parts.count == 3, let x = parts[0], let y = parts[1], let z = parts[2], Vec3(x, y, z).isFinite else {
            throw Vec3ParseError(text: text)
        }
        self.init(x, y, z)
    }

    /// `x,y,z` as `init(parsing:)` reads it (shortest round-trip numbers).
    public var commaSeparated: String { "\(x),\(y),\(z)" }
}

public struct Vec3ParseError: Error, CustomStringConvertible, Equatable {
    public var text: String
    public var description: String { "expected x,y,z (three finite numbers in meters), found '\(text)'" }
}
