import Foundation
import Geometry
import Plumbing
import Vocabulary

/// Reading a probe: any bytes give a probe or one `FieldError` naming the file and the field
/// (`probe.json: euler_samples[3].matrix: expected 16 finite numbers, found an array of 15`). The JSON is read
/// into a tree first (`JSONDecoder` tells `true` from `1`, which Foundation's `JSONSerialization` does not), then
/// each field is checked where it is read, so the message says what that field holds.
extension DeviceProbe {
    package static func read(contentsOf path: String) throws -> DeviceProbe {
        try decode(FileContents.read(path), file: path)
    }

    /// Every field required, no other key (a misspelt key is an error, not an ignored one); numbers finite,
    /// timestamps strictly increasing, delegate calls in time order, quaternions of non-zero length (normalized
    /// here). How many samples there are is not checked here: too few makes an entry undecided, not the file bad.
    package static func decode(_ bytes: [UInt8], file: String) throws -> DeviceProbe {
        let tree: JSONTree
        do {
            tree = try JSONDecoder().decode(JSONTree.self, from: Data(bytes))
        } catch {
            throw FieldError(FieldPath(), expected: "a device probe (JSON, \"probe\": \(schema))", found: "text that is not JSON (\(JSONTree.syntaxProblem(bytes)))", file: file)
        }
        let root = Field(value: tree, path: FieldPath(), file: file)
        guard case .object(let members) = tree else { throw root.mismatch("a device probe (a JSON object with \"probe\": \(schema))") }
        // The schema first: a file of another version fails on its version, not on a key it adds or spells differently.
        let schemaField = Field(value: members["probe"], path: FieldPath("probe"), file: file)
        guard case .number(let version)? = schemaField.value, version == Double(schema) else {
            throw schemaField.mismatch("\(schema) (the probe schema this parallax reads)")
        }
        let fields = try root.object(keys: ["probe", "device_model", "system_version", "delegate_calls", "arkit_timestamps", "motion_timestamps",
                                            "render_timestamps", "motion_requested_interval", "render_thread", "euler_samples", "attitude_samples"])
        // Read in the file format's order (arguments evaluate left to right), so the first bad field is reported.
        return DeviceProbe(deviceModel: try fields["device_model"]!.string(), systemVersion: try fields["system_version"]!.string(),
                           delegateCalls: try fields["delegate_calls"]!.calls(), arkitTimestamps: try fields["arkit_timestamps"]!.times(),
                           motionTimestamps: try fields["motion_timestamps"]!.times(), renderTimestamps: try fields["render_timestamps"]!.times(),
                           motionRequestedInterval: try fields["motion_requested_interval"]!.interval(),
                           renderThread: try fields["render_thread"]!.choice(RenderThread.self),
                           eulerSamples: try fields["euler_samples"]!.eulerSamples(), attitudeSamples: try fields["attitude_samples"]!.attitudeSamples())
    }
}

/// A JSON value as written: what a field holds, to check it and to say what was found.
private indirect enum JSONTree: Decodable {
    case null, bool(Bool), number(Double), string(String), array([JSONTree]), object([String: JSONTree])

    init(from decoder: Decoder) throws {
        if let single = try? decoder.singleValueContainer() {
            if single.decodeNil() { self = .null; return }
            if let value = try? single.decode(Bool.self) { self = .bool(value); return }
            if let value = try? single.decode(Double.self) { self = .number(value); return }
            if let value = try? single.decode(String.self) { self = .string(value); return }
        }
        if var items = try? decoder.unkeyedContainer() {
            var values: [JSONTree] = []
            while !items.isAtEnd { values.append(try items.decode(JSONTree.self)) }
            self = .array(values)
            return
        }
        if let members = try? decoder.container(keyedBy: AnyCodingKey.self) {
            var values: [String: JSONTree] = [:]
            for key in members.allKeys { values[key.stringValue] = try members.decode(JSONTree.self, forKey: key) }
            self = .object(values)
            return
        }
        // A number no Double holds (1e999): JSONDecoder refuses it as a number and it is nothing else.
        throw DecodingError.dataCorrupted(DecodingError.Context(codingPath: decoder.codingPath, debugDescription: "a number out of range"))
    }

    /// What the value is, for "found …": `'text'`, `2.5`, `true`, `null`, `an array of 3`, `an object`.
    var found: String {
        switch self {
        case .null: return "null"
        case .bool(let value): return "\(value)"
        case .number(let value): return NumberText.format(value)
        case .string(let text): return text.count > 40 ? "'\(text.prefix(40))…'" : "'\(text)'"
        case .array(let values): return "an array of \(values.count)"
        case .object: return "an object"
        }
    }

    /// Where the text stops being JSON, as Foundation's other parser says it ("Invalid value around character 6.");
    /// JSONDecoder's own error names no place. One line.
    static func syntaxProblem(_ bytes: [UInt8]) -> String {
        do {
            _ = try JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed])
            return "a value no number type holds"
        } catch let error as NSError {
            let text = (error.userInfo[NSDebugDescriptionErrorKey] as? String) ?? error.localizedDescription
            return text.split(whereSeparator: \.isNewline).joined(separator: " ").trimmingCharacters(in: CharacterSet(charactersIn: ". "))
        }
    }
}

