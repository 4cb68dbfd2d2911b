import Geometry
import Imaging
import Projection
@testable import Splatting

/// A small screen and an on-axis camera (translate view, movement scale 1): 33 × 33 pixels over 66 × 66 mm,
/// so pixel (16, 16)'s centre is on the optical axis and the screen plane has 500 px/m.
let testScreen = try! ScreenModel(name: "test", width: 0.066, height: 0.066, pixelWidth: 33, pixelHeight: 33)

func testCamera(head: Vec3 = Vec3(0, 0, 0.35), width: Int = 33, height: Int = 33, view: OffAxisProjection.ViewMode = .translate,
                screen: ScreenModel = testScreen, clip: ClipConvention = .openGL) throws -> SplatCamera {
    let projection = try OffAxisProjection(screen: screen, movementScale: 1, clip: clip, view: view)
    return try SplatCamera(try projection.camera(head: head), size: try FrameSize(width: width, height: height))
}

/// One splat per entry: world position (placement none), isotropic σ, opacity, display colour (degree 0).
func scene(_ splats: [(position: SIMD3<Float>, sigma: Float, opacity: Float, color: SIMD3<Float>)], degree: Int = 0) -> SplatScene {
    var s = SplatScene(shDegree: degree)
    for splat in splats {
        let c = splat.color
        s.append(position: splat.position, scale: SIMD3(repeating: splat.sigma), rotation: SIMD4(1, 0, 0, 0), opacity: splat.opacity,
                 coefficients: [SplatScene.dcCoefficient(color: c.x), SplatScene.dcCoefficient(color: c.y), SplatScene.dcCoefficient(color: c.z)])
    }
    return s
}

/// x·255 + 0.5 truncated (the inria writer).
func inriaByte(_ v: Double) -> Int { Int(min(max(v * 255 + 0.5, 0), 255)) }

func srgbByte(_ linear: Double) -> Int {
    let l = min(max(linear, 0), 1)
    let c = l <= 0.0031308 ? 12.92 * l : 1.055 * pow(l, 1 / 2.4) - 0.055
    return Int((c * 255).rounded())
}

import Foundation
