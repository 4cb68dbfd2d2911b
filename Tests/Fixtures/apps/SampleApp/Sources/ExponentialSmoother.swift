/// y ← w·x + (1 − w)·y, starting from the first value.
struct ExponentialSmoother: Sendable {
    var weight: Float
    private var state: Float?

    init(weight: Float) { self.weight = weight }

    mutating func smooth(_ value: Float) -> Float {
        let next = state.map { weight * value + (1 - weight) * $0 } ?? value
        state = next
        return next
    }

    mutating func reset() { state = nil }
}
