import CGSL

/// The singular value decomposition A = U · diag(σ) · Vᵀ of a small dense matrix, by GSL's one-sided Jacobi
/// free Golub–Reinsch algorithm (`gsl_linalg_SV_decomp`). Singular values are non-negative and in decreasing
/// order; U's and V's columns are the left and right singular vectors.
package struct SingularValueDecomposition: Sendable, Equatable {
    /// U, row-major, `rows` × `columns`.
    package var u: [[Double]]
    /// σ, decreasing.
    package var singularValues: [Double]
    /// V (not transposed), row-major, `columns` × `columns`.
    package var v: [[Double]]

    /// Decomposes `matrix` (row-major, at least as many rows as columns, every row the same length);
    /// nil when GSL reports an error (a non-finite entry).
    package init?(_ matrix: [[Double]]) {
        let rows = matrix.count
        guard rows > 0, let columns = matrix.first?.count, columns > 0, rows >= columns,
              matrix.allSatisfy({ $0.count == columns && $0.allSatisfy(\.isFinite) }) else { return nil }
        parallax_gsl_disable_abort()
        guard let a = gsl_matrix_alloc(rows, columns), let vMatrix = gsl_matrix_alloc(columns, columns),
              let s = gsl_vector_alloc(columns), let work = gsl_vector_alloc(columns) else { return nil }
        defer { gsl_matrix_free(a); gsl_matrix_free(vMatrix); gsl_vector_free(s); gsl_vector_free(work) }
        for i in 0..<rows { for j in 0..<columns { gsl_matrix_set(a, i, j, matrix[i][j]) } }
        guard gsl_linalg_SV_decomp(a, vMatrix, s, work) == GSL_SUCCESS else { return nil }
        u = (0..<rows).map { i in (0..<columns).map { j in gsl_matrix_get(a, i, j) } }
        v = (0..<columns).map { i in (0..<columns).map { j in gsl_matrix_get(vMatrix, i, j) } }
        singularValues = (0..<columns).map { gsl_vector_get(s, $0) }
    }
}
