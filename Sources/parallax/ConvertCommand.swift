import ArgumentParser
import Foundation
import Splatting

struct ConvertCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "convert",
        abstract: "Convert a Gaussian-splat scene between .ply, .splat and .spz (reading) and .ply or .splat (writing).",
        discussion: """
            Formats follow the file extensions. .ply is written in the binary little-endian 3DGS layout with all \
            SH coefficients; .splat keeps degree-0 colour only and quantises colour, opacity and rotation to bytes. \
            The output is written atomically.

            Examples:
              parallax convert scene.spz scene.ply
              parallax convert scene.ply scene.splat
            """
    )

    @Argument(help: "Input scene (.ply, .splat or .spz).")
    var input: String

    @Argument(help: "Output scene (.ply or .splat).")
    var output: String

    func run() throws {
        let scene = try SceneFile.load(input)
        try SceneFile.write(scene, to: output)
        print("\(output): \(scene.count) splats, SH degree \(scene.shDegree)")
    }
}
