import Foundation
import Geometry
import ParallaxTestSupport
import Projection
import Testing

@Suite struct OffAxisProjectionTests {
    let screen = try! ScreenModel.device("iphone-16-pro")

    /// Relative difference of two matrices, scaled by the largest element.
    func relativeDifference(_ a: Mat4, _ b: Mat4) -> Double {
        a.maxAbsDifference(b) / b.elements.map(abs).max()!
    }

    @Test func appFormulaEqualsKooimaForTheScreenPlane() throws {
        let kooima = try GeneralizedPerspective(width: screen.width, height: screen.height, near: 0.001, far: 10)
        var random = SplitMix64(seed: 11)
        for _ in 0..<500 {
            let s = random.uniform(0.5...3)
            let app = try OffAxisProjection(screen: screen, movementScale: s)
            let head = Vec3(random.uniform(-0.2...0.2), random.uniform(-0.2...0.2), random.uniform(0.1...1.0))
            let camera = try app.camera(head: head)
            // Kooima with the same eye, built from the corners: an independent construction.
            let reference = try kooima.camera(eye: Vec3(s * head.x, s * head.y, head.z))
            #expect(relativeDifference(camera.projection, reference.projection) < 1e-12)
            #expect(relativeDifference(camera.view, reference.view) < 1e-12)
            #expect(camera.eye == reference.eye)
        }
    }

    @Test func kooimaHandlesAnyScreenPose() throws {
        // A screen rotated 30° about y and moved: its own corners still map to the NDC corners.
        let pose = Mat4.translation(Vec3(0.1, 0.05, -0.2)) * Mat4.rotationY(.pi / 6)
        let (w, h) = (0.3, 0.2)
        let corners = [Vec3(-w / 2, -h / 2, 0), Vec3(w / 2, -h / 2, 0), Vec3(-w / 2, h / 2, 0), Vec3(w / 2, h / 2, 0)]
            .map { pose.transformProjecting(point: $0) }
        let kooima = try GeneralizedPerspective(lowerLeft: corners[0], lowerRight: corners[1], upperLeft: corners[2])
        let eye = pose.transformProjecting(point: Vec3(0.04, -0.03, 0.5))
        let camera = try kooima.camera(eye: eye)
        let expected = [Vec3(-1, -1, 0), Vec3(1, -1, 0), Vec3(-1, 1, 0), Vec3(1, 1, 0)]
        for (corner, target) in zip(corners, expected) {
            let p = ndc(camera.projection, camera.view, corner)
            #expect(abs(p.x - target.x) < 1e-12 && abs(p.y - target.y) < 1e-12)
        }
        #expect { try kooima.camera(eye: pose.transformProjecting(point: Vec3(0, 0, -0.1))) } throws: { "\($0)".contains("eye distance") }
        #expect { try GeneralizedPerspective(lowerLeft: .zero, lowerRight: Vec3(1, 0, 0), upperLeft: Vec3(2, 0, 0)) } throws: { "\($0)".contains("collinear") }
        #expect { try GeneralizedPerspective(width: 0, height: 0.1) } throws: { "\($0)".contains("screen width") }
    }

    @Test func screenPlanePointsArePinnedForAnyEye() throws {
        var random = SplitMix64(seed: 5)
        for _ in 0..<300 {
            let app = try OffAxisProjection(screen: screen, movementScale: random.uniform(0.5...3), clip: random.next() < 0.5 ? .openGL : .metal)
            let camera = try app.camera(head: Vec3(random.uniform(-0.3...0.3), random.uniform(-0.3...0.3), random.uniform(0.05...1.5)))
            let x = random.uniform(-0.1...0.1), y = random.uniform(-0.1...0.1)
            let p = ndc(camera.projection, camera.view, Vec3(x, y, 0))
            #expect(abs(p.x - 2 * x / screen.width) < 1e-12)
            #expect(abs(p.y - 2 * y / screen.height) < 1e-12)
        }
    }

