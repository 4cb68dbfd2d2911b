import Foundation
import Imaging

/// The overlay of one instant: the true window's frame, dimmed, with each probe point the true window shows marked
/// where it draws it (a cyan ring) and an arrow to where the app draws it (yellow; clipped at the frame's edge when
/// the app draws it off the panel).
enum AuditOverlay {
    static let ring = RGBA(0, 220, 255)
    static let arrow = RGBA(255, 212, 0)

    /// `moves`: per probe point, from the true window's position to the app's, in the frame's pixels (x right, y down).
    static func draw(on frame: RGBAImage, moves: [(from: (x: Double, y: Double), to: (x: Double, y: Double))]) -> RGBAImage {
        var image = frame
        for i in stride(from: 0, to: image.pixels.count, by: 4) {
            for c in 0..<3 { image.pixels[i + c] = UInt8(Double(image.pixels[i + c]) * 0.45) }
        }
        for move in moves {
            line(&image, move.from, move.to, color: arrow)
            let dx = move.to.x - move.from.x, dy = move.to.y - move.from.y, length = hypot(dx, dy)
            if length >= 4, inside(image, move.to) {
                // The arrowhead: two strokes 25° either side of the shaft, 6 px long.
                let angle = atan2(dy, dx)
                for side in [-1.0, 1.0] {
                    let a = angle + .pi - side * 25 * .pi / 180
                    line(&image, move.to, (move.to.x + 6 * cos(a), move.to.y + 6 * sin(a)), color: arrow)
                }
            }
            circle(&image, move.from, radius: 3, color: ring)
        }
        return image
    }

    static func inside(_ image: RGBAImage, _ p: (x: Double, y: Double)) -> Bool {
        p.x >= 0 && p.y >= 0 && p.x < Double(image.width) && p.y < Double(image.height)
    }

    /// A 2-px line, sampled every half pixel (points outside the frame are skipped).
    static func line(_ image: inout RGBAImage, _ a: (x: Double, y: Double), _ b: (x: Double, y: Double), color: RGBA) {
        let steps = max(1, Int((2 * hypot(b.x - a.x, b.y - a.y)).rounded(.up)))
        guard steps < 1_000_000 else { return }
        for k in 0...steps {
            let w = Double(k) / Double(steps)
            let x = a.x + w * (b.x - a.x), y = a.y + w * (b.y - a.y)
            image.fill(x: Int(x.rounded(.down)), y: Int(y.rounded(.down)), width: 2, height: 2, with: color)
        }
    }

    static func circle(_ image: inout RGBAImage, _ c: (x: Double, y: Double), radius: Double, color: RGBA) {
        for k in 0..<48 {
            let a = Double(k) / 48 * 2 * .pi
            let x = Int((c.x + radius * cos(a)).rounded(.down)), y = Int((c.y + radius * sin(a)).rounded(.down))
            if x >= 0, y >= 0, x < image.width, y < image.height { image[x, y] = color }
        }
    }
}
