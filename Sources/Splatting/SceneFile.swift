import Foundation
import Plumbing

/// Loading and saving scenes by file extension (`.ply`, `.splat`, `.spz`; writing `.ply` and `.splat`).
package enum SceneFile {
    package enum Format: String, CaseIterable, Sendable {
        case ply, splat, spz
    }

    /// The format named by a path's extension (case-insensitive).
    package static func format(of path: String) throws -> Format {
        let ext = (path as NSString).pathExtension.lowercased()
        guard let format = Format(rawValue: ext) else {
            throw SplatError(file: path, field: "extension", "expected .ply, .splat or .spz, found '\(ext.isEmpty ? "(none)" : "." + ext)'")
        }
        return format
    }

    /// Reads a scene file of any supported format.
    package static func load(_ path: String) throws -> SplatScene {
        switch try format(of: path) {
        case .ply: return try PLYReader.read(contentsOf: path)
        case .splat: return try SplatFormat.read(contentsOf: path)
        case .spz: return try SPZReader.read(contentsOf: path)
        }
    }

    /// Writes `scene` atomically as `.ply` (binary little endian, 3DGS layout) or `.splat`.
    package static func write(_ scene: SplatScene, to path: String) throws {
        let bytes: [UInt8]
        switch try format(of: path) {
        case .ply: bytes = PLYWriter.encode(scene)
        case .splat: bytes = SplatFormat.encode(scene)
        case .spz: throw SplatError(file: path, field: "format", "writing .spz is not supported (write .ply or .splat)")
        }
        try AtomicFile.write(bytes, to: path)
    }

    /// The whole file, or an error naming it and the field `file`.
    static func readBytes(_ path: String) throws -> [UInt8] {
        do {
            return try FileContents.read(path)
        } catch let error as FileError {
            throw SplatError(file: path, field: "file", "cannot read: \(error.reason)")
        }
    }

    /// The first bytes of a file for messages: printable text quoted, otherwise hex.
    static func describeStart(_ bytes: [UInt8]) -> String {
        if bytes.isEmpty { return "an empty file" }
        let head = bytes.prefix(4)
        if head.allSatisfy({ $0 >= 32 && $0 < 127 }) { return "'\(String(decoding: head, as: UTF8.self))'" }
        return head.map { String(format: "%02x", $0) }.joined(separator: " ")
    }
}

/// Checks shared by the readers.
enum SceneValidation {
    /// Every position, scale, rotation, opacity and SH value must be finite.
    static func checkFinite(_ scene: SplatScene, name: String) throws {
        func check(_ array: [Float], _ field: String, per: Int) throws {
            if let bad = array.firstIndex(where: { !$0.isFinite }) {
                throw SplatError(file: name, field: "splat \(bad / per) \(field)", "expected a finite number, found \(array[bad])")
            }
        }
        try check(scene.positions, "position", per: 3)
        try check(scene.scales, "scale", per: 3)
        try check(scene.rotations, "rotation", per: 4)
        try check(scene.opacities, "opacity", per: 1)
        try check(scene.sh, "SH coefficient", per: 3 * scene.coefficientsPerSplat)
    }
}
