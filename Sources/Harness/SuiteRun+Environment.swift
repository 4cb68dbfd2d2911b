import Foundation
import Plumbing
import Reporting

extension SuiteRun {
    static func environment() -> SuiteReport.Environment {
        let commit = (try? Self.shell("git", ["rev-parse", "--short", "HEAD"])) ?? "unknown"
        var system = utsname()
        uname(&system)
        let machine = withUnsafeBytes(of: &system.machine) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        let os = withUnsafeBytes(of: &system.sysname) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        return SuiteReport.Environment(version: ParallaxVersion.string, commit: commit.isEmpty ? "unknown" : commit,
                                       machine: "\(os) \(machine)", cores: ProcessInfo.processInfo.activeProcessorCount)
    }

    static func shell(_ command: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [command] + arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return "" }
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
