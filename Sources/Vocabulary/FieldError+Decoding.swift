/// A `FieldError` crossing a decoder: a value parsed while a suite file is decoded throws it as a `DecodingError`
/// carrying the error whole, and the file's reader takes it back out, placed under the coding path, to add its file
/// and line (`SuiteLoader`). Its text is the parser's; nobody re-wraps it.
extension FieldError {
    /// This error about the value at `codingPath`, as a decoder throws it.
    public func decodingError(at codingPath: [any CodingKey]) -> DecodingError {
        .dataCorrupted(DecodingError.Context(codingPath: codingPath, debugDescription: description, underlyingError: self))
    }

    /// The `FieldError` a decoding error carries (see `decodingError(at:)`), its path under the coding path; nil for
    /// any other decoding error.
    public init?(_ error: DecodingError) {
        guard case .dataCorrupted(let context) = error, let carried = context.underlyingError as? FieldError else { return nil }
        self = carried.under(FieldPath(codingPath: context.codingPath))
    }
}

extension KeyedDecodingContainer {
    /// The value at `key` read through `parse`, a parser whose errors name its own field (`SweepSpec`:
    /// `smoother.ema.alpha`, `ParameterRange(_:name:)`: `movement_scale`): its `FieldError` is placed under this
    /// container, not under `key`, so that the field is named once (`tune.smoother.ema.alpha`).
    public func decode<Text: Decodable, Value>(_ key: Key, parsedBy parse: (Text) throws -> Value) throws -> Value {
        let text = try decode(Text.self, forKey: key)
        do { return try parse(text) } catch let error as FieldError { throw error.decodingError(at: codingPath) }
    }

    /// `decode(_:parsedBy:)` for an optional key: nil when the key is absent.
    public func decodeIfPresent<Text: Decodable, Value>(_ key: Key, parsedBy parse: (Text) throws -> Value) throws -> Value? {
        guard let text = try decodeIfPresent(Text.self, forKey: key) else { return nil }
        do { return try parse(text) } catch let error as FieldError { throw error.decodingError(at: codingPath) }
    }
}
