import Foundation
import Geometry

/// Writes trace CSV files: metadata lines, header `t,x,y,z,tracked[,true_x,true_y,true_z][,extra…]`, rows.
///
/// Numbers use Swift's shortest round-trip formatting, so reading the file back gives bit-identical doubles.
/// Files are written atomically (temporary file, then rename): a failed or interrupted write never leaves a
/// partial trace behind.
public enum TraceCSVWriter {
    public static func write(_ trace: HeadTrace, to path: String) throws {
        let url = URL(fileURLWithPath: path)
        do {
            try Data(encode(trace)).write(to: url, options: .atomic)
        } catch {
            throw TraceError(file: path, message: "cannot write: \(error.localizedDescription)")
        }
    }

    public static func encode(_ trace: HeadTrace) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(64 + trace.count * (trace.truth == nil ? 64 : 128))
        for entry in trace.metadata {
            out.append(contentsOf: "# ".utf8)
            if !entry.key.isEmpty { out.append(contentsOf: "\(entry.key): ".utf8) }
            out.append(contentsOf: entry.value.utf8)
            out.append(UInt8(ascii: "\n"))
        }
        out.append(contentsOf: "t,x,y,z,tracked".utf8)
        if trace.truth != nil { out.append(contentsOf: ",true_x,true_y,true_z".utf8) }
        for column in trace.extraColumns { out.append(contentsOf: ",\(column.name)".utf8) }
        out.append(UInt8(ascii: "\n"))

        for (index, sample) in trace.samples.enumerated() {
            append(sample.t, to: &out)
            out.append(UInt8(ascii: ","))
            append(sample.position, to: &out)
            out.append(contentsOf: sample.tracked ? ",1".utf8 : ",0".utf8)
            if let truth = trace.truth {
                out.append(UInt8(ascii: ","))
                append(truth[index], to: &out)
            }
            for column in trace.extraColumns {
                out.append(UInt8(ascii: ","))
                out.append(contentsOf: column.values[index].utf8)
            }
            out.append(UInt8(ascii: "\n"))
        }
        return out
    }

    @inline(__always)
    private static func append(_ v: Vec3, to out: inout [UInt8]) {
        append(v.x, to: &out)
        out.append(UInt8(ascii: ","))
        append(v.y, to: &out)
        out.append(UInt8(ascii: ","))
        append(v.z, to: &out)
    }

    @inline(__always)
    private static func append(_ value: Double, to out: inout [UInt8]) {
        // Normalise -0.0 so that equal positions always print equal bytes.
        let v = value == 0 ? 0 : value
        var text = v.description
        text.withUTF8 { out.append(contentsOf: $0) }
    }
}
