import Vocabulary

/// How differing regions are found: a coarse grid. The image is cut into 16×16-pixel cells; each cell
/// records the tight box and count of its over-tolerance pixels. Cells that hold any are joined into
/// 8-connected components (cells touching by an edge or a corner), and a region's box is the union of its
/// cells' tight boxes — so boxes are exact around the differing pixels, and differences less than one
/// cell apart may merge into one region. Regions are ordered by pixel count (largest first), then by
/// position (top, then left).
public enum DiffRegions {
    public static let cellSize = 16
    /// At most this many regions are listed; `FrameComparison.regionCount` has the total.
    public static let maximumReported = 32
}

/// Per-cell accumulators. Bands of whole cell rows are scanned in parallel and write disjoint cells.
final class DiffGrid {
    let columns: Int
    let rows: Int
    private let minX, minY, maxX, maxY, count, maxDiff: UnsafeMutablePointer<Int32>

    init(width: Int, height: Int) {
        columns = (width + DiffRegions.cellSize - 1) / DiffRegions.cellSize
        rows = (height + DiffRegions.cellSize - 1) / DiffRegions.cellSize
        let cells = max(1, columns * rows)
        func make(_ value: Int32) -> UnsafeMutablePointer<Int32> {
            let pointer = UnsafeMutablePointer<Int32>.allocate(capacity: cells)
            pointer.initialize(repeating: value, count: cells)
            return pointer
        }
        minX = make(.max); minY = make(.max); maxX = make(-1); maxY = make(-1); count = make(0); maxDiff = make(0)
    }

    deinit {
        for pointer in [minX, minY, maxX, maxY, count, maxDiff] { pointer.deallocate() }
    }

    @inline(__always)
    func mark(x: Int, y: Int, difference: Int) {
        let cell = (y / DiffRegions.cellSize) * columns + x / DiffRegions.cellSize
        let x32 = Int32(x), y32 = Int32(y)
        if x32 < minX[cell] { minX[cell] = x32 }
        if x32 > maxX[cell] { maxX[cell] = x32 }
        if y32 < minY[cell] { minY[cell] = y32 }
        if y32 > maxY[cell] { maxY[cell] = y32 }
        count[cell] += 1
        if Int32(difference) > maxDiff[cell] { maxDiff[cell] = Int32(difference) }
    }

    /// Connected components of occupied cells (flood fill in raster order), sorted and truncated.
    func regions() -> (listed: [DiffRegion], total: Int) {
        var visited = [Bool](repeating: false, count: columns * rows)
        var found: [DiffRegion] = []
        var stack: [Int] = []
        for start in 0..<(columns * rows) where count[start] > 0 && !visited[start] {
            var region = (x0: Int32.max, y0: Int32.max, x1: Int32(-1), y1: Int32(-1), pixels: 0, diff: Int32(0))
            visited[start] = true
            stack.append(start)
            while let cell = stack.popLast() {
                region.x0 = min(region.x0, minX[cell]); region.x1 = max(region.x1, maxX[cell])
                region.y0 = min(region.y0, minY[cell]); region.y1 = max(region.y1, maxY[cell])
                region.pixels += Int(count[cell]); region.diff = max(region.diff, maxDiff[cell])
                let cx = cell % columns, cy = cell / columns
                for ny in max(0, cy - 1)...min(rows - 1, cy + 1) {
                    for nx in max(0, cx - 1)...min(columns - 1, cx + 1) {
                        let neighbour = ny * columns + nx
                        if count[neighbour] > 0 && !visited[neighbour] {
                            visited[neighbour] = true
                            stack.append(neighbour)
                        }
                    }
                }
            }
            found.append(DiffRegion(x: Int(region.x0), y: Int(region.y0), width: Int(region.x1 - region.x0 + 1),
                                    height: Int(region.y1 - region.y0 + 1), pixels: region.pixels, maxChannelDiff: Int(region.diff)))
        }
        found.sort { ($1.pixels, $0.y, $0.x) < ($0.pixels, $1.y, $1.x) }
        return (Array(found.prefix(DiffRegions.maximumReported)), found.count)
    }
}
