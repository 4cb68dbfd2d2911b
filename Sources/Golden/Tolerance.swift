import Foundation
import Plumbing
import Vocabulary

/// The limits a frame comparison must stay within. A limit set to nil is off (not checked).
///
/// Defaults (used for every limit a spec does not name):
/// - `max-channel-diff` 2: a pixel "differs" when its largest |golden − actual| over R, G, B, A exceeds this.
/// - `max-over-fraction` 0.0005: at most this fraction of pixels may differ (the primary gate).
/// - `max-over-pixels` off: an absolute cap on differing pixels.
/// - `min-ssim` 0.98: the mean of the SSIM map must be at least this.
/// - `min-ssim-local` 0.90: the minimum of the SSIM map must be at least this (catches a local regression
///   that the mean dilutes).
/// - `min-psnr` off: PSNR (RGB, dB) must be at least this.
///
/// Spec text: `max-channel-diff=2,max-over-fraction=0.0005,min-ssim=0.98`; `key: value` works as well as
/// `key=value`, separators may be commas or newlines, optional `{ }` around it (a YAML flow or block
/// mapping), and `off` disables a limit. Unknown keys and out-of-range values are errors.
public struct Tolerance: Sendable, Equatable, Codable, CustomStringConvertible {
    public var maxChannelDiff: Int
    public var maxOverFraction: Double?
    public var maxOverPixels: Int?
    public var minSSIM: Double?
    public var minSSIMLocal: Double?
    public var minPSNR: Double?

    public init(maxChannelDiff: Int = 2, maxOverFraction: Double? = 0.0005, maxOverPixels: Int? = nil,
                minSSIM: Double? = 0.98, minSSIMLocal: Double? = 0.90, minPSNR: Double? = nil) {
        self.maxChannelDiff = maxChannelDiff
        self.maxOverFraction = maxOverFraction
        self.maxOverPixels = maxOverPixels
        self.minSSIM = minSSIM
        self.minSSIMLocal = minSSIMLocal
        self.minPSNR = minPSNR
    }

    /// Every pixel must match exactly; SSIM and PSNR limits off.
    public static let exact = Tolerance(maxChannelDiff: 0, maxOverFraction: nil, maxOverPixels: 0, minSSIM: nil, minSSIMLocal: nil)

    public static let keys = ["max-channel-diff", "max-over-fraction", "max-over-pixels", "min-ssim", "min-ssim-local", "min-psnr"]

    /// Parses a spec; limits it does not name keep the defaults (or the values of `base`).
    public init(parsing text: String, base: Tolerance = Tolerance()) throws {
        self = base
        var body = text.trimmed(" \t\r\n")
        if body.hasPrefix("{") && body.hasSuffix("}") { body = String(body.dropFirst().dropLast()) }
        var seen: Set<String> = []
        for rawItem in body.split(whereSeparator: { $0 == "," || $0 == "\n" }) {
            let item = rawItem.trimmed(" \t\r")
            if item.isEmpty || item.hasPrefix("#") { continue }
            guard let separator = item.firstIndex(where: { $0 == "=" || $0 == ":" }) else {
                throw FieldError("tolerance", expected: "key=value or key: value (keys: \(Self.keys.joined(separator: ", ")))", found: "'\(item)'")
            }
            let key = item[..<separator].trimmed(" \t").replacingOccurrences(of: "_", with: "-")
            let value = item[item.index(after: separator)...].trimmed(" \t\"'")
            guard Self.keys.contains(key) else {
                throw FieldError("tolerance", expected: "one of the keys \(Self.keys.joined(separator: ", "))", found: "an unknown key '\(key)'")
            }
            guard seen.insert(key).inserted else {
                throw FieldError(Self.field(key), expected: "each key once", found: "'\(key)' given twice")
            }
            try set(key, value)
        }
    }

