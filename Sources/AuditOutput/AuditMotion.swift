import Audit
import Foundation
import Geometry
import Imaging
import Reporting
import TestedApp

/// A few seconds of one trace in motion, for the suite report's scrubber: at each instant, the app's frame (the whole
/// pipeline as configured: its eye and its camera) and a true window's (every fix on, at the app's movement scale) of
/// the app's cube room as the audit's pictures draw it (`AuditFrames`), files `motion/app-NN.png` and
/// `motion/true-NN.png`, and a section with a range input that shows them (a few lines of inline script; static
/// files, no network).
package enum AuditMotion {
    package static let folder = "motion"
    /// Frames per second of the scrubber.
    package static let fps = 10.0

    package struct Frame: Sendable {
        package var t: Double
        package var appEye: Vec3
        package var trueEye: Vec3
    }

    /// The instants from `from` (s after the trace's start) for `seconds`, at `fps`, within the trace.
    static func instants(_ audit: AuditCase, from: Double, seconds: Double) -> [Double] {
        guard let t0 = audit.trace.samples.first?.t, let end = audit.trace.samples.last?.t else { return [] }
        let count = Int((seconds * fps).rounded(.down))
        return (0..<max(count, 1)).map { t0 + from + Double($0) / fps }.filter { $0 <= end + 1e-9 }
    }

    /// Renders the frames of `audit` into `directory/motion` and returns them.
    package static func write(_ audit: AuditCase, configured: AppPipeline, from: Double, seconds: Double, to directory: String) throws -> [Frame] {
        let reference = configured.fixingAll().with(behaviourOf: .exaggeration, from: configured)
        let appEyes = audit.eyes(configured), trueEyes = audit.trueEyes(reference), times = audit.times
        let size = try AuditFrames.pictureSize(of: audit.screen)
        let folder = (directory as NSString).appendingPathComponent(Self.folder)
        try? FileManager.default.removeItem(atPath: folder)
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        var frames: [Frame] = []
        for (k, t) in instants(audit, from: from, seconds: seconds).enumerated() {
            let frame = Frame(t: t, appEye: AuditCase.interpolate(appEyes, times: times, at: t), trueEye: AuditCase.interpolate(trueEyes, times: times, at: t))
            let app = AuditFrames.render(try audit.camera(configured, eye: frame.appEye), size: size)
            let truth = AuditFrames.render(try audit.camera(reference, eye: frame.trueEye), size: size)
            try PNGCodec.write(app, to: (folder as NSString).appendingPathComponent(name("app", k)), options: AuditFrames.pngOptions)
            try PNGCodec.write(truth, to: (folder as NSString).appendingPathComponent(name("true", k)), options: AuditFrames.pngOptions)
            frames.append(frame)
        }
        return frames
    }

    static func name(_ side: String, _ k: Int) -> String { String(format: "\(side)-%02d.png", k) }

    static func mm(_ v: Vec3) -> String { "(" + [v.x, v.y, v.z].map { format($0 * 1000, digits: 1) }.joined(separator: ", ") + ") mm" }

    static func caption(_ trace: String, _ f: Frame) -> String {
        "\(trace) @ \(format(f.t, digits: 2)) s — app eye \(mm(f.appEye)), true eye \(mm(f.trueEye)), eye error \(format((f.appEye - f.trueEye).length * 1000, digits: 1)) mm"
    }

    /// The scrubber's section for index.html.
    package static func section(trace: String, frames: [Frame], frameWidth: Int, frameHeight: Int) -> ReportPage.Section {
        let captions = frames.map { caption(trace, $0) }
        let data = "[" + captions.map { "\"" + $0.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\"" }.joined(separator: ",") + "]"
        func img(_ side: String, _ label: String) -> Node {
            HTML.el("figure", HTML.el("img", ["id": "motion-\(side)", "src": "\(folder)/\(name(side, 0))", "width": "\(frameWidth)", "height": "\(frameHeight)",
                                              "loading": "lazy", "alt": "\(label) on \(captions.first ?? trace)"]),
                    HTML.el("figcaption", .text(label)))
        }
        let script = """
            (function(){var r=document.getElementById('motion-range'),o=document.getElementById('motion-readout'),c=JSON.parse(r.dataset.captions);
            function show(){var k=+r.value,n=(k<10?'0':'')+k;['app','true'].forEach(function(s){var i=document.getElementById('motion-'+s);
            i.src='\(folder)/'+s+'-'+n+'.png';i.alt=(s==='app'?'the app\\'s frame':'a true window\\'s frame')+' on '+c[k];});o.textContent=c[k];}
            r.addEventListener('input',show);})();
            """
        let content: [Node] = [
            HTML.el("p", .text("The app's frame (its whole pipeline as the audit runs it, through its camera) beside a true window's (every fix on, at the app's movement scale) on \(trace), \(frames.count) frames at \(format(fps, digits: 0)) per second from \(format(frames.first?.t ?? 0, digits: 1)) s. Drag the slider or use the arrow keys.")),
            HTML.el("label", ["for": "motion-range"], .text("Instant: ")),
            HTML.el("input", ["type": "range", "id": "motion-range", "min": "0", "max": "\(max(frames.count - 1, 0))", "step": "1", "value": "0",
                              "data-captions": data, "aria-describedby": "motion-readout"]),
            HTML.el("p", ["id": "motion-readout", "aria-live": "polite"], .text(captions.first ?? "")),
            HTML.el("div", ["class": "pictures motion"], img("app", "the app's frame"), img("true", "a true window's frame")),
            .trusted("<script>\(script)</script>"),
        ]
        // Not in the sticky bar: one more entry wraps it at 1280 px and pushes the first failing frame out of the first screen.
        return ReportPage.Section(id: "motion", title: "In motion: the app against a true window", content: content, navigation: false)
    }
}
