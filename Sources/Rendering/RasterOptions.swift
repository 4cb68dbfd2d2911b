import Imaging
/// How the rasterizer turns triangles into pixels.
package struct RasterOptions: Sendable, Equatable {
    package enum Filter: String, Sendable, CaseIterable {
        /// Bilinear from the full-resolution texture (the default; no mipmaps).
        case bilinear
        /// Trilinear: bilinear in the two nearest mip levels, blended by the level of detail.
        case trilinear
    }

    package enum FilteringSpace: String, Sendable, CaseIterable {
        /// Filter the encoded 8-bit values directly (what GPUs do with non-sRGB texture formats).
        case encoded
        /// Decode sRGB → filter in linear light → encode (GPUs with sRGB texture formats).
        case linear
    }

    /// Supersampling factor per axis: 1, 2 (2×2) or 4 (4×4), box-filtered down.
    package var samples: Int
    package var filter: Filter
    package var filteringSpace: FilteringSpace
    package var background: RGBA
    package var depthRange: ClipDepthRange

    package init(samples: Int = 1, filter: Filter = .bilinear, filteringSpace: FilteringSpace = .encoded,
                background: RGBA = RGBA(0, 0, 0), depthRange: ClipDepthRange = .negativeOneToOne) {
        precondition([1, 2, 4].contains(samples), "supersampling is 1, 2 or 4 per axis")
        self.samples = samples
        self.filter = filter
        self.filteringSpace = filteringSpace
        self.background = background
        self.depthRange = depthRange
    }
}
