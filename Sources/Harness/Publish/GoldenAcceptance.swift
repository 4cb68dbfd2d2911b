import Foundation
import Golden
import Imaging
import Plumbing
import Reporting

/// Where a report keeps what `parallax accept` needs to promote a frame without rendering it again: the
/// actual PNG (`frames/STEM.actual.png`) and the golden sidecar's parameters (`frames/STEM.parameters.json`).
package enum AcceptedFrame {
    /// A frame name as one file-name component (`cube/center` → `cube__center`).
    package static func stem(of name: String) -> String { name.replacingOccurrences(of: "/", with: "__") }

    package static func parametersPath(stem: String) -> String { stem + ".parameters.json" }

    static func encode(_ parameters: GoldenParameters) throws -> Data {
        let encoder = JSONEncoder.deterministic()
        return try encoder.encode(parameters)
    }
}

/// `parallax accept REPORT_DIR`: promotes a report's actual frames (and its numeric golden) to goldens, with
/// their sidecars, through `GoldenStore` (atomic; refused when `CI` is set). Refused as well when the
/// report's suite is not the checkout's (name) or was made by another ParallaxLab version.
package struct GoldenAcceptance {
    package enum Selection: Equatable, Sendable {
        /// Frames (and the numeric golden) that did not pass.
        case failed
        /// These frames by name (`numbers` stands for the numeric golden).
        case only([String])
        /// Everything in the report.
        case all
    }

    /// The numeric golden's actual values, written by every run beside report.json.
    package static let numbersFile = "numbers.actual.json"

    package var reportDirectory: String
    package var selection: Selection
    package var environment: [String: String]

    package init(reportDirectory: String, selection: Selection, environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.reportDirectory = reportDirectory
        self.selection = selection
        self.environment = environment
    }

    /// Promotes the selected goldens; returns one line per golden written.
    package func run() throws -> [String] {
        let reportPath = (reportDirectory as NSString).appendingPathComponent("report.json")
        if ContinuousIntegration.isActive(in: environment) {
            throw SuiteError(file: reportDirectory, line: nil, message: "refusing to accept goldens: the CI environment variable is set (accept at a desk and commit)")
        }
        let report: SuiteReport
        do { report = try ReportWriter.decode(Data(try FileContents.read(reportPath))) } catch let error as FileError {
            throw SuiteError(file: reportPath, line: nil, message: "expected a report folder with report.json (\(error.reason))")
        } catch {
            throw SuiteError(file: reportPath, line: nil, message: "not a ParallaxLab report.json: \(error)")
        }
        guard report.environment.version == ParallaxVersion.string else {
            throw SuiteError(file: reportPath, line: nil, message: "made by ParallaxLab \(report.environment.version), this checkout is \(ParallaxVersion.string): run the suite again")
        }
        try verifyRun(of: report, reportPath: reportPath)
        let loader: SuiteLoader
        do { loader = try SuiteLoader(path: report.suiteFile) } catch {
            throw SuiteError(file: reportPath, line: nil, message: "the report's suite file \(report.suiteFile) is not in this checkout (\(error))")
        }
        let suite = try loader.load()
        guard suite.name == report.suite else {
            throw SuiteError(file: reportPath, line: nil, message: "the report is of suite '\(report.suite)', but \(report.suiteFile) is now suite '\(suite.name)'")
        }
        let store = SuiteRun.store(suite, loader: loader, suitePath: report.suiteFile)
        let frames: [FrameResult]
        var numbers = false
        switch selection {
        case .all:
            frames = report.frames
            numbers = report.numbers != nil
        case .failed:
            frames = report.frames.filter { !$0.status.passed }
            numbers = report.numbers.map { !$0.status.passed } ?? false
        case .only(let names):
            for name in names where name != "numbers" && !report.frames.contains(where: { $0.name == name }) {
                throw SuiteError(file: reportPath, line: nil, message: "frame '\(name)': no such frame in the report (\(report.frames.map(\.name).joined(separator: ", ")))")
            }
            frames = report.frames.filter { names.contains($0.name) }
            numbers = names.contains("numbers")
            if numbers && report.numbers == nil {
                throw SuiteError(file: reportPath, line: nil, message: "numbers: the report has no numeric golden")
            }
        }
        var changed: [String] = []
        for frame in frames {
            let actual = (reportDirectory as NSString).appendingPathComponent(frame.actualImage)
            let parametersPath = AcceptedFrame.parametersPath(stem: (reportDirectory as NSString).appendingPathComponent("frames/" + AcceptedFrame.stem(of: frame.name)))
            let parameters: GoldenParameters
            do { parameters = try JSONDecoder().decode(GoldenParameters.self, from: Data(try FileContents.read(parametersPath))) } catch {
                throw SuiteError(file: parametersPath, line: nil, message: "cannot read the frame's golden parameters (\(error)); run the suite again")
            }
            let path = try store.record(image: try PNGCodec.read(contentsOf: actual), name: frame.name, parameters: parameters, environment: environment)
            changed.append("accepted frame \(frame.name) (\(frame.status.rawValue)) → \(path)")
        }
        if numbers, let result = report.numbers, let name = suite.numbers?.golden {
            let source = (reportDirectory as NSString).appendingPathComponent(Self.numbersFile)
            let actual: NamedNumbers
            do { actual = try NamedNumbers(decoding: try FileContents.read(source), path: source) } catch {
                throw SuiteError(file: source, line: nil, message: "cannot read the run's numbers (\(error)); run the suite again")
            }
            let path = try store.recordNumbers(actual, name: name, environment: environment)
            changed.append("accepted numbers \(name) (\(result.status.rawValue)) → \(path)")
        }
        return changed
    }

    /// The frames and numbers to promote must be the ones the report describes: `frames/run-id` holds the report's
    /// `run_id`, and the id computed again from report.json, frames/ and numbers.actual.json is that id. A report
    /// without a run id (written before runs were staged, when a killed run could leave another run's frames
    /// beside it) is refused too: running the suite again costs less than promoting frames nobody looked at.
    private func verifyRun(of report: SuiteReport, reportPath: String) throws {
        guard let runID = report.runId else {
            throw SuiteError(file: reportPath, line: nil, message: "no run_id (written before report folders were staged, its frames may be another run's): run the suite again")
        }
        let idPath = (reportDirectory as NSString).appendingPathComponent(ReportFolder.runIDFile)
        guard let framesID = ReportFolder.framesRunID(in: reportDirectory) else {
            throw SuiteError(file: idPath, line: nil, message: "missing: the frames cannot be matched with report.json's run_id \(runID); run the suite again")
        }
        guard framesID == runID else {
            throw SuiteError(file: idPath, line: nil, message: "run \(framesID), but report.json is run \(runID): the frames are another run's; run the suite again")
        }
        let computed = try ReportFolder.runID(of: report, in: reportDirectory)
        guard computed == runID else {
            throw SuiteError(file: reportPath, line: nil, message: "run_id \(runID), but the folder's report, frames and numbers hash to \(computed): changed since the run; run the suite again")
        }
    }
}
