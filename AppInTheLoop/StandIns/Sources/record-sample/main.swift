// Writes the sample recording (RecorderSample.SampleSession): `record-sample FILE`; or the sample device probe
// (RecorderSample.ProbeSession): `record-sample --probe FILE [--alternative ID]`, ID one of ProbeSession.Alternative's
// (the device-check entry whose alternative the stand-ins and the session then follow).
import Foundation
import RecorderSample

let usage = "usage: record-sample FILE (e.g. Traces/recordings/recorder-sample.csv)\n"
    + "       record-sample --probe FILE [--alternative " + ProbeSession.Alternative.allCases.map(\.rawValue).joined(separator: "|") + "]\n"

func fail(_ message: String, status: Int32) -> Never {
    FileHandle.standardError.write(Data(message.utf8))
    exit(status)
}

let arguments = Array(CommandLine.arguments.dropFirst())
let work: () throws -> Void
switch arguments.count {
case 1 where !arguments[0].hasPrefix("-"):
    work = { try SampleSession.record(to: URL(fileURLWithPath: arguments[0])) }
case 2 where arguments[0] == "--probe":
    work = { try ProbeSession.record(to: URL(fileURLWithPath: arguments[1])) }
case 4 where arguments[0] == "--probe" && arguments[2] == "--alternative":
    guard let alternative = ProbeSession.Alternative(rawValue: arguments[3]) else {
        fail("record-sample: --alternative: expected one of " + ProbeSession.Alternative.allCases.map(\.rawValue).joined(separator: ", ")
             + ", found '\(arguments[3])'\n", status: 2)
    }
    work = { try ProbeSession.record(to: URL(fileURLWithPath: arguments[1]), under: alternative) }
default:
    fail(usage, status: 2)
}
// The main run loop, not dispatchMain(): on Linux dispatchMain() ends the main thread and a worker drains the main
// queue, so the renderer would not be on the main thread (Thread.isMainThread) as the session says.
DispatchQueue.main.async {
    do {
        try work()
        exit(0)
    } catch {
        fail("record-sample: \(error)\n", status: 1)
    }
}
RunLoop.main.run()
fail("record-sample: the run loop ended\n", status: 1)
