/// Vectors are written as `[x, y, z]` in YAML and JSON.
extension Vec3: Codable {
    public init(from decoder: Decoder) throws {
        var container = try decoder.unkeyedContainer()
        if let count = container.count, count != 3 {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "expected [x, y, z] (3 numbers), found \(count) values")
        }
        let x = try container.decode(Double.self)
        let y = try container.decode(Double.self)
        let z = try container.decode(Double.self)
        self.init(x, y, z)
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.unkeyedContainer()
        try container.encode(x)
        try container.encode(y)
        try container.encode(z)
    }
}
