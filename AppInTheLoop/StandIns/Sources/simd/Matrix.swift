// Stand-in for Apple's simd (Linux only: on Apple platforms the driver imports the real module).
// Follows https://developer.apple.com/documentation/simd/simd_float4x4 — a 4×4 matrix of Float stored as four
// column vectors (`columns`), with `init(rows:)` taking the rows of the matrix in order and `*` the matrix
// product. Only what the app's files use is here: a missing API is a compile error naming it.

/// A 3-element vector of Float (Apple: `typealias simd_float3 = SIMD3<Float>`).
public typealias simd_float3 = SIMD3<Float>
/// A 4-element vector of Float (Apple: `typealias simd_float4 = SIMD4<Float>`).
public typealias simd_float4 = SIMD4<Float>

/// A 4×4 matrix of Float, column-major: `columns.0` is the first column.
public struct simd_float4x4: Equatable, Sendable {
    public var columns: (simd_float4, simd_float4, simd_float4, simd_float4)

    /// The zero matrix (Apple: `init()`).
    public init() {
        columns = (.zero, .zero, .zero, .zero)
    }

    /// A matrix with the given columns.
    public init(_ c0: simd_float4, _ c1: simd_float4, _ c2: simd_float4, _ c3: simd_float4) {
        columns = (c0, c1, c2, c3)
    }

    /// A matrix whose rows are `rows` (exactly four): element (i, j) is `rows[i][j]`.
    public init(rows: [simd_float4]) {
        precondition(rows.count == 4, "simd_float4x4(rows:) takes exactly four rows")
        columns = (
            simd_float4(rows[0][0], rows[1][0], rows[2][0], rows[3][0]),
            simd_float4(rows[0][1], rows[1][1], rows[2][1], rows[3][1]),
            simd_float4(rows[0][2], rows[1][2], rows[2][2], rows[3][2]),
            simd_float4(rows[0][3], rows[1][3], rows[2][3], rows[3][3])
        )
    }

    /// The column at `column` (0…3).
    public subscript(column: Int) -> simd_float4 {
        get {
            switch column {
            case 0: return columns.0
            case 1: return columns.1
            case 2: return columns.2
            case 3: return columns.3
            default: preconditionFailure("simd_float4x4 column index \(column) out of range 0...3")
            }
        }
    }

    public static func == (lhs: simd_float4x4, rhs: simd_float4x4) -> Bool {
        lhs.columns.0 == rhs.columns.0 && lhs.columns.1 == rhs.columns.1
            && lhs.columns.2 == rhs.columns.2 && lhs.columns.3 == rhs.columns.3
    }
}

/// The identity matrix (Apple: `let matrix_identity_float4x4: simd_float4x4`).
public let matrix_identity_float4x4 = simd_float4x4(
    simd_float4(1, 0, 0, 0), simd_float4(0, 1, 0, 0), simd_float4(0, 0, 1, 0), simd_float4(0, 0, 0, 1))

/// The matrix product x·y (Apple: `func simd_mul(_ __x: simd_float4x4, _ __y: simd_float4x4) -> simd_float4x4`,
/// https://developer.apple.com/documentation/simd/simd_mul). Used by ParallaxLab's world-alignment patch
/// (`camera.transform⁻¹ · faceAnchor.transform`), not by the app as shipped.
public func simd_mul(_ x: simd_float4x4, _ y: simd_float4x4) -> simd_float4x4 {
    let a = [x.columns.0, x.columns.1, x.columns.2, x.columns.3], b = [y.columns.0, y.columns.1, y.columns.2, y.columns.3]
    func column(_ j: Int) -> simd_float4 { a[0] * b[j][0] + a[1] * b[j][1] + a[2] * b[j][2] + a[3] * b[j][3] }
    return simd_float4x4(column(0), column(1), column(2), column(3))
}

/// The inverse of `x` (Apple: `func simd_inverse(_ __x: simd_float4x4) -> simd_float4x4`, "Returns the inverse of the
/// specified matrix", https://developer.apple.com/documentation/simd/simd_inverse-3h6ry): Gauss–Jordan elimination with
/// partial pivoting in Double, rounded to Float. What Apple returns for a singular matrix is not documented: here
/// every element is NaN (assumed). Used by ParallaxLab's world-alignment patch, not by the app as shipped.
public func simd_inverse(_ x: simd_float4x4) -> simd_float4x4 {
    let c = [x.columns.0, x.columns.1, x.columns.2, x.columns.3]
    // Rows of [x | I].
    var m = (0..<4).map { i in (0..<4).map { j in Double(c[j][i]) } + (0..<4).map { j in i == j ? 1.0 : 0.0 } }
    for k in 0..<4 {
        let pivot = (k..<4).max { abs(m[$0][k]) < abs(m[$1][k]) }!
        guard m[pivot][k] != 0 else {
            let nan = simd_float4(repeating: .nan)
            return simd_float4x4(nan, nan, nan, nan)
        }
        m.swapAt(k, pivot)
        let scale = m[k][k]
        m[k] = m[k].map { $0 / scale }
        for i in 0..<4 where i != k {
            let factor = m[i][k]
            if factor != 0 { m[i] = zip(m[i], m[k]).map { $0 - factor * $1 } }
        }
    }
    return simd_float4x4(rows: (0..<4).map { i in simd_float4(Float(m[i][4]), Float(m[i][5]), Float(m[i][6]), Float(m[i][7])) })
}

/// The matrix–vector product x·y (Apple: `func simd_mul(_ __x: simd_float4x4, _ __y: simd_float4) -> simd_float4`,
/// https://developer.apple.com/documentation/simd/simd_mul). Used by ParallaxLab's eye-point patch (the eyes'
/// midpoint through `faceAnchor.transform`), not by the app as shipped.
public func simd_mul(_ x: simd_float4x4, _ y: simd_float4) -> simd_float4 {
    x.columns.0 * y[0] + x.columns.1 * y[1] + x.columns.2 * y[2] + x.columns.3 * y[3]
}
