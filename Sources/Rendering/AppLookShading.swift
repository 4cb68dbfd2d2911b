import Foundation

/// ParallaxLab's model of SceneKit's physically based shading of a room face under the app's two lights
/// (a model until a device capture calibrates it; every constant is in `AppLookParameters`):
///
///     lit = albedo · (ambient + Σ directional · max(0, N·L)) + Σ directional · π · f_spec · max(0, N·L)
///     f_spec = D · F · G / (4 · N·L · N·V)       (Cook–Torrance)
///     D = a² / (π · ((N·H)² (a² − 1) + 1)²),  a = roughness²          (GGX / Trowbridge–Reitz)
///     F = f0 + (1 − f0) (1 − V·H)⁵                                     (Schlick)
///     G = G₁(N·L) G₁(N·V),  G₁(x) = x / (x (1 − k) + k),  k = (roughness + 1)² / 8   (Smith–Schlick)
///
/// in linear light, each light's intensity in SceneKit units / 1000 times its colour (white in the app), summed
/// over the directional lights. N is the face normal turned toward the viewer (double-sided material), L the unit
/// vector toward a directional light, V toward the eye.
/// No image-based lighting (the app sets no lighting environment), no shadows.
struct AppLookShading: Sendable {
    let ambient: SIMD3<Double>
    let directional: [(toward: SIMD3<Double>, intensity: SIMD3<Double>)]
    let f0: Double, roughness: Double

    init(lights: AppLookWorld.Lights, f0: Double, roughness: Double) {
        ambient = lights.ambient
        directional = lights.directional
        self.f0 = f0
        self.roughness = roughness
    }

    /// The lit linear colour of albedo `albedo` at a point with normal `normal` seen along unit `toEye`.
    func lit(albedo: SIMD3<Double>, normal: SIMD3<Double>, toEye v: SIMD3<Double>) -> SIMD3<Double> {
        var n = normal
        if (n * v).sum() < 0 { n = -n }
        var irradiance = ambient
        for light in directional { irradiance += light.intensity * max(0, (n * light.toward).sum()) }
        var color = albedo * irradiance
        guard f0 > 0 else { return color }
        for light in directional {
            let l = light.toward
            let nl = max(0, (n * l).sum())
            guard nl > 0, light.intensity != .zero else { continue }
            let nv = max(1e-4, (n * v).sum())
            var h = l + v
            let length = (h * h).sum().squareRoot()
            guard length > 0 else { continue }
            h /= length
            let nh = max(0, (n * h).sum()), vh = max(0, (v * h).sum())
            let a = roughness * roughness, a2 = a * a
            let dd = nh * nh * (a2 - 1) + 1
            let distribution = a2 / (Double.pi * dd * dd)
            let fresnel = f0 + (1 - f0) * pow(1 - vh, 5)
            let k = (roughness + 1) * (roughness + 1) / 8
            let geometry = nl / (nl * (1 - k) + k) * nv / (nv * (1 - k) + k)
            let specular = distribution * fresnel * geometry / (4 * nl * nv)
            color += light.intensity * Double.pi * specular * nl
        }
        return color
    }
}
