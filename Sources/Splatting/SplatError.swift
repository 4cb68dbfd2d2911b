/// A scene file that cannot be used, or a bad scene/placement value: one line naming the file and the field
/// (`scene.ply: property scale_0: missing (required by the 3DGS layout)`). The CLI maps it to exit status 2.
package struct SplatError: Error, CustomStringConvertible, Equatable, Sendable {
    package var description: String

    package init(_ description: String) { self.description = description }

    /// `FILE: FIELD: MESSAGE`.
    package init(file: String, field: String, _ message: String) {
        description = "\(file): \(field): \(message)"
    }
}
