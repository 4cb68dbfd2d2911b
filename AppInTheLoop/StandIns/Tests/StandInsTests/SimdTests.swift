import simd
import Testing

/// simd as Apple documents it: column-major storage, `init(rows:)` taking rows, and the geometric functions'
/// definitions, on hand-computed values.
@Suite struct SimdTests {
    @Test func rowsGoInAsRowsAndAreStoredAsColumns() {
        let m = simd_float4x4(rows: [
            SIMD4<Float>(1, 2, 3, 4), SIMD4<Float>(5, 6, 7, 8), SIMD4<Float>(9, 10, 11, 12), SIMD4<Float>(13, 14, 15, 16),
        ])
        #expect(m.columns.0 == SIMD4<Float>(1, 5, 9, 13))
        #expect(m.columns.3 == SIMD4<Float>(4, 8, 12, 16))
        #expect(m[2] == SIMD4<Float>(3, 7, 11, 15))
    }

    @Test func theIdentityAndATranslationColumn() {
        var m = matrix_identity_float4x4
        #expect(m.columns.0 == SIMD4<Float>(1, 0, 0, 0) && m.columns.3 == SIMD4<Float>(0, 0, 0, 1))
        m.columns.3 = SIMD4<Float>(0.1, -0.2, 0.3, 1)
        #expect(m == simd_float4x4(rows: [
            SIMD4<Float>(1, 0, 0, 0.1), SIMD4<Float>(0, 1, 0, -0.2), SIMD4<Float>(0, 0, 1, 0.3), SIMD4<Float>(0, 0, 0, 1),
        ]))
    }

    @Test func dotCrossLengthAndNormalizeByTheirDefinitions() {
        #expect(dot(SIMD3<Float>(1, 2, 3), SIMD3<Float>(4, -5, 6)) == 12)
        #expect(cross(SIMD3<Float>(1, 0, 0), SIMD3<Float>(0, 1, 0)) == SIMD3<Float>(0, 0, 1))
        #expect(cross(SIMD3<Float>(1, 2, 3), SIMD3<Float>(4, 5, 6)) == SIMD3<Float>(-3, 6, -3))
        #expect(length(SIMD3<Float>(3, 4, 12)) == 13)
        #expect(normalize(SIMD3<Float>(3, 0, 4)) == SIMD3<Float>(0.6, 0, 0.8))
        #expect(abs(tanf(Float.pi / 4) - 1) < 1e-6)
    }

    @Test func theProductIsTheMatrixProductRowsTimesColumns() {
        let a = simd_float4x4(rows: [SIMD4(1, 2, 0, 0), SIMD4(3, 4, 0, 0), SIMD4(0, 0, 1, 0), SIMD4(0, 0, 0, 1)])
        let b = simd_float4x4(rows: [SIMD4(5, 6, 0, 0), SIMD4(7, 8, 0, 0), SIMD4(0, 0, 2, 0), SIMD4(0, 0, 0, 1)])
        #expect(simd_mul(a, b) == simd_float4x4(rows: [SIMD4(19, 22, 0, 0), SIMD4(43, 50, 0, 0), SIMD4(0, 0, 2, 0), SIMD4(0, 0, 0, 1)]))
        #expect(simd_mul(a, SIMD4<Float>(1, 1, 3, 1)) == SIMD4<Float>(3, 7, 3, 1))
    }

    @Test func theInverseOfHandInvertedMatrices() {
        // A scale and a translation: inverse by hand; a row swap needs a pivot; a singular matrix is NaN (assumed).
        let scaled = simd_float4x4(rows: [SIMD4(2, 0, 0, 1), SIMD4(0, 1, 0, 2), SIMD4(0, 0, 4, 0), SIMD4(0, 0, 0, 1)])
        #expect(simd_inverse(scaled) == simd_float4x4(rows: [SIMD4(0.5, 0, 0, -0.5), SIMD4(0, 1, 0, -2), SIMD4(0, 0, 0.25, 0), SIMD4(0, 0, 0, 1)]))
        let swapped = simd_float4x4(rows: [SIMD4(0, 1, 0, 0), SIMD4(1, 0, 0, 0), SIMD4(0, 0, 1, 0), SIMD4(0, 0, 0, 1)])
        #expect(simd_inverse(swapped) == swapped)
        #expect(simd_inverse(simd_float4x4()).columns.0.x.isNaN)
    }
}
