/// Hand-written PLY files with one `vertex` element, for reader and command tests.
public enum PLYText {
    /// The per-vertex attributes of a degree-0 3D Gaussian-splatting export after the position, in file order.
    public static let gaussianAttributes = ["f_dc_0", "f_dc_1", "f_dc_2", "opacity", "scale_0", "scale_1", "scale_2",
                                            "rot_0", "rot_1", "rot_2", "rot_3"]

    /// "float name" property declarations.
    public static func floats(_ names: [String]) -> [String] { names.map { "float \($0)" } }

    /// The header through `end_header`; `format` is ascii, binary_little_endian or binary_big_endian, and each
    /// property is "type name".
    public static func header(format: String = "ascii", vertices: Int, comments: [String] = [], properties: [String]) -> String {
        var lines = ["ply", "format \(format) 1.0"]
        lines += comments.map { "comment \($0)" }
        lines.append("element vertex \(vertices)")
        lines += properties.map { "property \($0)" }
        lines.append("end_header")
        return lines.joined(separator: "\n") + "\n"
    }

    /// A whole ascii file: the header, then one line per vertex.
    public static func ascii(comments: [String] = [], properties: [String], vertices: [String]) -> String {
        header(vertices: vertices.count, comments: comments, properties: properties) + vertices.map { $0 + "\n" }.joined()
    }
}