    @Test func pointsBehindTheScreenLandOnTheLineToTheEye() throws {
        var random = SplitMix64(seed: 9)
        let app = try OffAxisProjection(screen: screen, movementScale: 1.5)
        for _ in 0..<300 {
            let camera = try app.camera(head: Vec3(random.uniform(-0.2...0.2), random.uniform(-0.2...0.2), random.uniform(0.15...1)))
            let e = camera.eye
            let x = random.uniform(-0.3...0.3), y = random.uniform(-0.3...0.3), d = random.uniform(0...2)
            let p = ndc(camera.projection, camera.view, Vec3(x, y, -d))
            let xs = e.x + (x - e.x) * e.z / (e.z + d), ys = e.y + (y - e.y) * e.z / (e.z + d)
            #expect(abs(p.x * screen.width / 2 - xs) < 1e-14)
            #expect(abs(p.y * screen.height / 2 - ys) < 1e-14)
            // A point at infinity (a direction straight into the screen) lands right under the eye.
            let atInfinity = ((camera.projection * camera.view) * Vec4(direction: Vec3(0, 0, -1))).perspectiveDivided
            #expect(abs(atInfinity.x * screen.width / 2 - e.x) < 1e-14)
            #expect(abs(atInfinity.y * screen.height / 2 - e.y) < 1e-14)
            let farAway = ndc(camera.projection, camera.view, Vec3(x, y, -1e9))
            #expect(abs(farAway.x * screen.width / 2 - e.x) < 1e-9)
        }
    }

    @Test func workedExampleIPhone16Pro() throws {
        let app = try OffAxisProjection(screen: screen, movementScale: 1.5, near: 0.001, far: 10)
        let camera = try app.camera(head: Vec3(0.02, -0.01, 0.35))
        let f = camera.frustum
        expectClose(f.left, -1.80846e-4, within: .relative(5e-6))
        expectClose(f.right, 9.41739e-6, within: .relative(5e-6))
        expectClose(f.bottom, -1.63971e-4, within: .relative(5e-6))
        expectClose(f.top, 2.49686e-4, within: .relative(5e-6))
        let p = camera.projection
        let row0 = [10.51174573, 0, -0.9010067771, 0], row1 = [0, 4.834921951, 0.2072109407, 0]
        for c in 0..<4 {
            #expect(row0[c] == 0 ? p[0, c] == 0 : isClose(p[0, c], row0[c], within: .relative(1e-9)), "row 0 column \(c): \(p[0, c])")
            #expect(row1[c] == 0 ? p[1, c] == 0 : isClose(p[1, c], row1[c], within: .relative(1e-9)), "row 1 column \(c): \(p[1, c])")
        }
        let backWall = ndc(camera.projection, camera.view, Vec3(0, 0, -0.3))
        #expect(abs(backWall.x - 0.415849) < 5e-7)
        #expect(abs(backWall.x * screen.width / 2 * 1000 - 13.85) < 0.005)
        // A true window (s = 1): 9.23 mm.
        let window = try OffAxisProjection(screen: screen, movementScale: 1).camera(head: Vec3(0.02, -0.01, 0.35))
        #expect(abs(ndc(window.projection, window.view, Vec3(0, 0, -0.3)).x * screen.width / 2 * 1000 - 9.23) < 0.005)
    }

    @Test func metalIsTheHalfDepthRemapOfOpenGL() throws {
        let head = Vec3(0.03, 0.01, 0.4)
        let gl = try OffAxisProjection(screen: screen, clip: .openGL).camera(head: head)
        let metal = try OffAxisProjection(screen: screen, clip: .metal).camera(head: head)
        let remap = Mat4(1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0.5, 0.5, 0, 0, 0, 1)
        #expect((remap * gl.projection).maxAbsDifference(metal.projection) < 1e-15)
        let e = gl.eye
        let onNear = e + Vec3(0, 0, -0.001), onFar = e + Vec3(0, 0, -10)
        #expect(abs(ndc(gl.projection, gl.view, onNear).z + 1) < 1e-9)
        #expect(abs(ndc(metal.projection, metal.view, onNear).z) < 1e-9)
        #expect(abs(ndc(gl.projection, gl.view, onFar).z - 1) < 1e-9)
        #expect(abs(ndc(metal.projection, metal.view, onFar).z - 1) < 1e-9)
    }

