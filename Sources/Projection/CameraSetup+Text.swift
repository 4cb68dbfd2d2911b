import Foundation

extension CameraSetup {
    /// The text form `parallax project` prints: screen, camera offset, eye, frustum, clip and both matrices.
    public func text(on screen: ScreenModel) -> String {
        func g(_ v: Double) -> String { String(format: "%.10g", v) }
        let f = frustum
        var lines = [
            "screen: \(screen.name), \(g(screen.width * 1000)) x \(g(screen.height * 1000)) mm, \(screen.pixelWidth) x \(screen.pixelHeight) px, \(screen.orientation.rawValue)",
            "camera offset: (\(g(screen.cameraOffset.x)), \(g(screen.cameraOffset.y)), \(g(screen.cameraOffset.z))) m (\(screen.cameraOffsetQuality.rawValue))",
            "eye: (\(g(eye.x)), \(g(eye.y)), \(g(eye.z))) m",
            "frustum: l \(g(f.left))  r \(g(f.right))  b \(g(f.bottom))  t \(g(f.top))  n \(g(f.near))  f \(g(f.far))",
            "clip: \(clip.rawValue)",
        ]
        for (name, m) in [("projection", projection), ("view", view)] {
            lines.append("\(name):")
            for row in m.rowArrays { lines.append("  " + row.map { String(format: "%16.10g", $0) }.joined(separator: " ")) }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
