import Geometry

/// The app's cube room: an opening of `width` × `height` in the screen plane (z = 0) and a box `depth`
/// deep behind it (back wall at z = −depth), with an image on each of its five inner faces.
///
/// Texture placement: every image appears upright and unmirrored to a viewer looking into the room through
/// the window — the faces form the net of the box unfolded about the back wall's edges; u = 0 is the image's
/// left column, v = 0 its top row. With x0, x1 = ∓W/2, y0, y1 = ∓H/2, z0 = −depth, each face's corners are
/// listed as the image's (top-left, top-right, bottom-right, bottom-left).
package struct CubeRoom: Sendable, Equatable {
    package enum Face: String, CaseIterable, Sendable {
        case back, left, right, top, bottom
    }

    /// Meters.
    package var width: Double
    package var height: Double
    package var depth: Double

    package init(width: Double, height: Double, depth: Double) {
        self.width = width
        self.height = height
        self.depth = depth
    }

    /// The app's default room: 0.30 × 0.30 m opening, depth 0.50 m × zoom 0.6 = 0.30 m.
    package static let appCube = CubeRoom(width: 0.30, height: 0.30, depth: 0.50 * 0.6)
    /// The app's portrait room: 0.22 × 0.42 m opening, same depth as the cube (0.50 m × zoom 0.6).
    package static let appPortrait = CubeRoom(width: 0.22, height: 0.42, depth: 0.50 * 0.6)

    /// The opening is the screen rectangle itself; depth = the screen's height.
    package static func screen(width: Double, height: Double) -> CubeRoom {
        CubeRoom(width: width, height: height, depth: height)
    }

    /// The face's corners as the image's (top-left, top-right, bottom-right, bottom-left), world meters.
    package func corners(of face: Face) -> [Vec3] {
        let x0 = -width / 2, x1 = width / 2, y0 = -height / 2, y1 = height / 2, z0 = -depth
        switch face {
        case .back: return [Vec3(x0, y1, z0), Vec3(x1, y1, z0), Vec3(x1, y0, z0), Vec3(x0, y0, z0)]
        case .left: return [Vec3(x0, y1, 0), Vec3(x0, y1, z0), Vec3(x0, y0, z0), Vec3(x0, y0, 0)]
        case .right: return [Vec3(x1, y1, z0), Vec3(x1, y1, 0), Vec3(x1, y0, 0), Vec3(x1, y0, z0)]
        case .top: return [Vec3(x0, y1, 0), Vec3(x1, y1, 0), Vec3(x1, y1, z0), Vec3(x0, y1, z0)]
        case .bottom: return [Vec3(x0, y0, z0), Vec3(x1, y0, z0), Vec3(x1, y0, 0), Vec3(x0, y0, 0)]
        }
    }

    /// Two triangles per face in clip space, (u, v) = (0,0) top-left … (1,1) bottom-right; the texture index
    /// is the face's position in `Face.allCases`.
    /// - Parameter clipFromWorld: projection · view, a 4×4 matrix acting on column vectors, row-major.
    package func clipTriangles(clipFromWorld matrix: Mat4) -> [ClipTriangle] {
        let m = matrix.elements
        precondition(m.count == 16, "a 4×4 matrix has 16 entries")
        func transform(_ p: Vec3, _ u: Double, _ v: Double) -> ClipVertex {
            ClipVertex(x: m[0] * p.x + m[1] * p.y + m[2] * p.z + m[3],
                       y: m[4] * p.x + m[5] * p.y + m[6] * p.z + m[7],
                       z: m[8] * p.x + m[9] * p.y + m[10] * p.z + m[11],
                       w: m[12] * p.x + m[13] * p.y + m[14] * p.z + m[15], u: u, v: v)
        }
        var triangles: [ClipTriangle] = []
        for (index, face) in Face.allCases.enumerated() {
            let c = corners(of: face)
            let tl = transform(c[0], 0, 0), tr = transform(c[1], 1, 0), br = transform(c[2], 1, 1), bl = transform(c[3], 0, 1)
            triangles.append(ClipTriangle(tl, tr, br, texture: index))
            triangles.append(ClipTriangle(tl, br, bl, texture: index))
        }
        return triangles
    }
}

extension CubeRoom {
    /// The app's room depth before pinch zoom (`CubeSceneController`: cubeSize and portraitSize depth 0.5 m).
    package static let appBaseDepth = 0.5

    /// The app's square room with its depth scaled by the pinch zoom (0.3–4.0; 0.6 gives `appCube`).
    package static func appCube(zoom: Double) -> CubeRoom { CubeRoom(width: 0.30, height: 0.30, depth: appBaseDepth * zoom) }
    /// The app's portrait room with its depth scaled by the pinch zoom (0.6 gives `appPortrait`).
    package static func appPortrait(zoom: Double) -> CubeRoom { CubeRoom(width: 0.22, height: 0.42, depth: appBaseDepth * zoom) }
}