/// A field being read: its value (nil when the key is missing), where it is, and the file, so that every check
/// throws the same one-line `FieldError`.
private struct Field {
    var value: JSONTree?
    var path: FieldPath
    var file: String

    func mismatch(_ expected: String) -> FieldError {
        FieldError(path, expected: expected, found: value?.found ?? "nothing (the key is missing)", file: file)
    }

    /// The members named `keys` (each present or not: a missing one fails when it is read); another key is an error.
    func object(keys: [String]) throws -> [String: Field] {
        guard case .object(let members)? = value else { throw mismatch("an object with \(keys.joined(separator: ", "))") }
        if let unknown = members.keys.filter({ !keys.contains($0) }).sorted().first {
            throw FieldError(path.appending(FieldPath([.key(unknown)])), expected: "only the keys \(keys.joined(separator: ", "))",
                             found: "another key", file: file)
        }
        return Dictionary(uniqueKeysWithValues: keys.map { ($0, Field(value: members[$0], path: path.appending(FieldPath([.key($0)])), file: file)) })
    }

    func array() throws -> [Field] {
        guard case .array(let values)? = value else { throw mismatch("an array") }
        return values.indices.map { Field(value: values[$0], path: path.appending(FieldPath([.index($0)])), file: file) }
    }

    func number() throws -> Double {
        guard case .number(let number)? = value, number.isFinite else { throw mismatch("a finite number") }
        return number
    }

    func numbers(count: Int) throws -> [Double] {
        guard case .array(let values)? = value, values.count == count else { throw mismatch("\(count) finite numbers") }
        return try array().map { try $0.number() }
    }

    func string() throws -> String {
        guard case .string(let text)? = value else { throw mismatch("a string") }
        return text
    }

    func bool() throws -> Bool {
        guard case .bool(let flag)? = value else { throw mismatch("true or false") }
        return flag
    }

    func choice<Choice: RawRepresentable & CaseIterable>(_: Choice.Type) throws -> Choice where Choice.RawValue == String {
        guard case .string(let text)? = value, let choice = Choice(rawValue: text) else {
            let names = Choice.allCases.map(\.rawValue)
            throw mismatch(names.dropLast().joined(separator: ", ") + " or " + names.last!)
        }
        return choice
    }

    /// Seconds, strictly increasing.
    func times() throws -> [Double] {
        let items = try array()
        var times: [Double] = []
        times.reserveCapacity(items.count)
        for item in items {
            let t = try item.number()
            if let previous = times.last, t <= previous {
                throw item.mismatch("a time after the previous \(NumberText.format(previous)) s (timestamps strictly increase)")
            }
            times.append(t)
        }
        return times
    }

    /// Delegate calls, in time order (equal times allowed: one frame may bring two calls).
    func calls() throws -> [DeviceProbe.Call] {
        let items = try array()
        var calls: [DeviceProbe.Call] = []
        for item in items {
            let fields = try item.object(keys: ["t", "call", "tracked"])
            let call = DeviceProbe.Call(t: try fields["t"]!.number(), call: try fields["call"]!.choice(DeviceProbe.DelegateCall.self), tracked: try fields["tracked"]!.bool())
            if let previous = calls.last, call.t < previous.t {
                throw fields["t"]!.mismatch("a time at or after the previous call's \(NumberText.format(previous.t)) s (calls in order)")
            }
            calls.append(call)
        }
        return calls
    }

    /// Seconds, > 0.
    func interval() throws -> Double {
        let seconds = try number()
        guard seconds > 0 else { throw mismatch("an interval > 0 s") }
        return seconds
    }

    func eulerSamples() throws -> [DeviceProbe.EulerSample] {
        try array().map { item in
            let fields = try item.object(keys: ["euler", "matrix"])
            let angles = try fields["euler"]!.numbers(count: 3)
            let m = try fields["matrix"]!.numbers(count: 16)
            // Column-major, as simd_float4x4's columns: element 4c + r is row r of column c.
            let matrix = Mat4(m[0], m[4], m[8], m[12], m[1], m[5], m[9], m[13], m[2], m[6], m[10], m[14], m[3], m[7], m[11], m[15])
            return DeviceProbe.EulerSample(euler: Vec3(angles[0], angles[1], angles[2]), matrix: matrix)
        }
    }

    func attitudeSamples() throws -> [DeviceProbe.AttitudeSample] {
        try array().map { item in
            let fields = try item.object(keys: ["a", "b", "product"])
            return DeviceProbe.AttitudeSample(a: try fields["a"]!.quaternion(), b: try fields["b"]!.quaternion(), product: try fields["product"]!.quaternion())
        }
    }

    /// [w, x, y, z], normalized; a zero or overflowing length is not a rotation.
    func quaternion() throws -> Quaternion {
        let q = try numbers(count: 4)
        let quaternion = Quaternion(w: q[0], x: q[1], y: q[2], z: q[3])
        guard quaternion.norm > 0, quaternion.norm.isFinite else {
            throw FieldError(path, expected: "a rotation quaternion [w, x, y, z]", found: "one of length \(NumberText.format(quaternion.norm))", file: file)
        }
        return quaternion.normalized
    }
}
