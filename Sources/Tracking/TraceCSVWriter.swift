import Dispatch
import Foundation
import Geometry
import Plumbing

/// Writes trace CSV files: metadata lines, header `t,x,y,z,tracked[,true_x,true_y,true_z][,extra…]`, rows.
///
/// Numbers use Swift's shortest round-trip formatting, so reading the file back gives bit-identical doubles.
/// Files are written atomically (temporary file, then rename): a failed or interrupted write never leaves a
/// partial trace behind.
public enum TraceCSVWriter {
    public static func write(_ trace: HeadTrace, to path: String) throws {
        try AtomicFile.write(encodeBlocks(trace), to: path)
    }

    /// The whole file as bytes.
    public static func encode(_ trace: HeadTrace) -> [UInt8] {
        Array(encodeBlocks(trace).joined())
    }

    /// The file as consecutive blocks: the preamble (metadata and header), then the rows in fixed-size
    /// blocks formatted on all cores — the same bytes for any core count.
    static func encodeBlocks(_ trace: HeadTrace) -> [[UInt8]] {
        var out: [UInt8] = []
        out.reserveCapacity(1024)
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

        // Rows are formatted in fixed-size blocks on all cores and joined in order: same bytes for any core count.
        let blockSize = 65_536
        let blockCount = (trace.count + blockSize - 1) / blockSize
        var blocks = [[UInt8]](repeating: [], count: blockCount)
        blocks.withUnsafeMutableBufferPointer { slots in
            Parallel.forEachBand(of: trace.count, size: blockSize) { rows in
                slots[rows.lowerBound / blockSize] = encodeRows(rows, of: trace)
            }
        }
        return [out] + blocks
    }

    private static func encodeRows(_ rows: Range<Int>, of trace: HeadTrace) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(rows.count * (trace.truth == nil ? 64 : 128))
        for index in rows {
            let sample = trace.samples[index]
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
