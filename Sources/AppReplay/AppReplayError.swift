import Foundation

/// Why a replay of the app's code could not run: each says what was expected and where (exit 2 in the CLI).
package enum AppReplayError: Error, Equatable, CustomStringConvertible {
    /// The app folder lacks files the driver compiles (names as `AppSourceFolder.requiredFiles`).
    case missingFiles(folder: String, names: [String])
    /// A required file name occurs more than once in the folder.
    case ambiguousFiles(folder: String, name: String, paths: [String])
    /// `swift` is not on the PATH (or could not be started).
    case noToolchain(reason: String)
    /// The app's files did not compile against the stand-ins: the compiler's first errors, as `file:line: message`
    /// with the app's own paths, and how many there were.
    case compileFailed(errors: [String], count: Int)
    /// The app lacks a property the driver reads or sets as the app's own code does (a Settings slider's target:
    /// `HeadTrackingService.smoothingAlpha`, `CubeSceneController.movementScale`), or a member the driver calls.
    case missingMember(type: String, member: String, use: String)
    /// The driver ended abnormally: how (a signal or an exit status), after which frame, and what it was fed next.
    case driverFailed(how: String, lastFrame: Double?, nextEvent: String?, detail: String)
    /// The driver ran past its time limit.
    case timedOut(seconds: Double, lastFrame: Double?, nextEvent: String?)
    /// The driver's output was not what the protocol says (a defect of the driver, not of the input).
    case malformedOutput(record: String)

    package var description: String {
        switch self {
        case let .missingFiles(folder, names):
            return "--app-source \(folder): expected the app's files that the replay compiles, missing \(names.joined(separator: ", "))"
        case let .ambiguousFiles(folder, name, paths):
            return "--app-source \(folder): expected one \(name), found \(paths.count): \(paths.joined(separator: ", "))"
        case let .noToolchain(reason):
            return "--app-source builds the app's files with the Swift toolchain: \(reason)"
        case let .compileFailed(errors, count):
            let more = count > errors.count ? "; and \(count - errors.count) more" : ""
            return "the app's code does not compile against the Apple stand-ins (AppInTheLoop/StandIns holds only the APIs "
                + "the app's cube scene and head-to-camera path use): \(errors.joined(separator: "; "))\(more)"
        case let .missingMember(type, member, use):
            return "the app's \(type) has no '\(member)': \(use)"
        case let .driverFailed(how, lastFrame, nextEvent, detail):
            return "the app's code \(how) \(Self.place(lastFrame, nextEvent))" + (detail.isEmpty ? "" : ": \(detail)")
        case let .timedOut(seconds, lastFrame, nextEvent):
            return "the app's code did not finish within \(Self.seconds(seconds)) s and was stopped \(Self.place(lastFrame, nextEvent))"
        case let .malformedOutput(record):
            return "the replay driver wrote an unexpected record at \(record)"
        }
    }

    private static func place(_ lastFrame: Double?, _ nextEvent: String?) -> String {
        let after = lastFrame.map { "after the frame at t = \(seconds($0)) s" } ?? "before its first frame"
        return nextEvent.map { "\(after), fed \($0)" } ?? after
    }

    private static func seconds(_ value: Double) -> String { String(format: "%.3f", value) }
}
