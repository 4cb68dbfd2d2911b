import Foundation

/// Paths of report files as CI tools want them: absolute, or relative to a root folder (`--junit-root`).
enum AttachmentPath {
    /// `reportPath` is relative to the report folder (`frames/x.png`).
    static func resolve(_ reportPath: String, reportDirectory: String, root: String?) -> String {
        let absolute = absolutePath((reportDirectory as NSString).appendingPathComponent(reportPath))
        guard let root else { return absolute }
        let base = absolutePath(root)
        let prefix = base.hasSuffix("/") ? base : base + "/"
        return absolute.hasPrefix(prefix) ? String(absolute.dropFirst(prefix.count)) : absolute
    }

    static func absolutePath(_ path: String) -> String {
        let joined = path.hasPrefix("/") ? path : (FileManager.default.currentDirectoryPath as NSString).appendingPathComponent(path)
        return (joined as NSString).standardizingPath
    }
}
