import Foundation
#if os(Linux)
import AVFoundation
@_spi(Simulation) import SceneKit
@_spi(Simulation) import SpriteKit
@_spi(Simulation) import UIKit
#else
// On Apple's platforms the same tests run against Apple's SceneKit (the conformance run, AppInTheLoop/README.md);
// the simulation's parts (its switches, the scene record, the simulated renderer, UIColor's components) are Linux's.
import SceneKit
#endif
import XCTest

/// The SceneKit stand-in against SceneKit's documented conventions, on hand-computed values (XCTest: Swift Testing
/// and UIKit in one file would ask for Swift Testing's UIKit overlay, which exists on Apple's platforms only).
final class SceneKitTests: XCTestCase {
    /// Rows of a node's transform, for comparisons.
    func rows(_ m: simd_float4x4) -> [[Float]] {
        (0..<4).map { i in [m.columns.0[i], m.columns.1[i], m.columns.2[i], m.columns.3[i]] }
    }

    func assertRows(_ m: simd_float4x4, _ expected: [[Float]], accuracy: Float = 1e-6, file: StaticString = #filePath, line: UInt = #line) {
        for (r, e) in zip(rows(m), expected) {
            for (a, b) in zip(r, e) { XCTAssertEqual(a, b, accuracy: accuracy, "\(rows(m))", file: file, line: line) }
        }
    }

    func testTheTransformIsTranslationTimesRotationTimesScale() {
        // A quarter turn of yaw (about y): x → −z, z → x; then scale (2, 3, 4) and translate (1, 2, 3).
        let node = SCNNode()
        node.eulerAngles.y = .pi / 2
        node.simdScale = SIMD3(2, 3, 4)
        node.position = SCNVector3(1, 2, 3)
        assertRows(node.simdTransform, [[0, 0, 4, 1], [0, 3, 0, 2], [-2, 0, 0, 3], [0, 0, 0, 1]])
    }

    func testEulerAnglesApplyRollThenYawThenPitch() {
        // R = Rx(a)·Ry(b)·Rz(c) with a = b = c = π/2: the x axis goes to Rx·Ry·(0, 1, 0)... by hand:
        // Rz: x → y; Ry(π/2): y → y; Rx(π/2): y → z. So x → z. Likewise y → −x → −x → −x; z → z → x... → x.
        let node = SCNNode()
        node.eulerAngles = SCNVector3(.pi / 2, .pi / 2, .pi / 2)
        assertRows(node.simdTransform, [[0, 0, 1, 0], [0, -1, 0, 0], [1, 0, 0, 0], [0, 0, 0, 1]])
        // A pitch of −π/4 and a yaw of π/4 (the app's directional light): its −z, where the light shines, is
        // Rx(−π/4)·Ry(π/4)·(0, 0, −1) = Rx(−π/4)·(−√½, 0, −√½) = (−√½, −½, −½).
        let light = SCNNode()
        light.eulerAngles = SCNVector3(-.pi / 4, .pi / 4, 0)
        let z = light.simdTransform.columns.2
        XCTAssertEqual(-z.x, -Float(0.5).squareRoot(), accuracy: 1e-6)
        XCTAssertEqual(-z.y, -0.5, accuracy: 1e-6)
        XCTAssertEqual(-z.z, -0.5, accuracy: 1e-6)
        // Read back as set.
        let e = light.eulerAngles
        XCTAssertEqual([e.x, e.y, e.z], [-.pi / 4, .pi / 4, 0])
    }

    #if os(Linux)
    func testTheAlternativeEulerReadingComposesRollYawPitch() {
        // The `scenekit-euler` alternative, R = Rz(c)·Ry(b)·Rx(a) with a = b = c = π/2, by hand: x → x → −z → −z;
        // y → z → x → y; z → −y → −y → x. So the columns are (0, 0, −1), (0, 1, 0), (1, 0, 0).
        SCNNode.simulatedEulerComposition = .rollYawPitch
        defer { SCNNode.simulatedEulerComposition = .pitchYawRoll }
        let node = SCNNode()
        node.eulerAngles = SCNVector3(.pi / 2, .pi / 2, .pi / 2)
        assertRows(node.simdTransform, [[0, 0, 1, 0], [0, 1, 0, 0], [-1, 0, 0, 0], [0, 0, 0, 1]])
    }
    #endif

    func testRotationIsAxisAngleAndOrientationAQuaternion() {
        // A quarter turn about z: x → y.
        let a = SCNNode(), b = SCNNode()
        a.rotation = SCNVector4(0, 0, 1, .pi / 2)
        b.simdOrientation = simd_quatf(angle: .pi / 2, axis: SIMD3(0, 0, 1))
        assertRows(a.simdTransform, [[0, -1, 0, 0], [1, 0, 0, 0], [0, 0, 1, 0], [0, 0, 0, 1]])
        assertRows(b.simdTransform, rows(a.simdTransform))
        // Each view of the one rotation reads the others back: the euler angles of that turn are (0, 0, π/2).
        XCTAssertEqual(a.eulerAngles.z, .pi / 2, accuracy: 1e-6)
        XCTAssertEqual(b.rotation.w, .pi / 2, accuracy: 1e-6)
        XCTAssertEqual(b.rotation.z, 1, accuracy: 1e-6)
    }

