import AppReplay
import Audit
import Foundation
import Geometry
import Imaging
import ParallaxTestSupport
import Projection
import Rendering
import Scenes
import Testing
import Tracking

/// The sample app's cube scene (SampleApp/Sources/CubeSceneController.swift), built by its own code in the scene
/// driver, against its closed form (SampleApp/README.md): room 0.0625 × 0.125 m, depth 0.25 m × zoom 0.625 (the driver's 0.6 in the sample's steps of 1/8), faces black
/// at 50 %, edges white of radius 1/1024 m, ambient 500, directional 250 straight down; eye (2x, 2y, z) on the
/// 70 × 150 mm screen of iPhone16,1.
@Suite(.serialized) struct SampleAppSceneTests {
    static let tolerance = NumericTolerance<Double>(absolute: 1e-7, relative: 1e-6)
    static let screen = try! ScreenModel.parse("iphone-15-pro")

    func scenes(_ poses: AppSceneFrames.Poses, events: String = "") throws -> [AppSceneGraph] {
        let parsed = events.isEmpty ? SceneEvents() : try SceneEvents(parsing: events)
        return try AppSceneFrames.scenes(appSource: SampleApp.folder, screen: Self.screen, poses: poses, events: parsed,
                                         cacheRoot: DriverCache.url).map(\.frame.graph)
    }

    func node(_ graph: AppSceneGraph, role: String) -> AppSceneGraph.Node? { graph.nodes.first { $0.role == role } }

    @Test func theRecordedSceneIsTheClosedForm() throws {
        let graph = try #require(try scenes(.still(Vec3(0.01, 0.02, 0.4), until: 0)).first)
        // Root, room node, 5 faces, 12 edges, camera, two lights.
        #expect(graph.nodes.count == 1 + 1 + 5 + 12 + 3)
        let back = try #require(node(graph, role: "face back"))
        #expect(back.path == "rootNode.childNodes[0].childNodes[0]")
        #expect(back.geometry?.shape == .plane(width: 0.0625, height: 0.125))
        // World: the room node's scale (1, 1, 0.625) times the wall's position (0, 0, −0.25).
        #expect(back.worldTransform.rowArrays[2][3] == -0.15625)
        let material = try #require(back.geometry?.materials.first)
        #expect(material.diffuse == .color(SIMD4(0, 0, 0, 1)) && material.transparency == 0.5 && material.transparencyMode == "aOne")
        #expect(material.lightingModel == "physicallyBased" && material.isDoubleSided)
        // The left wall: a quarter turn about y puts its x along +z, at x = −W/2, z = −D/2 · zoom.
        let left = try #require(node(graph, role: "face left"))
        #expect(left.worldTransform.rowArrays[0] == [0, 0, -1, -0.03125])
        #expect(left.worldTransform.rowArrays[2] == [0.625, 0, 0, -0.078125])
        // The camera at the eye (2x, 2y, z) with glFrustum on 70 × 150 mm.
        let camera = try #require(node(graph, role: "camera"))
        #expect(graph.pointOfView == camera.path)
        let eye = camera.worldTransform.rowArrays.map { $0[3] }
        expectClose(eye[0], 0.02, within: Self.tolerance, "eye x")
        expectClose(eye[1], 0.04, within: Self.tolerance, "eye y")
        expectClose(eye[2], 0.4, within: Self.tolerance, "eye z")
        let p = try #require(camera.camera?.projection).rowArrays
        expectClose(p[0][0], 2 * 0.4 / 0.07, within: Self.tolerance, "P00")
        expectClose(p[0][2], -2 * 0.02 / 0.07, within: Self.tolerance, "P02")
        expectClose(p[1][2], -2 * 0.04 / 0.15, within: Self.tolerance, "P12")
        let lights = graph.nodes.compactMap(\.light)
        #expect(lights.map(\.type) == ["ambient", "directional"] && lights.map(\.intensity) == [500, 250])
    }

    /// The hand-built scene of the closed form: `AppLookWorld.model` of the room with the sample's constants and
    /// lights (ambient 0.5; 0.25 from straight above).
    func handBuilt() -> AppLookWorld {
        var parameters = AppLookParameters()
        parameters.zoom = 0.625
        parameters.edgeRadius = 1.0 / 1024
        var world = AppLookWorld.model(room: CubeRoom(width: 0.0625, height: 0.125, depth: 0.25 * 0.625), parameters: parameters)
        world.lights = AppLookWorld.Lights(ambient: SIMD3(repeating: 0.5), directional: [(SIMD3(0, 1, 0), SIMD3(repeating: 0.25))])
        return world
    }

