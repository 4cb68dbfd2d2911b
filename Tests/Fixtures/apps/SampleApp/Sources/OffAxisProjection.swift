import simd

/// A window-like frustum for an eye at the (scaled) head position.
struct OffAxisProjection {
    var movementScale: Float = 2
    let near: Float = 0.01
    let far: Float = 100

    func cameraPosition(headPosition head: HeadPosition) -> SIMD3<Float> {
        SIMD3<Float>(head.x * movementScale, head.y * movementScale, max(0.05, head.z))
    }

    func projectionMatrix(headPosition head: HeadPosition, screen: ScreenCalibration) -> simd_float4x4 {
        let eye = cameraPosition(headPosition: head)
        let k = near / eye.z
        return .frustum(left: (-screen.widthMeters / 2 - eye.x) * k, right: (screen.widthMeters / 2 - eye.x) * k,
                        bottom: (-screen.heightMeters / 2 - eye.y) * k, top: (screen.heightMeters / 2 - eye.y) * k,
                        near: near, far: far)
    }
}
