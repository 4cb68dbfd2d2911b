/// A value with a one-line text form, read by a parser that throws `FieldError`: a smoother spec, a screen, a sweep,
/// a trajectory format, a frame size. The text becomes the value where it enters, once — on the command line through
/// `transform: T.init(parsing:)` (argument-parser names the flag), in a suite file through `Decodable` — and the value
/// is passed on from there.
public protocol TextParsable: Decodable {
    init(parsing text: String) throws
}

extension TextParsable {
    public init(from decoder: any Decoder) throws {
        try self.init(parsingTextFrom: decoder)
    }

    /// Decodes the text and parses it. The parser's `FieldError` leaves as the underlying error of a `DecodingError`
    /// at this value's coding path (`FieldError.decodingError(at:)`), so the suite names its file, line and entry:
    /// `parallax.yml:9: smoothers[1].ema.alpha: expected alpha ∈ (0, 1], found 1.5`. (An enum with raw values
    /// calls it from its own `init(from:)`: the compiler's synthesized one would win over the default above.)
    public init(parsingTextFrom decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        do { self = try Self(parsing: text) } catch let error as FieldError {
            throw error.decodingError(at: decoder.codingPath)
        }
    }
}
