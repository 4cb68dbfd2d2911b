/// The error of type `Failure` that `body` throws, or nil when it returns normally or throws another type.
public func thrownError<Failure: Error, Result>(_ type: Failure.Type, by body: () throws -> Result) -> Failure? {
    do {
        _ = try body()
        return nil
    } catch {
        return error as? Failure
    }
}
