import Foundation
import Plumbing
import Testing

/// A staged folder replaces its destination whole; what dead processes left beside it goes at the next open.
struct StagedDirectoryTests {
    let parent = NSTemporaryDirectory() + "staged-\(UUID().uuidString)"
    var destination: String { parent + "/report" }

    func files(_ directory: String) throws -> [String: [UInt8]] {
        var files: [String: [UInt8]] = [:]
        for path in FileManager.default.subpaths(atPath: directory) ?? [] {
            var isDirectory: ObjCBool = false
            FileManager.default.fileExists(atPath: directory + "/" + path, isDirectory: &isDirectory)
            if !isDirectory.boolValue { files[path] = try FileContents.read(directory + "/" + path) }
        }
        return files
    }

    /// The pid of a process that has exited and been reaped.
    func deadPID() throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/true")
        try process.run()
        process.waitUntilExit()
        return process.processIdentifier
    }

    func writePrevious() throws {
        try FileManager.default.createDirectory(atPath: destination + "/frames", withIntermediateDirectories: true)
        try AtomicFile.write("old report", to: destination + "/report.json")
        try AtomicFile.write("old frame", to: destination + "/frames/a.png")
        try AtomicFile.write("only in the old", to: destination + "/tune.json")
    }

    @Test func commitReplacesTheFolderWholeAndLeavesNothingBeside() throws {
        defer { try? FileManager.default.removeItem(atPath: parent) }
        try writePrevious()
        let staged = try StagedDirectory(destination: destination)
        #expect((staged.path as NSString).deletingLastPathComponent == parent)
        #expect((staged.path as NSString).lastPathComponent == ".report.staging-\(getpid())")
        try FileManager.default.createDirectory(atPath: staged.path + "/frames", withIntermediateDirectories: true)
        try AtomicFile.write("new report", to: staged.path + "/report.json")
        try AtomicFile.write("new frame", to: staged.path + "/frames/a.png")
        #expect(try files(destination)["report.json"] == Array("old report".utf8), "the destination changed before the commit")
        try staged.commit()
        #expect(try files(destination) == ["report.json": Array("new report".utf8), "frames/a.png": Array("new frame".utf8)])
        #expect(try FileManager.default.contentsOfDirectory(atPath: parent) == ["report"])
    }

    @Test func aFirstCommitCreatesTheFolder() throws {
        defer { try? FileManager.default.removeItem(atPath: parent) }
        let staged = try StagedDirectory(destination: destination + "/")
        try AtomicFile.write("new", to: staged.path + "/report.json")
        try staged.commit()
        #expect(try files(destination) == ["report.json": Array("new".utf8)])
        #expect(try FileManager.default.contentsOfDirectory(atPath: parent) == ["report"])
    }

    @Test func discardingLeavesThePreviousFolderAsItWas() throws {
        defer { try? FileManager.default.removeItem(atPath: parent) }
        try writePrevious()
        let before = try files(destination)
        let staged = try StagedDirectory(destination: destination)
        try AtomicFile.write("half", to: staged.path + "/report.json")
        staged.discard()
        #expect(try files(destination) == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: parent) == ["report"])
    }

    @Test func leftoversOfDeadProcessesGoAndAFolderLeftAsideComesBack() throws {
        defer { try? FileManager.default.removeItem(atPath: parent) }
        try writePrevious()
        let before = try files(destination)
        let dead = try deadPID()
        let live = getppid()
        for name in [".report.staging-\(dead)", ".report.staging-\(live)", ".other.staging-\(dead)"] {
            try FileManager.default.createDirectory(atPath: parent + "/" + name, withIntermediateDirectories: true)
        }
        // A process that died between renaming the previous folder aside and renaming its staging folder in.
        try FileManager.default.moveItem(atPath: destination, toPath: parent + "/.report.old-\(dead)")
        let staged = try StagedDirectory(destination: destination)
        #expect(try files(destination) == before, "the folder left aside was not put back")
        #expect(Set(try FileManager.default.contentsOfDirectory(atPath: parent))
                == [".other.staging-\(dead)", ".report.staging-\(getpid())", ".report.staging-\(live)", "report"])
        staged.discard()
    }

    @Test func aFileIsNotAFolderToReplace() throws {
        defer { try? FileManager.default.removeItem(atPath: parent) }
        try FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true)
        try AtomicFile.write("x", to: destination)
        #expect { try StagedDirectory(destination: destination) } throws: { error in
            "\(error)" == "\(destination): cannot write: expected a folder to write into, found a file"
        }
    }
}