    private mutating func set(_ key: String, _ value: String) throws {
        let off = ["off", "none", "null", "~"].contains(value.lowercased())
        func number(_ range: ClosedRange<Double>, _ what: String) throws -> Double? {
            if off { return nil }
            guard let number = Double(value), number.isFinite, range.contains(number) else {
                throw FieldError(Self.field(key), expected: "\(what) or off", found: "'\(value)'")
            }
            return number
        }
        func integer(_ range: ClosedRange<Int>, _ what: String) throws -> Int? {
            if off { return nil }
            guard let number = Int(value), range.contains(number) else {
                throw FieldError(Self.field(key), expected: what + (key == "max-channel-diff" ? "" : " or off"), found: "'\(value)'")
            }
            return number
        }
        switch key {
        case "max-channel-diff":
            if off { throw FieldError(Self.field(key), expected: "an integer 0...255 (it cannot be off)", found: "'\(value)'") }
            maxChannelDiff = try integer(0...255, "an integer 0...255")!
        case "max-over-fraction": maxOverFraction = try number(0...1, "a fraction 0...1")
        case "max-over-pixels": maxOverPixels = try integer(0...Int.max, "a pixel count ≥ 0")
        case "min-ssim": minSSIM = try number(-1...1, "an SSIM value -1...1")
        case "min-ssim-local": minSSIMLocal = try number(-1...1, "an SSIM value -1...1")
        case "min-psnr": minPSNR = try number(0...1000, "a PSNR in dB ≥ 0")
        default: throw FieldError("tolerance", expected: "one of the keys \(Self.keys.joined(separator: ", "))", found: "an unknown key '\(key)'")
        }
    }

    /// A limit's place in a spec: `tolerance.min-ssim` (a key holds dashes, so it is not split like a dotted path).
    private static func field(_ key: String) -> FieldPath { FieldPath([.key("tolerance"), .key(key)]) }

    /// The spec text of every limit (off limits included), in `key=value` form; parses back to `self`.
    public var description: String {
        func show(_ value: Double?) -> String { value.map(NumberText.format) ?? "off" }
        return [
            "max-channel-diff=\(maxChannelDiff)",
            "max-over-fraction=\(show(maxOverFraction))",
            "max-over-pixels=\(maxOverPixels.map(String.init) ?? "off")",
            "min-ssim=\(show(minSSIM))",
            "min-ssim-local=\(show(minSSIMLocal))",
            "min-psnr=\(show(minPSNR))",
        ].joined(separator: ",")
    }

    // Codable with the spec's keys (suite files): unknown keys are errors, unnamed keys keep defaults.
    private struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    public init(from decoder: Decoder) throws {
        self.init()
        let container = try decoder.container(keyedBy: Key.self)
        for key in container.allKeys {
            let name = key.stringValue.replacingOccurrences(of: "_", with: "-")
            guard Self.keys.contains(name) else {
                throw DecodingError.dataCorruptedError(forKey: key, in: container,
                    debugDescription: "unknown tolerance key '\(key.stringValue)'; expected one of \(Self.keys.joined(separator: ", "))")
            }
            let text: String
            if try container.decodeNil(forKey: key) { text = "off" }
            else if let string = try? container.decode(String.self, forKey: key) { text = string }
            else if let number = try? container.decode(Double.self, forKey: key) {
                text = NumberText.format(number)
            } else {
                throw DecodingError.dataCorruptedError(forKey: key, in: container, debugDescription: "expected a number or off")
            }
            // The coding path names the key; the message says what is wrong with its value.
            do { try set(name, text) } catch let error as FieldError {
                throw DecodingError.dataCorruptedError(forKey: key, in: container, debugDescription: error.problem)
            }
        }
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(maxChannelDiff, forKey: Key(stringValue: "max-channel-diff"))
        try container.encode(maxOverFraction, forKey: Key(stringValue: "max-over-fraction"))
        try container.encode(maxOverPixels, forKey: Key(stringValue: "max-over-pixels"))
        try container.encode(minSSIM, forKey: Key(stringValue: "min-ssim"))
        try container.encode(minSSIMLocal, forKey: Key(stringValue: "min-ssim-local"))
        try container.encode(minPSNR, forKey: Key(stringValue: "min-psnr"))
    }
}

extension String {
    func trimmed(_ set: String) -> String {
        var start = startIndex, end = endIndex
        while start < end, set.contains(self[start]) { start = index(after: start) }
        while end > start, set.contains(self[index(before: end)]) { end = index(before: end) }
        return String(self[start..<end])
    }
}

extension Substring {
    func trimmed(_ set: String) -> String { String(self).trimmed(set) }
}