    func testWorldTransformIsTheParentsTimesTheChilds() {
        let parent = SCNNode(), child = SCNNode()
        parent.simdScale = SIMD3(1, 1, 0.5)
        parent.simdPosition = SIMD3(0, 1, 0)
        child.position = SCNVector3(0, 0, -2)
        parent.addChildNode(child)
        assertRows(child.simdWorldTransform, [[1, 0, 0, 0], [0, 1, 0, 1], [0, 0, 0.5, -1], [0, 0, 0, 1]])
        child.removeFromParentNode()
        XCTAssertTrue(parent.childNodes.isEmpty)
        assertRows(child.simdWorldTransform, [[1, 0, 0, 0], [0, 1, 0, 0], [0, 0, 1, -2], [0, 0, 0, 1]])
    }

    func testSettingTheTransformSetsPositionScaleAndRotation() {
        let node = SCNNode()
        node.transform = SCNMatrix4(m11: 0, m12: 2, m13: 0, m14: 0, m21: -3, m22: 0, m23: 0, m24: 0,
                                    m31: 0, m32: 0, m33: 1, m34: 0, m41: 5, m42: 6, m43: 7, m44: 1)
        let p = node.position
        XCTAssertEqual([p.x, p.y, p.z], [5, 6, 7])
        XCTAssertEqual(node.simdScale, SIMD3(2, 3, 1))
        XCTAssertEqual(node.eulerAngles.z, .pi / 2, accuracy: 1e-6)
        // SCNMatrix4's m4x row is the simd matrix's translation column.
        XCTAssertEqual(simd_float4x4(node.transform).columns.3, SIMD4(5, 6, 7, 1))
    }

    #if os(Linux)
    func testMaterialsDefaultAsSceneKitDocuments() {
        let material = SCNMaterial()
        XCTAssertEqual((material.diffuse.contents as? UIColor)?.components.red, 1)
        XCTAssertEqual((material.emission.contents as? UIColor)?.components.red, 0)
        XCTAssertEqual(material.transparency, 1)
        XCTAssertEqual(material.transparencyMode, .aOne)
        XCTAssertEqual(material.lightingModel, .blinn)
        XCTAssertFalse(material.isDoubleSided)
        let light = SCNLight()
        XCTAssertEqual(light.intensity, 1000)
        XCTAssertEqual(light.type, .omni)
    }
    #endif

    #if os(Linux)
    func testTheRecordHoldsTheGraphAsSet() {
        let scene = SCNScene()
        let plane = SCNPlane(width: 0.3, height: 0.2)
        let material = SCNMaterial()
        material.diffuse.contents = UIColor.black
        material.transparency = 0.5
        material.isDoubleSided = true
        material.lightingModel = .physicallyBased
        plane.firstMaterial = material
        let wall = SCNNode(geometry: plane)
        wall.position = SCNVector3(0, 0, -0.5)
        let edge = SCNNode(geometry: SCNCylinder(radius: 0.002, height: 0.5))
        let video = SCNNode(geometry: SCNPlane(width: 1, height: 1))
        let sprite = SKScene(size: CGSize(width: 1920, height: 1080))
        sprite.addChild(SKVideoNode(avPlayer: AVPlayer(playerItem: nil)))
        video.geometry?.firstMaterial = SCNMaterial()
        video.geometry?.firstMaterial?.diffuse.contents = sprite
        let camera = SCNNode()
        camera.camera = SCNCamera()
        camera.camera?.projectionTransform = SCNMatrix4(matrix_identity_float4x4)
        for node in [wall, edge, video, camera] { scene.rootNode.addChildNode(node) }
        let record = SCNSceneRecord(scene: scene, pointOfView: camera, roles: [(wall, "face back")])
        XCTAssertEqual(record.nodes.map(\.path), ["rootNode", "rootNode.childNodes[0]", "rootNode.childNodes[1]",
                                                  "rootNode.childNodes[2]", "rootNode.childNodes[3]"])
        XCTAssertEqual(record.pointOfView, "rootNode.childNodes[3]")
        let w = record.nodes[1]
        XCTAssertEqual(w.role, "face back")
        XCTAssertEqual(w.geometry?.kind, "plane")
        XCTAssertEqual(w.geometry?.width, 0.3)
        XCTAssertEqual(w.worldTransform[11], -0.5)
        XCTAssertEqual(w.geometry?.materials.first?.diffuse.kind, "color")
        XCTAssertEqual(w.geometry?.materials.first?.diffuse.rgba, [0, 0, 0, 1])
        XCTAssertEqual(w.geometry?.materials.first?.lightingModel, "physicallyBased")
        XCTAssertEqual(record.nodes[2].geometry?.kind, "cylinder")
        XCTAssertEqual(record.nodes[2].geometry?.radius, 0.002)
        XCTAssertEqual(record.nodes[3].geometry?.materials.first?.diffuse.kind, "video")
        XCTAssertEqual(record.nodes[4].camera?.projection, [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1])
    }
    #endif

    #if os(Linux)
    func testTheRendererCallsItsDelegateEachFrame() {
        final class Counter: NSObject, SCNSceneRendererDelegate {
            var times: [TimeInterval] = []
            func renderer(_ renderer: any SCNSceneRenderer, updateAtTime time: TimeInterval) { times.append(time) }
        }
        let counter = Counter()
        let view = SimulatedSceneRenderer(scene: SCNScene(), pointOfView: nil, delegate: counter)
        view.update(atTime: 0)
        view.update(atTime: 1.0 / 60)
        XCTAssertEqual(counter.times, [0, 1.0 / 60])
    }
    #endif
}
