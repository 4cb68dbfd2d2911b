// Writes the sample recording (RecorderSample.SampleSession): `record-sample FILE`.
import Foundation
import RecorderSample

let arguments = CommandLine.arguments
guard arguments.count == 2 else {
    FileHandle.standardError.write(Data("usage: record-sample FILE (e.g. Traces/recordings/recorder-sample.csv)\n".utf8))
    exit(2)
}
DispatchQueue.main.async {
    do {
        try SampleSession.record(to: URL(fileURLWithPath: arguments[1]))
        exit(0)
    } catch {
        FileHandle.standardError.write(Data("record-sample: \(error)\n".utf8))
        exit(1)
    }
}
dispatchMain()
