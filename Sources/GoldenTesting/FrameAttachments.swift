import Foundation
#if canImport(Testing)
import Plumbing
import Testing
#endif

/// Attaches the images `expectFrame` wrote (golden, actual, diff, strip) to the running Swift Testing test,
/// so a CI test report carries them; each attachment is the PNG's bytes under its file name, `….png`, from
/// which the content type (image/png) is taken. Outside a Swift Testing test (XCTest, a plain program) the
/// files on disk are the record.
enum FrameAttachments {
    static func attach(_ paths: [String]) {
        #if canImport(Testing)
        guard Test.current != nil else { return }
        for path in paths {
            guard let bytes = try? FileContents.read(path) else { continue }
            Attachment.record(bytes, named: (path as NSString).lastPathComponent)
        }
        #endif
    }
}
