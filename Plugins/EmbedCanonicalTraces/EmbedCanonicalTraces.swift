import Foundation
import PackagePlugin

/// Embeds the canonical synthetic traces' specs (Traces/NAME.yml) into the target as Swift string literals, so that
/// a suite can name them (`builtin:sway`) with nothing copied and no checkout beside an installed `parallax`. The
/// files stay the single source: this plugin runs whenever one of them changes.
@main
struct EmbedCanonicalTraces: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let root = context.package.directoryURL.appending(path: "Traces")
        let files = try FileManager.default.contentsOfDirectory(atPath: root.path).filter { $0.hasSuffix(".yml") }.sorted()
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedCanonicalTraces.swift")
        return [.buildCommand(
            displayName: "Embedding Traces/*.yml (\(files.count) specs)",
            executable: try context.tool(named: "EmbedFiles").url,
            arguments: [output.path, "embeddedCanonicalTraceSpecs", root.path] + files,
            inputFiles: files.map { root.appending(path: $0) },
            outputFiles: [output])]
    }
}
