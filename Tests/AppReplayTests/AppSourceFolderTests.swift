@testable import AppReplay
import Foundation
import ParallaxTestSupport
import Testing

/// Which files the replay compiles: the required ones, and every other Swift file of the folder that declares a type
/// they name — followed to a fixed point, names in comments and strings ignored, the hash over every compiled file.
@Suite struct AppSourceFolderTests {
    @Test func namesAreReadFromCodeNotFromCommentsOrStrings() {
        let names = SwiftNames(source: #"""
            /* a /* nested */ ParallaxRecorder */ // Hidden
            final class Shown: NSObject { class func make() -> Other { Other() } }
            let text = "Quoted \(1) and \"Escaped\""
            let raw = #"Raw "Inner" text"#
            let block = """
                Multiline
                """
            #if DEBUG
            struct _Debug {}
            #endif
            protocol Named {} ; enum E { case a } ; typealias Alias = Int ; actor Worker {}
            x = 1.5e3
            """#)
        #expect(names.declaredTypes == ["Shown", "_Debug", "Named", "E", "Alias", "Worker"])
        for hidden in ["ParallaxRecorder", "Hidden", "nested", "Quoted", "Escaped", "Raw", "Inner", "Multiline"] {
            #expect(!names.identifiers.contains(hidden), "\(hidden)")
        }
        for shown in ["Other", "make", "DEBUG", "NSObject", "text", "raw", "block", "x"] {
            #expect(names.identifiers.contains(shown), "\(shown)")
        }
    }

    @Test func aFileDeclaringANamedTypeIsCompiledAndSoIsWhatItNames() throws {
        let folder = try SampleApp.variant("HeadTrackingService.swift") {
            $0.replacingOccurrences(of: "    private let session = ARSession()\n", with: "    private let session = ARSession()\n    let helper = Helper()\n")
        }
        defer { folder.cleanUp() }
        try FileManager.default.createDirectory(atPath: folder.path("Extra"), withIntermediateDirectories: true)
        try "final class Helper { let part = Part() }\n".write(toFile: folder.path("Extra/Helper.swift"), atomically: true, encoding: .utf8)
        try "struct Part {}\n".write(toFile: folder.path("Part.swift"), atomically: true, encoding: .utf8)
        // Named only in a comment of a compiled file, or by a file that is not compiled: left out.
        try "// Part of a view: uses ContentView\nstruct Unused { let view = ContentView() }\n".write(toFile: folder.path("Unused.swift"), atomically: true, encoding: .utf8)
        try "struct ContentView {}\n".write(toFile: folder.path("ContentView.swift"), atomically: true, encoding: .utf8)
        let app = try AppSourceFolder(path: folder.url.path)
        #expect(app.files.map(\.relativePath) == AppSourceFolder.requiredFiles + ["Extra/Helper.swift", "Part.swift"])
        #expect(app.contents.last == Array("struct Part {}\n".utf8))
        // The hash covers the added files: another byte in Part.swift, another hash.
        try "struct Part { }\n".write(toFile: folder.path("Part.swift"), atomically: true, encoding: .utf8)
        #expect(try AppSourceFolder(path: folder.url.path).hash != app.hash)
    }

    @Test func theSampleAppAloneCompilesTheRequiredFilesOnly() throws {
        let app = try AppSourceFolder(path: SampleApp.folder)
        #expect(app.files.map(\.name) == AppSourceFolder.requiredFiles)
    }

    @Test func twoNeededFilesOfOneNameAreRefused() throws {
        let folder = try SampleApp.variant("HeadTrackingService.swift") {
            $0.replacingOccurrences(of: "    private let session = ARSession()\n", with: "    private let session = ARSession()\n    let a = A()\n    let b = B()\n")
        }
        defer { folder.cleanUp() }
        for (dir, type) in [("One", "A"), ("Two", "B")] {
            try FileManager.default.createDirectory(atPath: folder.path(dir), withIntermediateDirectories: true)
            try "struct \(type) {}\n".write(toFile: folder.path("\(dir)/Types.swift"), atomically: true, encoding: .utf8)
        }
        #expect(throws: AppReplayError.ambiguousFiles(folder: folder.url.path, name: "Types.swift", paths: ["One/Types.swift", "Two/Types.swift"])) {
            try AppSourceFolder(path: folder.url.path)
        }
    }
}
