import Dispatch
import Imaging
import Plumbing

extension TriangleRasterizer {
    /// The float path (supersampling, linear-light filtering), band by band: each band of output rows is drawn
    /// at `scale`× into its own float buffer and box-filtered into its output rows right away, so the
    /// supersampled frame never exists whole and a band's samples are still in cache when they are resolved.
    /// Every sample and every output byte is computed exactly as when the whole frame is drawn first and
    /// resolved afterwards (`resolve(rows:…)` sums the same samples in the same order).
    static func renderResolvingBands(setups: [TriangleSetup], samplers: [TextureSampler], width: Int, height: Int,
                                     scale: Int, linear: Bool, filter: RasterOptions.Filter, background: SIMD4<Float>,
                                     bandHeight: Int) -> RGBAImage {
        let renderWidth = width * scale
        // About `bandHeight` rendered rows per band, whole output rows.
        let outputRows = max(1, bandHeight / scale)
        let floatTexels = filter == .bilinear ? samplers.map { SpreadFloatTexels(level: $0.base, linear: linear) } : []
        let pixels = [UInt8](unsafeUninitializedCapacity: width * height * 4) { buffer, count in
            let output = ByteSink(pixels: buffer.baseAddress!)  // each band writes only its own rows
            Parallel.forEachBand(of: height, size: outputRows) { outputRange in
                let rows = (outputRange.lowerBound * scale)..<(outputRange.upperBound * scale)
                let sampleCount = rows.count * renderWidth
                let values = UnsafeMutablePointer<Float>.allocate(capacity: 4 * sampleCount)
                defer { values.deallocate() }
                // Padding: the span shader's last step in a row may load and store a few depths past its end.
                let depth = UnsafeMutablePointer<Float>.allocate(capacity: sampleCount + TriangleSetup.lanes)
                depth.initialize(repeating: 1, count: sampleCount + TriangleSetup.lanes)
                defer { depth.deallocate() }
                let sink = FloatSink(values: values, origin: rows.lowerBound * renderWidth)
                sink.fill((rows.lowerBound * renderWidth)..<(rows.upperBound * renderWidth), with: background)
                for setup in setups {
                    if filter == .bilinear {
                        let base = samplers[setup.texture].base
                        setup.drawBilinearFloats(rows: rows, width: renderWidth, texels: floatTexels[setup.texture],
                                                 size: (base.width, base.height), sink: sink, depth: depth)
                    } else {
                        setup.draw(rows: rows, width: renderWidth, sampler: samplers[setup.texture], filter: filter, sink: sink, depth: depth)
                    }
                }
                resolve(values, rows: outputRange, width: width, scale: scale, linear: linear, into: output.pixels)
            }
            count = width * height * 4
        }
        return try! RGBAImage(width: width, height: height, pixels: pixels)  // sizes match by construction
    }

    /// Box-filters output rows `rows` from their band's samples (`values`: the band's rendered rows, RGBA
    /// floats) and encodes 8-bit values into the frame `output`. Each channel sums its scale × scale samples
    /// row by row, left to right, then multiplies by 1/scale².
    static func resolve(_ values: UnsafePointer<Float>, rows: Range<Int>, width: Int, scale: Int, linear: Bool,
                        into output: UnsafeMutablePointer<UInt8>) {
        // Constant sample counts for the common factors, so the sums unroll.
        switch scale {
        case 1: resolve(values, rows: rows, width: width, constantScale: 1, linear: linear, into: output)
        case 2: resolve(values, rows: rows, width: width, constantScale: 2, linear: linear, into: output)
        case 4: resolve(values, rows: rows, width: width, constantScale: 4, linear: linear, into: output)
        default: resolve(values, rows: rows, width: width, constantScale: scale, linear: linear, into: output)
        }
    }

    @inline(__always)
    private static func resolve(_ values: UnsafePointer<Float>, rows: Range<Int>, width: Int, constantScale scale: Int, linear: Bool,
                                into output: UnsafeMutablePointer<UInt8>) {
        let renderWidth = width * scale
        let weight = 1 / Float(scale * scale)
        let samples = UnsafeRawPointer(values)
        for y in rows {
            let bandRow = (y - rows.lowerBound) * scale
            for x in 0..<width {
                var sum = SIMD4<Float>()
                for sy in 0..<scale {
                    let rowStart = 16 &* ((bandRow &+ sy) &* renderWidth &+ x &* scale)
                    for sx in 0..<scale {
                        sum += samples.loadUnaligned(fromByteOffset: rowStart &+ 16 &* sx, as: SIMD4<Float>.self)
                    }
                }
                let mean = sum * weight
                let pixel = output + 4 &* (y &* width &+ x)
                if linear {
                    for c in 0..<3 { pixel[c] = SRGB.encode(mean[c]) }
                    pixel[3] = ByteSink.byte(mean[3] * 255)
                } else {
                    // ByteSink.byte lane by lane: nearest byte, halves up, clamped to 0…255.
                    let rounded = mean + 0.5
                    let low = rounded.replacing(with: 0, where: rounded .< 0)
                    let clamped = low.replacing(with: 255, where: low .> 255)
                    pixel[0] = UInt8(truncatingIfNeeded: Int32(clamped[0]))
                    pixel[1] = UInt8(truncatingIfNeeded: Int32(clamped[1]))
                    pixel[2] = UInt8(truncatingIfNeeded: Int32(clamped[2]))
                    pixel[3] = UInt8(truncatingIfNeeded: Int32(clamped[3]))
                }
            }
        }
    }
}
