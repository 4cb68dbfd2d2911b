import AppReplay
import Audit
import AuditVariants
import DeviceFacts
import Foundation
import Plumbing
import Projection
import Reporting
import TestedApp
import Tracking
import Vocabulary

extension AppAudit {
    /// Reads trace CSVs (named by their file's base name), runs the audit and, with `directory`, writes
    /// audit.json and audit.html there atomically. `screens` are parsed where their text entered
    /// (`AuditOptions.screens(parsing:)`).
    /// With `recording` (a ParallaxRecorder CSV), its trace is audited too, under the ARKit frame it decided
    /// (`RecordedTrace`), and the result says the frame was measured (`AuditResult.recording`).
    package static func run(tracePaths: [String], screens: [ScreenModel], mode: String, fixes: [String], arkitFrame: String = ARKitFrame.gravity.rawValue,
                           pipeline: AppPipeline = .shipped, appReplay: AppReplay? = nil, directory: String? = nil, recording: String? = nil,
                           baseline: String = AuditBaseline.asShipped.option, patches: String? = nil, sensitivity: Bool = false,
                           probe: String? = nil) throws -> AuditResult {
        if sensitivity, appReplay == nil {
            throw FieldError("sensitivity", expected: "the app's source folder too (the platform's alternatives run the app's code)", found: "no app source")
        }
        var appReplay = appReplay
        let measuredPlatform = try probe.map { try MeasuredPlatform(probe: $0) }
        if let measuredPlatform, measuredPlatform.platform != .default {
            guard appReplay != nil else {
                throw FieldError("probe", expected: "the app's source folder too (the probe departs from the defaults: \(measuredPlatform.platform.assumptions.joined(separator: ", ")); only the app's code runs on another platform)", found: "'\(measuredPlatform.file)'")
            }
            appReplay?.platform = measuredPlatform.platform
        }
        if let patches {
            guard appReplay != nil else {
                throw FieldError("patches", expected: "the app's source folder too (the patches are made to the app's own code)", found: "'\(patches)'")
            }
            try PatchMaker.checkDestination(patches)
        }
        var traces = try tracePaths.map { path in
            (((path as NSString).lastPathComponent as NSString).deletingPathExtension, try TraceCSVReader.read(contentsOf: path))
        }
        var pipeline = pipeline
        pipeline.arkitFrame = try ARKitFrame(parsing: arkitFrame)
        var measured: MeasuredARKitFrame?
        if let recording {
            let recorded = try RecordedTrace.read(contentsOf: recording)
            traces.append((((recording as NSString).lastPathComponent as NSString).deletingPathExtension, recorded.trace))
            // RecordedTrace refuses an undecided recording, so both are there.
            pipeline.arkitFrame = recorded.decision.frame!
            measured = MeasuredARKitFrame(decision: recorded.decision, frame: recorded.decision.frame!, axes: recorded.decision.screenAxes!, file: recording)
        }
        var options = AuditOptions(traces: traces, screens: screens,
                                   scope: try AuditOptions.scope(parsing: mode), fixes: try AuditOptions.fixes(parsing: fixes), pipeline: pipeline)
        options.appReplay = appReplay
        options.baseline = try AuditBaseline(parsing: baseline)
        var result: AuditResult
        if let directory {
            let framesDirectory = (directory as NSString).appendingPathComponent(AuditReport.framesFolder)
            try? FileManager.default.removeItem(atPath: framesDirectory)
            result = try run(options, framesDirectory: framesDirectory)
        } else {
            result = try run(options)
        }
        result.recording = measured
        if let measuredPlatform { result.settle(by: measuredPlatform) }
        if sensitivity { try result.measureSensitivity(options) }
        if let patches, let appReplay {
            result.patches = try PatchMaker.make(options, result: result, replay: appReplay)
            result.patches?.directory = patches
            try PatchMaker.write(result.patches!, to: patches)
        }
        if let directory { try write(result, to: directory) }
        return result
    }

    /// audit.json and a one-section audit.html in `directory` (frames under `audit/`).
    package static func write(_ result: AuditResult, to directory: String) throws {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try AtomicFile.write(try result.jsonData(), to: (directory as NSString).appendingPathComponent("audit.json"))
        let page = ReportPage.document(title: "ParallaxLab — app audit", subtitle: result.passed ? "PASS" : "FAIL",
                                       sections: AuditReport.sections(result, pictures: true))
        try AtomicFile.write(page, to: (directory as NSString).appendingPathComponent("audit.html"))
    }
}
