import Foundation
import Plumbing
import Testing

struct AtomicFileTests {
    @Test func writesChunksInOrderAndReadsThemBack() throws {
        let path = NSTemporaryDirectory() + "plumbing-\(UUID().uuidString).bin"
        defer { unlink(path) }
        try AtomicFile.write([[1, 2], [], [3]], to: path)
        #expect(try FileContents.read(path) == [1, 2, 3])
    }

    @Test func anInterruptedWriteLeavesTheOldContentAndNoTemporaryFile() throws {
        let directory = NSTemporaryDirectory() + "plumbing-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/out.txt"
        try AtomicFile.write("old", to: path)
        struct Interrupted: Error {}
        #expect(throws: FileError.self) {
            try AtomicFile.write(Array("new".utf8), to: path, beforeRename: { throw Interrupted() })
        }
        #expect(try FileContents.read(path) == Array("old".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["out.txt"])
    }

    @Test func errorsNameThePathAndTheOperation() {
        #expect(throws: FileError(path: "/nonexistent/dir/x", operation: .write, reason: "No such file or directory")) {
            try AtomicFile.write("x", to: "/nonexistent/dir/x")
        }
        #expect(throws: FileError(path: "/", operation: .read, reason: "is a directory")) { try FileContents.read("/") }
        #expect(FileError(path: "a.csv", operation: .read, reason: "gone").description == "a.csv: cannot read: gone")
    }
}

struct NumberTextTests {
    @Test func wholeNumbersHaveNoDecimalPoint() {
        #expect(NumberText.format(2) == "2")
        #expect(NumberText.format(-0.0) == "0")
        #expect(NumberText.format(0.25) == "0.25")
        #expect(NumberText.format(1e-6) == "1e-06")
        #expect(NumberText.format(1e16) == "1e+16")
    }
}

struct ParallelTests {
    @Test func mapKeepsIndexOrderAndRethrowsTheFirstErrorInIndexOrder() throws {
        #expect(try Parallel.map(100) { $0 * $0 } == (0..<100).map { $0 * $0 })
        struct Failure: Error, Equatable { let index: Int }
        #expect(throws: Failure(index: 3)) {
            _ = try Parallel.map(50) { i -> Int in
                if i == 3 || i == 40 { throw Failure(index: i) }
                return i
            }
        }
        #expect(try Parallel.map(0) { $0 }.isEmpty)
    }

    @Test func bandsCoverEveryRowOnceWhateverTheBandSize() {
        for size in [1, 7, 16, 1000] {
            var hits = [Int](repeating: 0, count: 123)
            hits.withUnsafeMutableBufferPointer { hits in
                Parallel.forEachBand(of: 123, size: size) { band in
                    for row in band { hits[row] += 1 }
                }
            }
            #expect(hits.allSatisfy { $0 == 1 }, "band size \(size)")
        }
    }
}

struct StrictDecodingTests {
    struct Spec: Decodable {
        var rate: Double
        enum CodingKeys: String, CodingKey, CaseIterable { case rate }
        init(from decoder: Decoder) throws {
            try decoder.rejectUnknownKeys(CodingKeys.self)
            rate = try decoder.container(keyedBy: CodingKeys.self).decode(Double.self, forKey: .rate)
        }
    }

    @Test func unknownKeysAndWrongTypesNameTheFileAndTheField() throws {
        let path = NSTemporaryDirectory() + "plumbing-\(UUID().uuidString).yml"
        defer { unlink(path) }
        try AtomicFile.write("rate: 60\nrat: 1\n", to: path)
        #expect(throws: SpecError(file: path, message: "rat: unknown key 'rat'; expected one of: rate")) {
            try SpecFile.load(Spec.self, from: path)
        }
        try AtomicFile.write("rate: fast\n", to: path)
        let message = (try? SpecFile.load(Spec.self, from: path)).map { _ in "" } ?? {
            do { _ = try SpecFile.load(Spec.self, from: path); return "" } catch { return "\(error)" }
        }()
        #expect(message.hasPrefix("\(path): rate: expected a number"))
    }
}
