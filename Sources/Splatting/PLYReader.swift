import Foundation

/// Reads `.ply` files into a `SplatScene`.
///
/// - 3DGS layout (element `vertex`): `x y z`, `f_dc_0..2`, `f_rest_0..N−1` with N = 0, 9, 24 or 45
///   (SH degree 0–3, *channel-major*: the first N/3 are red coefficients 1…, then green, then blue),
///   `opacity` (logit), `scale_0..2` (log σ), `rot_0..3` (quaternion, rot_0 = w). Any other property
///   (normals, …) is ignored.
/// - A plain point cloud (no `f_dc_0`): `x y z` and `red green blue` become the degree-0 colour
///   (integers are normalised by their type's maximum, floats are taken as 0–1 values). Missing `opacity`
///   means 1, missing `scale_*` an isotropic σ = bounding-box diagonal / (2·√n) (0.01 for a single
///   point), missing `rot_*` the identity.
/// - Formats `binary_little_endian`, `binary_big_endian` and `ascii`. Elements before `vertex` are skipped
///   (binary ones only when they have no list properties); elements after it are ignored.
///
/// Every problem is a `SplatError` naming the file and the field or line.
package enum PLYReader {
    enum Format { case ascii, little, big }

    enum ScalarType: String {
        case int8, uint8, int16, uint16, int32, uint32, float32, float64

        init?(name: String) {
            switch name {
            case "char", "int8": self = .int8
            case "uchar", "uint8": self = .uint8
            case "short", "int16": self = .int16
            case "ushort", "uint16": self = .uint16
            case "int", "int32": self = .int32
            case "uint", "uint32": self = .uint32
            case "float", "float32": self = .float32
            case "double", "float64": self = .float64
            default: return nil
            }
        }

        var size: Int {
            switch self {
            case .int8, .uint8: return 1
            case .int16, .uint16: return 2
            case .int32, .uint32, .float32: return 4
            case .float64: return 8
            }
        }

        /// The largest value of an integer type (for colour normalisation); 1 for floats.
        var colorRange: Float {
            switch self {
            case .int8: return 127
            case .uint8: return 255
            case .int16: return 32767
            case .uint16: return 65535
            case .int32: return Float(Int32.max)
            case .uint32: return Float(UInt32.max)
            case .float32, .float64: return 1
            }
        }
    }

    struct Property {
        var name: String
        var type: ScalarType
        var isList: Bool
        var offset: Int
    }

    struct Element {
        var name: String
        var count: Int
        var properties: [Property] = []
        var stride: Int { properties.reduce(0) { $0 + $1.type.size } }
        var hasList: Bool { properties.contains { $0.isList } }
    }

    /// Reads a `.ply` file.
    package static func read(contentsOf path: String) throws -> SplatScene {
        try decode(try SceneFile.readBytes(path), name: path)
    }

    /// Decodes `.ply` bytes; `name` is used in messages.
    package static func decode(_ bytes: [UInt8], name: String) throws -> SplatScene {
        let (format, elements, dataStart) = try parseHeader(bytes, name: name)
        guard let vertexIndex = elements.firstIndex(where: { $0.name == "vertex" }) else {
            throw SplatError(file: name, field: "element vertex", "missing (expected the splats as element 'vertex')")
        }
        let vertex = elements[vertexIndex]
        if vertex.hasList {
            throw SplatError(file: name, field: "element vertex", "list properties are not supported in the vertex element")
        }
        var lookup: [String: Property] = [:]
        for p in vertex.properties where lookup[p.name] == nil { lookup[p.name] = p }
        let layout = try Layout(lookup: lookup, name: name)
        switch format {
        case .ascii:
            return try decodeASCII(bytes, from: dataStart, elements: elements, vertexIndex: vertexIndex, layout: layout, name: name)
        case .little, .big:
            var offset = dataStart
            for element in elements[..<vertexIndex] {
                if element.hasList {
                    throw SplatError(file: name, field: "element \(element.name)", "has list properties and comes before 'vertex'; cannot skip it")
                }
                offset += element.count * element.stride
            }
            let need = vertex.count * vertex.stride
            let have = bytes.count - offset
            if have < need {
                let complete = max(0, have) / max(1, vertex.stride)
                throw SplatError(file: name, field: "vertex \(complete)",
                                 "truncated: the header declares \(vertex.count) vertices of \(vertex.stride) bytes (\(need) bytes), found \(max(0, have)) bytes")
            }
            return try decodeBinary(bytes, from: offset, count: vertex.count, stride: vertex.stride, bigEndian: format == .big, layout: layout, name: name)
        }
    }

    /// Which properties feed which scene field.
    struct Layout {
        var position: [Property]
        var dc: [Property]?
        var rest: [Property]
        var opacity: Property?
        var scale: [Property]?
        var rotation: [Property]?
        var color: [Property]?
        var degree: Int
        var gaussian: Bool { dc != nil }

        init(lookup: [String: Property], name: String) throws {
            func require(_ key: String, _ why: String) throws -> Property {
                guard let p = lookup[key] else { throw SplatError(file: name, field: "property \(key)", "missing (\(why))") }
                return p
            }
            position = try ["x", "y", "z"].map { try require($0, "required") }
            let gaussian = lookup["f_dc_0"] != nil
            if gaussian {
                let why = "required by the 3DGS layout"
                dc = try ["f_dc_0", "f_dc_1", "f_dc_2"].map { try require($0, why) }
                opacity = try require("opacity", why)
                scale = try ["scale_0", "scale_1", "scale_2"].map { try require($0, why) }
                rotation = try ["rot_0", "rot_1", "rot_2", "rot_3"].map { try require($0, why) }
                let restCount = lookup.keys.filter { $0.hasPrefix("f_rest_") }.count
                guard let d = [0: 0, 9: 1, 24: 2, 45: 3][restCount] else {
                    throw SplatError(file: name, field: "f_rest_*", "expected 0, 9, 24 or 45 properties (SH degree 0–3), found \(restCount)")
                }
                degree = d
                rest = try (0..<restCount).map { try require("f_rest_\($0)", "\(restCount) f_rest properties must be numbered 0…\(restCount - 1)") }
                color = nil
            } else {
                guard lookup["red"] != nil || lookup["green"] != nil || lookup["blue"] != nil else {
                    throw SplatError(file: name, field: "property f_dc_0", "missing (expected the 3DGS layout, or red green blue for a point cloud)")
                }
                let why = "a point cloud needs red, green and blue"
                color = try ["red", "green", "blue"].map { try require($0, why) }
                dc = nil
                rest = []
                degree = 0
                opacity = lookup["opacity"]
                if lookup["scale_0"] != nil || lookup["scale_1"] != nil || lookup["scale_2"] != nil {
                    scale = try ["scale_0", "scale_1", "scale_2"].map { try require($0, "scale_0..2 come together") }
                }
                if lookup["rot_0"] != nil {
                    rotation = try ["rot_0", "rot_1", "rot_2", "rot_3"].map { try require($0, "rot_0..3 come together") }
                }
            }
        }
    }

    /// Accumulates decoded vertices into a scene (one vertex's values at a time, indexed by property offset).
    struct Builder {
        let layout: Layout
        var scene: SplatScene
        var pointCloudScales = false
        let restPerChannel: Int
        /// The first stored value that makes a splat unusable (`StoredSplatValues`), thrown by `finish`.
        var firstInvalid: SplatError?
        let name: String

        init(layout: Layout, count: Int, name: String) {
            self.layout = layout
            self.name = name
            scene = SplatScene(shDegree: layout.degree)
            scene.reserve(count)
            restPerChannel = layout.rest.count / 3
        }

        @inline(__always)
        mutating func add(_ value: (Property) -> Float) {
            scene.positions.append(value(layout.position[0]))
            scene.positions.append(value(layout.position[1]))
            scene.positions.append(value(layout.position[2]))
            if let s = layout.scale {
                for p in s { scene.scales.append(Foundation.exp(value(p))) }
            } else {
                scene.scales += [0, 0, 0]
                pointCloudScales = true
            }
            if let r = layout.rotation {
                let stored = SIMD4(value(r[0]), value(r[1]), value(r[2]), value(r[3]))
                if let q = StoredSplatValues.unitQuaternion(stored) {
                    scene.rotations += [q[0], q[1], q[2], q[3]]
                } else {
                    if firstInvalid == nil { firstInvalid = StoredSplatValues.rotationProblem(stored, splat: scene.count, file: name) }
                    scene.rotations += [1, 0, 0, 0]
                }
            } else {
                scene.rotations += [1, 0, 0, 0]
            }
            scene.opacities.append(layout.opacity.map { SplatScene.sigmoid(value($0)) } ?? 1)
            if let dc = layout.dc {
                scene.sh += [value(dc[0]), value(dc[1]), value(dc[2])]
                for k in 0..<restPerChannel {
                    for c in 0..<3 { scene.sh.append(value(layout.rest[c * restPerChannel + k])) }
                }
            } else if let color = layout.color {
                for p in color { scene.sh.append(SplatScene.dcCoefficient(color: value(p) / p.type.colorRange)) }
            }
        }

        mutating func finish() throws -> SplatScene {
            if let firstInvalid { throw firstInvalid }
            if pointCloudScales { PLYReader.assignPointCloudScales(&scene) }
            return scene
        }
    }

    static func assignPointCloudScales(_ scene: inout SplatScene) {
        let n = scene.count
        guard n > 0 else { return }
        var lo = SIMD3<Float>(repeating: .infinity), hi = SIMD3<Float>(repeating: -.infinity)
        for i in 0..<n {
            let p = scene.position(i)
            lo = pointwiseMin(lo, p); hi = pointwiseMax(hi, p)
        }
        let d = hi - lo
        let diagonal = (d * d).sum().squareRoot()
        let sigma: Float = n > 1 && diagonal > 0 ? diagonal / (2 * Float(n).squareRoot()) : 0.01
        for i in 0..<(3 * n) { scene.scales[i] = sigma }
    }

    static func decodeBinary(_ bytes: [UInt8], from start: Int, count: Int, stride: Int, bigEndian: Bool, layout: Layout, name: String) throws -> SplatScene {
        var builder = Builder(layout: layout, count: count, name: name)
        bytes.withUnsafeBytes { raw in
            var base = start
            for _ in 0..<count {
                let row = base
                builder.add { p in scalar(raw, at: row + p.offset, type: p.type, bigEndian: bigEndian) }
                base += stride
            }
        }
        let scene = try builder.finish()
        try SceneValidation.checkFinite(scene, name: name)
        return scene
    }

    @inline(__always)
    static func scalar(_ raw: UnsafeRawBufferPointer, at offset: Int, type: ScalarType, bigEndian: Bool) -> Float {
        switch type {
        case .int8: return Float(raw.load(fromByteOffset: offset, as: Int8.self))
        case .uint8: return Float(raw[offset])
        case .int16:
            let v = raw.loadUnaligned(fromByteOffset: offset, as: Int16.self)
            return Float(bigEndian ? Int16(bigEndian: v) : Int16(littleEndian: v))
        case .uint16:
            let v = raw.loadUnaligned(fromByteOffset: offset, as: UInt16.self)
            return Float(bigEndian ? UInt16(bigEndian: v) : UInt16(littleEndian: v))
        case .int32:
            let v = raw.loadUnaligned(fromByteOffset: offset, as: Int32.self)
            return Float(bigEndian ? Int32(bigEndian: v) : Int32(littleEndian: v))
        case .uint32:
            let v = raw.loadUnaligned(fromByteOffset: offset, as: UInt32.self)
            return Float(bigEndian ? UInt32(bigEndian: v) : UInt32(littleEndian: v))
        case .float32:
            let v = raw.loadUnaligned(fromByteOffset: offset, as: UInt32.self)
            return Float(bitPattern: bigEndian ? UInt32(bigEndian: v) : UInt32(littleEndian: v))
        case .float64:
            let v = raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            return Float(Double(bitPattern: bigEndian ? UInt64(bigEndian: v) : UInt64(littleEndian: v)))
        }
    }

    static func decodeASCII(_ bytes: [UInt8], from start: Int, elements: [Element], vertexIndex: Int, layout: Layout, name: String) throws -> SplatScene {
        let vertex = elements[vertexIndex]
        // Line numbers: the header's lines come first.
        var lineNumber = bytes[..<start].reduce(0) { $0 + ($1 == 10 ? 1 : 0) }
        var position = start
        func nextLine() -> ArraySlice<UInt8>? {
            while position < bytes.count {
                var end = position
                while end < bytes.count && bytes[end] != 10 { end += 1 }
                let line = bytes[position..<end]
                position = end + 1
                lineNumber += 1
                if line.contains(where: { $0 != 32 && $0 != 9 && $0 != 13 }) { return line }
            }
            return nil
        }
        for element in elements[..<vertexIndex] {
            for index in 0..<element.count where nextLine() == nil {
                throw SplatError(file: name, field: "element \(element.name) \(index)", "truncated: the header declares \(element.count), the file ends first")
            }
        }
        // Each ascii value takes at least two bytes (a digit and a separator; the file's very last one may
        // lack its separator): check before reserving.
        let available = bytes.count - position
        let fitting = (available + 1) / max(1, 2 * vertex.properties.count)
        guard vertex.count <= fitting else {
            throw SplatError(file: name, field: "element vertex",
                             "truncated: the header declares \(vertex.count) vertices of \(vertex.properties.count) values, the \(available) bytes left hold at most \(fitting)")
        }
        var builder = Builder(layout: layout, count: vertex.count, name: name)
        var values = [Float](repeating: 0, count: vertex.properties.count)
        // Property offsets in ascii mode are their index.
        for index in 0..<vertex.count {
            guard let line = nextLine() else {
                throw SplatError(file: name, field: "vertex \(index)", "truncated: the header declares \(vertex.count) vertices, the file ends after \(index)")
            }
            let tokens = line.split(whereSeparator: { $0 == 32 || $0 == 9 || $0 == 13 })
            guard tokens.count == vertex.properties.count else {
                throw SplatError(file: name, field: "line \(lineNumber)", "expected \(vertex.properties.count) values for vertex \(index), found \(tokens.count)")
            }
            for (k, token) in tokens.enumerated() {
                guard let v = Float(String(decoding: token, as: UTF8.self)) else {
                    throw SplatError(file: name, field: "line \(lineNumber)", "\(vertex.properties[k].name): expected a number, found '\(String(decoding: token, as: UTF8.self))'")
                }
                values[k] = v
            }
            builder.add { p in values[p.offset] }
        }
        let scene = try builder.finish()
        try SceneValidation.checkFinite(scene, name: name)
        return scene
    }

    static func parseHeader(_ bytes: [UInt8], name: String) throws -> (Format, [Element], Int) {
        guard bytes.count >= 4, bytes[0] == 0x70, bytes[1] == 0x6C, bytes[2] == 0x79, bytes[3] == 0x0A || bytes[3] == 0x0D else {
            throw SplatError(file: name, field: "magic", "expected a PLY file starting with 'ply', found \(SceneFile.describeStart(bytes))")
        }
        // The header ends after the line "end_header".
        var lines: [String] = []
        var position = 0
        var ended = false
        while position < bytes.count && position < 1 << 20 {
            var end = position
            while end < bytes.count && bytes[end] != 10 { end += 1 }
            let line = String(decoding: bytes[position..<end], as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            position = end + 1
            lines.append(line)
            if line == "end_header" { ended = true; break }
        }
        guard ended else { throw SplatError(file: name, field: "header", "no end_header line (truncated or not a PLY file)") }
        var format: Format?
        var elements: [Element] = []
        for (number, line) in lines.enumerated().dropFirst() {
            let words = line.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
            guard let keyword = words.first else { continue }
            let here = "header line \(number + 1)"
            switch keyword {
            case "format":
                guard words.count >= 2 else { throw SplatError(file: name, field: here, "format: expected ascii, binary_little_endian or binary_big_endian") }
                switch words[1] {
                case "ascii": format = .ascii
                case "binary_little_endian": format = .little
                case "binary_big_endian": format = .big
                default: throw SplatError(file: name, field: here, "format: expected ascii, binary_little_endian or binary_big_endian, found '\(words[1])'")
                }
            case "element":
                guard words.count == 3, let count = Int(words[2]), count >= 0 else {
                    throw SplatError(file: name, field: here, "expected 'element NAME COUNT', found '\(line)'")
                }
                // Every record takes at least one byte, so a count above the file's length cannot be right;
                // checked here, before any size is computed from it (no overflow, no huge reservation).
                guard count <= bytes.count else {
                    throw SplatError(file: name, field: here, "element \(words[1]): the header declares \(count) records, more than the file's \(bytes.count) bytes could hold")
                }
                elements.append(Element(name: words[1], count: count))
            case "property":
                guard !elements.isEmpty else { throw SplatError(file: name, field: here, "property before any element") }
                var element = elements.removeLast()
                let offset = format == .ascii ? element.properties.count : element.stride
                if words.count == 5 && words[1] == "list" {
                    guard let type = ScalarType(name: words[3]), ScalarType(name: words[2]) != nil else {
                        throw SplatError(file: name, field: here, "unknown list property types in '\(line)'")
                    }
                    element.properties.append(Property(name: words[4], type: type, isList: true, offset: offset))
                } else {
                    guard words.count == 3, let type = ScalarType(name: words[1]) else {
                        throw SplatError(file: name, field: here, "expected 'property TYPE NAME' with a PLY scalar type, found '\(line)'")
                    }
                    element.properties.append(Property(name: words[2], type: type, isList: false, offset: offset))
                }
                elements.append(element)
            case "comment", "obj_info", "end_header":
                continue
            default:
                throw SplatError(file: name, field: here, "unknown header keyword '\(keyword)'")
            }
        }
        guard let format else { throw SplatError(file: name, field: "header", "missing the format line") }
        if format == .ascii {
            // Offsets were computed before the format was known when 'format' came late; recompute.
            elements = elements.map { e in var e = e; for i in e.properties.indices { e.properties[i].offset = i }; return e }
        }
        return (format, elements, position)
    }
}