    @Test func splatLookAtBreaksPinningByTheExpectedAmount() throws {
        // Eye x 0.075 m at 0.4 m: head 0.05 m × s 1.5.
        let splat = try OffAxisProjection(screen: screen, movementScale: 1.5, view: .splat)
        let camera = try splat.camera(head: Vec3(0.05, 0, 0.4))
        #expect(abs(camera.eye.x - 0.075) < 1e-15)
        // The camera turns toward (0, 0, −0.25): yaw = atan(0.075 / 0.65) ≈ 6.6°.
        let forward = -Vec3(camera.view[2, 0], camera.view[2, 1], camera.view[2, 2])
        let yaw = atan2(-forward.x, -forward.z) * 180 / .pi
        #expect(abs(yaw - atan(0.075 / 0.65) * 180 / .pi) < 1e-9)
        #expect(abs(yaw - 6.58) < 0.01)
        // A point on the glass is drawn where the turned camera sees it through the unturned frustum:
        // x_s = ex + ez·tan(atan((X − ex)/ez) + yaw).
        for x in [-0.03, 0.0, 0.02] {
            let p = ndc(camera.projection, camera.view, Vec3(x, 0, 0))
            let expected = 0.075 + 0.4 * tan(atan((x - 0.075) / 0.4) + atan(0.075 / 0.65))
            #expect(abs(p.x * screen.width / 2 - expected) < 1e-12)
            #expect(abs(p.x * screen.width / 2 - x) > 0.02)
        }
        // The translate view keeps it pinned.
        let cube = try OffAxisProjection(screen: screen, movementScale: 1.5).camera(head: Vec3(0.05, 0, 0.4))
        #expect(abs(ndc(cube.projection, cube.view, .zero).x) < 1e-15)
    }

    @Test func cameraRelativeHeadsGetTheCameraOffset() throws {
        let head = Vec3(0.01, -0.07, 0.3)
        let asApp = try OffAxisProjection(screen: screen, movementScale: 2, headFrame: .screen).eye(head: head)
        let corrected = try OffAxisProjection(screen: screen, movementScale: 2, headFrame: .camera).eye(head: head)
        #expect(asApp == Vec3(0.02, -0.14, 0.3))
        let c = screen.cameraOffset
        #expect(corrected == Vec3(2 * (0.01 + c.x), 2 * (-0.07 + c.y), 0.3 + c.z))
    }

    @Test func eyeIsScaledInXYClampedInZ() throws {
        let app = try OffAxisProjection(screen: screen, movementScale: 1.5)
        #expect(try app.eye(head: Vec3(0.02, -0.01, 0.05)) == Vec3(0.03, -0.015, 0.1))
        #expect(try app.eye(head: Vec3(0.02, -0.01, -0.2)) == Vec3(0.03, -0.015, 0.1))
        #expect(try app.eye(head: Vec3(0.02, -0.01, 0.5)).z == 0.5)
    }

    @Test func badGeometryIsAnErrorNamingTheValue() throws {
        let unclamped = try OffAxisProjection(screen: screen, zMin: nil)
        #expect { try unclamped.camera(head: Vec3(0, 0, -0.01)) } throws: {
            "\($0)" == "eye z: expected > 0 m (in front of the screen plane) with no zMin clamp, found -0.01 m"
        }
        #expect { try unclamped.camera(head: Vec3(0, 0, 0)) } throws: { "\($0)".contains("eye z") }
        let farNear = try OffAxisProjection(screen: screen, near: 0.5)
        #expect { try farNear.camera(head: Vec3(0, 0, 0.35)) } throws: { "\($0)".hasPrefix("near:") && "\($0)".contains("0.35") && "\($0)".contains("found 0.5 m") }
        #expect { try OffAxisProjection(screen: screen).camera(head: Vec3(.nan, 0, 0.3)) } throws: { "\($0)".hasPrefix("head:") && "\($0)".contains("nan") }
        #expect { try OffAxisProjection(screen: screen).camera(head: Vec3(0, .infinity, 0.3)) } throws: { "\($0)".contains("inf") }
        #expect { try OffAxisProjection(screen: screen, near: 0) } throws: { "\($0)".hasPrefix("near:") }
        #expect { try OffAxisProjection(screen: screen, far: 0.0005) } throws: { "\($0)".hasPrefix("far:") }
        #expect { try OffAxisProjection(screen: screen, movementScale: .nan) } throws: { "\($0)".hasPrefix("movement scale:") }
        #expect { try OffAxisProjection(screen: screen, zMin: -1) } throws: { "\($0)".hasPrefix("zMin:") }
        var zeroSize = screen
        zeroSize.width = 0
        #expect { try OffAxisProjection(screen: zeroSize) } throws: { "\($0)" == "screen width: expected a positive finite size in meters, found 0.0" }
        #expect { try OffAxisProjection(screen: screen, view: .lookAt(target: Vec3(0, 0, -0.25), up: .zero)) } throws: { "\($0)".hasPrefix("lookAt:") }
    }
}
