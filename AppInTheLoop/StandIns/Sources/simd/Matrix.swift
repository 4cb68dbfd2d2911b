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
