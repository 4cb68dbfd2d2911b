import Imaging
/// Built-in face textures that make orientation errors obvious: a distinct colour per face, a checker
/// grid, the face's name in the middle and a marker in each corner — top-left red square, top-right green,
/// bottom-right blue, bottom-left yellow (the corner markers' colours are the same on every face).
package enum DefaultFaceTextures {
    package static let size = 256
    package static let checkerCells = 8

    package static let faceColors: [CubeRoom.Face: RGBA] = [
        .back: RGBA(200, 200, 210), .left: RGBA(120, 170, 230), .right: RGBA(230, 160, 110),
        .top: RGBA(150, 210, 150), .bottom: RGBA(200, 150, 210),
    ]
    package static let cornerColors: [RGBA] = [RGBA(230, 30, 30), RGBA(30, 200, 30), RGBA(30, 60, 230), RGBA(240, 220, 20)]
    /// Corner markers are squares of this many texels, inset by `cornerInset`.
    package static let cornerSize = 40
    package static let cornerInset = 8

    package static func texture(for face: CubeRoom.Face) -> RGBAImage {
        let n = size, cell = n / checkerCells
        let base = faceColors[face]!
        var image = RGBAImage(width: n, height: n)
        func set(_ x: Int, _ y: Int, _ c: RGBA) {
            let i = 4 * (y * n + x)
            image.pixels[i] = c.r
            image.pixels[i + 1] = c.g
            image.pixels[i + 2] = c.b
            image.pixels[i + 3] = 255
        }
        for y in 0..<n {
            for x in 0..<n {
                let dark = ((x / cell) + (y / cell)) % 2 == 1
                set(x, y, dark ? RGBA(base.r / 10 * 7, base.g / 10 * 7, base.b / 10 * 7) : base)
            }
        }
        // Corner markers: TL, TR, BR, BL.
        let low = cornerInset, high = n - cornerInset - cornerSize
        for (index, (ox, oy)) in [(low, low), (high, low), (high, high), (low, high)].enumerated() {
            for y in oy..<(oy + cornerSize) { for x in ox..<(ox + cornerSize) { set(x, y, cornerColors[index]) } }
        }
        // The name, 4 texels per font pixel, centred.
        let label = Array(face.rawValue.uppercased())
        let scale = 5, advance = 6 * scale
        let textWidth = label.count * advance - scale, textHeight = 7 * scale
        let left = (n - textWidth) / 2, top = (n - textHeight) / 2
        for (k, character) in label.enumerated() {
            for row in 0..<7 {
                for column in 0..<5 where BitmapFont.isSet(character, column: column, row: row) {
                    for dy in 0..<scale {
                        for dx in 0..<scale { set(left + k * advance + column * scale + dx, top + row * scale + dy, RGBA(20, 20, 20)) }
                    }
                }
            }
        }
        return image
    }
}