    @Test(arguments: [Vec3(0.01, 0.02, 0.4), Vec3(-0.02, -0.01, 0.3), Vec3(0.04, 0.05, 0.5)])
    func theSceneRendersExactlyAsTheHandBuiltScene(head: Vec3) throws {
        let graph = try #require(try scenes(.still(head, until: 0)).first)
        let drawing = try AppSceneDrawing(graph: graph)
        let parameters = AppLookParameters()
        func render(_ world: AppLookWorld) -> RGBAImage {
            AppLookRenderer.render(world: world, clipFromWorld: drawing.clipFromWorld, eye: drawing.eye, width: 70, height: 150,
                                   f0: parameters.f0, roughness: parameters.roughness)
        }
        let fromApp = render(drawing.world), model = render(handBuilt())
        let differing = zip(fromApp.pixels, model.pixels).filter { $0 != $1 }.count
        #expect(differing == 0, "the app's scene and the hand-built one differ in \(differing) bytes at head \(head)")
        // Not trivially equal: the room's edges and the lit floor show (white and grey pixels), and black around.
        #expect(fromApp.pixels.contains(255) && Set(fromApp.pixels).count > 3)
    }

    @Test func eventsChangeTheRoomAsTheControllerDoes() throws {
        let still = Vec3(0, 0, 0.4)
        let zoomed = try #require(try scenes(.still(still, until: 0.5), events: "zoom=1@0.25").first)
        #expect(zoomed.nodes[1].transform.rowArrays[2][2] == 1)
        let portrait = try #require(try scenes(.still(still, until: 0.5), events: "room=portrait@0.1").first)
        #expect(node(portrait, role: "face back")?.geometry?.shape == .plane(width: 0.03125, height: 0.125))
        // The reset button after a zoom: resetView() puts the zoom back to 0.625.
        let reset = try #require(try scenes(.still(still, until: 0.5), events: "zoom=2@0.1,recenter@0.2").first)
        #expect(reset.nodes[1].transform.rowArrays[2][2] == 0.625)
    }

    @Test func wobbleAndInertiaFollowTheRotationRateTheAppReads() throws {
        // The phone turning about its y axis at ω = 0.6 rad/s: the driver's rate is (0, ω, 0) from the second sample.
        let omega = 0.6, count = 31
        let attitudes = (0..<count).map { k in Quaternion(axis: Vec3(0, 1, 0), angle: omega * Double(k) / 60) }
        let trace = SampleApp.trace(Array(repeating: Vec3(0, 0, 0.4), count: count), attitudes: attitudes)
        let frames = try scenes(.trace(trace, name: "turn", every: 10), events: "wobble=on@0,inertia=on@0")
        #expect(frames.count == 4)
        for (i, graph) in frames.enumerated() {
            let k = 10 * i  // samples with the rate so far: k (the first has none)
            let room = graph.nodes[1].transform.rowArrays
            // Wobble: yaw 0.01·ω ⇒ R = Ry(0.006) (then scale z 0.625); inertia: x = 0.5·ω·k/60.
            let yaw = k == 0 ? 0 : 0.01 * omega
            expectClose(room[0][0], cos(yaw), within: Self.tolerance, "Ry cos at sample \(k)")
            expectClose(room[0][2], sin(yaw) * 0.625, within: Self.tolerance, "Ry sin · zoom at sample \(k)")
            expectClose(room[0][3], 0.5 * omega * Double(k) / 60, within: Self.tolerance, "inertia x at sample \(k)")
        }
    }

    @Test func aSceneTheRendererCannotDrawIsNamedByItsNodePath() throws {
        let variant = try SampleApp.variant("CubeSceneController.swift") {
            $0.replacingOccurrences(of: "material.lightingModel = .physicallyBased", with: "material.lightingModel = .blinn")
        }
        let frames = try AppSceneFrames.scenes(appSource: variant.url.path, screen: Self.screen, poses: .still(Vec3(0, 0, 0.4), until: 0),
                                               events: SceneEvents(), cacheRoot: DriverCache.url)
        #expect(throws: AppSceneGraphError(node: "rootNode.childNodes[0].childNodes[0] (face back)",
                                           problem: "lighting model blinn (the renderer draws physicallyBased and constant faces)")) {
            try AppSceneDrawing(graph: frames[0].frame.graph)
        }
    }
}
