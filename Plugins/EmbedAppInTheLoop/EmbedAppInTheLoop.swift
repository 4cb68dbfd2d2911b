import Foundation
import PackagePlugin

/// Embeds the app-in-the-loop sources (AppInTheLoop/: the Apple stand-ins package and the replay driver) into
/// the target as Swift string literals, so an installed `parallax` can write the driver package anywhere —
/// no checkout needed. The files stay the single source: this plugin runs whenever one of them changes.
@main
struct EmbedAppInTheLoop: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let root = context.package.directoryURL.appending(path: "AppInTheLoop")
        let files = try Self.files(under: root)
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedAppInTheLoop.swift")
        return [.buildCommand(
            displayName: "Embedding AppInTheLoop/ (\(files.count) files)",
            executable: try context.tool(named: "EmbedFiles").url,
            arguments: [output.path, "embeddedAppInTheLoopFiles", root.path] + files,
            inputFiles: files.map { root.appending(path: $0) },
            outputFiles: [output])]
    }

    /// Paths relative to `root` of the files a driver package needs (Swift sources and Package.swift files;
    /// not the stand-ins' tests or READMEs), sorted.
    static func files(under root: URL) throws -> [String] {
        guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey]) else { return [] }
        var paths: [String] = []
        let prefix = root.standardizedFileURL.path + "/"
        for case let url as URL in walker where url.pathExtension == "swift" {
            let path = String(url.standardizedFileURL.path.dropFirst(prefix.count))
            if path.contains("/Tests/") || path.contains("/.build") { continue }
            paths.append(path)
        }
        return paths.sorted()
    }
}
