/// A seeded synthetic scene for goldens and benchmarks: `count` anisotropic splats with random rotations,
/// colours (SH up to `shDegree`) and opacities in a box x, y ∈ [−1, 1], z ∈ [0, 2] (scene axes, RDF: y down,
/// z away from the viewer). Sizes shrink with √count so the frame coverage stays about the same.
/// `sizeScale` multiplies every σ. The same seed always gives the same scene (SplitMix64).
package enum SyntheticScene {
    package static func make(count: Int, seed: UInt64 = 1, shDegree: Int = 1, sizeScale: Double = 1) -> SplatScene {
        var state = seed
        func next() -> Double {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            z ^= z >> 31
            return Double(z >> 11) / Double(1 << 53)
        }
        var scene = SplatScene(shDegree: shDegree)
        scene.reserve(count)
        let base = 1.4 / Double(max(1, count)).squareRoot() * sizeScale
        let k = scene.coefficientsPerSplat
        var coefficients = [Float](repeating: 0, count: 3 * k)
        for _ in 0..<count {
            let p = SIMD3<Float>(Float(next() * 2 - 1), Float(next() * 2 - 1), Float(next() * 2))
            let s = SIMD3<Float>(Float(base * (0.3 + next())), Float(base * (0.3 + next())), Float(base * (0.3 + next())))
            let q = SIMD4<Float>(Float(next() * 2 - 1), Float(next() * 2 - 1), Float(next() * 2 - 1), Float(next() * 2 - 1))
            let opacity = Float(0.2 + 0.8 * next())
            for c in 0..<3 { coefficients[c] = SplatScene.dcCoefficient(color: Float(next())) }
            for j in 3..<(3 * k) { coefficients[j] = Float((next() * 2 - 1) * 0.3) }
            scene.append(position: p, scale: s, rotation: q, opacity: opacity, coefficients: coefficients)
        }
        return scene
    }
}
