// ParallaxRecorder — one file an iOS app adds to record what ARKit and CoreMotion report during face tracking, for
// `parallax arkit-frame` (which frame ARKit reports the face in) and `parallax import` / `audit --recording` (real
// head data), and a device probe for `parallax device-check` (what ARKit, CoreMotion and SceneKit do where Apple does
// not say). From ParallaxLab: AppInTheLoop/Recorder/ParallaxRecorder.swift (and ParallaxRecorderControl.swift, the
// SwiftUI start/stop button). iOS 13+; ARKit, CoreMotion, SceneKit and UIKit only, Apple's own signatures. Written for Swift 6
// language mode with either default actor isolation, `MainActor` (SWIFT_DEFAULT_ACTOR_ISOLATION, as Xcode 26's new
// projects set it) or `nonisolated`: ParallaxLab compiles and tests it with each against its Apple stand-ins
// (AppInTheLoop/StandIns, `make test-standins`), and in Swift 5 mode with `MainActor` when it replays an app holding it.
//
// Adding it to an app — a debug-only tool: wrap every line the app adds in `#if DEBUG … #endif`, so a Release build
// neither records nor shows the button (the file itself may stay in the target: with no caller nothing of it runs).
//   1. Add this file and ParallaxRecorderControl.swift to the app target.
//   2. In the object that is the ARSession's delegate, one recorder:
//        #if DEBUG
//        let recorder = ParallaxRecorder(motionManager: motionManager)   // the app's CMMotionManager, if it has one
//        #endif
//      (`ParallaxRecorder()` creates its own manager. Apple's CMMotionManager page advises an app to create a single
//      instance, as several can slow the rate the sensors' data arrives at —
//      https://developer.apple.com/documentation/coremotion/cmmotionmanager — so give it the app's when there is one.)
//   3. In the delegate method the app already has, one line — either one, from any queue (`nonisolated` is fine):
//        func session(_ session: ARSession, didUpdate frame: ARFrame) {
//            #if DEBUG
//            recorder.record(frame, in: session)
//            #endif
//        }
//        func session(_ session: ARSession, didUpdate anchors: [ARAnchor]) {
//            #if DEBUG
//            recorder.record(anchors, in: session)      // the camera and the time: session.currentFrame
//            #endif
//        }
//      For the probe, also forward the face anchor's addition and removal (add the methods if the delegate lacks
//      them) and, with frames only, the anchor updates are read off the frames (a frame carrying the face is an update):
//        func session(_ session: ARSession, didAdd anchors: [ARAnchor]) {
//            #if DEBUG
//            recorder.record(added: anchors, in: session)
//            #endif
//        }
//        func session(_ session: ARSession, didRemove anchors: [ARAnchor]) {
//            #if DEBUG
//            recorder.record(removed: anchors, in: session)
//            #endif
//        }
//   4. If the app runs device-motion updates with a handler on the manager it gave, hand each sample over in that
//      handler (Apple documents CMMotionManager.deviceMotion only for updates started without one):
//        #if DEBUG
//        recorder.record(motion)
//        #endif
//      And in the SceneKit renderer delegate's per-frame callback, on whatever thread SceneKit calls it:
//        func renderer(_ renderer: any SCNSceneRenderer, updateAtTime time: TimeInterval) {
//            #if DEBUG
//            recorder.recordRender(atTime: time)
//            #endif
//        }
//      (without a render call no probe is written: its render fields would say nothing).
//   5. A start/stop button in a SwiftUI view: `#if DEBUG` `ParallaxRecorderControl(recorder: recorder)` `#endif`
//      (or call `recorder.start()` and `recorder.stop()` yourself; rows are flushed every second, so a killed app
//      loses at most one second).
//   6. To copy the file with the Files app, the app's Info.plist needs UIFileSharingEnabled and
//      LSSupportsOpeningDocumentsInPlace. A project with a generated Info.plist (GENERATE_INFOPLIST_FILE = YES, as
//      Xcode's templates) sets them as build settings of the Debug configuration:
//        INFOPLIST_KEY_UIFileSharingEnabled = YES
//        INFOPLIST_KEY_LSSupportsOpeningDocumentsInPlace = YES
//      Or take the file from Xcode's Devices window (the app's container) without either.
//
// The file (docs/formats.md, "ParallaxRecorder CSV"), in the app's Documents folder as
// parallax-recording-<seconds since 1970>.csv: the line `# parallax-recorder 1`, header comments
// `# device_model: iPhone16,1`, `# system_version: 17.4`, `# world_alignment: gravity`,
// `# attitude_reference_frame: xArbitraryZVertical`, the column line, then one row per ARFrame:
//   t (ARFrame.timestamp, s), tracked (ARFaceAnchor.isTracked, 0/1),
//   face_x, face_y, face_z, face_qw, face_qx, face_qy, face_qz (the face anchor's transform: m, unit quaternion w first),
//   camera_x … camera_qz (ARFrame.camera.transform, the same way),
//   attitude_t, attitude_qw, attitude_qx, attitude_qy, attitude_qz (the newest CMDeviceMotion: its timestamp, s,
//   and attitude quaternion in the reference frame the header names).
// Rows start at the first frame that has a face anchor after the first device-motion sample; from then on every
// frame is a row (a frame without a face anchor repeats the last face transform with tracked 0; from `didUpdate
// anchors`, an update without a face anchor, or for a frame already written, writes nothing). Positions are written
// to the micrometre, times to the microsecond, quaternions to 7 decimals (Float's precision).
//
// The device probe (docs/arkit-frame.md, "The device probe"; schema 1, JSON), written at `stop()` in one piece (a
// temporary file moved into place) beside the CSV as parallax-probe-<the same seconds>.json (or, with `fileURL:`,
// <that name without its extension>.probe.json, or `probeURL:`): device_model (uname's machine), system_version,
// delegate_calls (every face-anchor call while recording, in time order: the forwarded didAdd/didUpdate/didRemove,
// or with frames only a didUpdate per frame carrying the face; `t` the session's current ARFrame.timestamp),
// arkit_timestamps, motion_timestamps and render_timestamps (the 10 s from the first ARFrame; motion is every sample
// the app hands over, or with the recorder's own updates the distinct samples seen at frames), motion_requested_interval
// (the manager's deviceMotionUpdateInterval), render_thread ("other" if any render call was off the main thread),
// euler_samples (24 SCNNode.simdEulerAngles set, simdTransform read back, column-major) and attitude_samples (an
// attitude kept every 0.25 s, at most 240; copies of the i-th and the (i + n/2)-th, a.multiply(byInverseOf: b),
// read back, w first). The protocol's step 5 (`parallax arkit-frame --protocol`): cover the camera with a hand for 2 s (a face loss), then uncover it.

import ARKit
import CoreMotion
import SceneKit
import UIKit

/// Records face tracking to a CSV. Not tied to an actor: ARKit calls its delegate on the queue the session names and
/// the app may be `nonisolated` there, so every method may be called from any thread; its state is behind `lock`.
nonisolated final class ParallaxRecorder: @unchecked Sendable {
    /// The format's version, the first line of every file.
    static let formatLine = "# parallax-recorder 1"
    static let columnLine = "t,tracked,face_x,face_y,face_z,face_qw,face_qx,face_qy,face_qz,"
        + "camera_x,camera_y,camera_z,camera_qw,camera_qx,camera_qy,camera_qz,attitude_t,attitude_qw,attitude_qx,attitude_qy,attitude_qz"

    private let chosenURL: URL?
    private let motion: CMMotionManager
    private let lock = NSLock()
    /// Whether `start()` started the manager's device-motion updates (and `stop()` stops them).
    private var startedMotionUpdates = false
    private var attitudeFrame = "xArbitraryZVertical"
    private var handedMotion: (timestamp: TimeInterval, quaternion: CMQuaternion)?
    private var lastFace: (transform: simd_float4x4, tracked: Bool)?
    private var lastTime: TimeInterval?
    private var file: FileHandle?
    private var url: URL?
    private var wroteColumns = false
    private var pending = ""
    private var pendingRows = 0
    private let chosenProbeURL: URL?
    private var probeTarget: URL?
    private var probeURLWritten: URL?
    private var probe = ProbeLog()

    /// `fileURL` nil: each `start()` writes a new file in the app's Documents folder. `motionManager`: the app's
    /// (Apple advises one per app), else the recorder makes its own.
    /// `probeURL` nil: the probe goes beside the CSV, `parallax-probe-<seconds since 1970>.json` in Documents (or
    /// `<fileURL without its extension>.probe.json`).
    init(fileURL: URL? = nil, probeURL: URL? = nil, motionManager: CMMotionManager? = nil) {
        chosenURL = fileURL
        chosenProbeURL = probeURL
        motion = motionManager ?? CMMotionManager()
    }

    /// Whether a recording runs (between `start()` and `stop()`).
    var isRecording: Bool {
        lock.lock()
        defer { lock.unlock() }
        return file != nil
    }

    /// The file of the current (or last) recording.
    var fileURL: URL? {
        lock.lock()
        defer { lock.unlock() }
        return url
    }

    /// The device probe the last `stop()` wrote; nil until one is written (none is without a render call).
    var probeURL: URL? {
        lock.lock()
        defer { lock.unlock() }
        return probeURLWritten
    }

    /// Creates the file with the first header lines and, unless the manager's device-motion updates already run,
    /// starts them without a handler in `.xArbitraryZVertical` at 100 Hz (the recorder reads `deviceMotion` at each
    /// frame). On the main actor: it reads `UIDevice.current`. Starting while recording does nothing.
    @MainActor func start() throws {
        let systemVersion = UIDevice.current.systemVersion
        lock.lock()
        defer { lock.unlock() }
        guard file == nil else { return }
        var info = utsname()
        _ = uname(&info)
        let model = withUnsafeBytes(of: info.machine) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        let seconds = Int(Date().timeIntervalSince1970)
        let documents = { FileManager.default.urls(for: .documentDirectory, in: .userDomainMask)[0] }
        let target = chosenURL ?? documents().appendingPathComponent("parallax-recording-\(seconds).csv")
        let probeTarget = chosenProbeURL ?? chosenURL.map { $0.deletingPathExtension().appendingPathExtension("probe.json") }
            ?? documents().appendingPathComponent("parallax-probe-\(seconds).json")
        let header = [Self.formatLine, "# device_model: \(model)", "# system_version: \(systemVersion)"]
        guard FileManager.default.createFile(atPath: target.path, contents: Data((header.joined(separator: "\n") + "\n").utf8)) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: target.path])
        }
        let handle = try FileHandle(forWritingTo: target)
        handle.seekToEndOfFile()
        (file, url, wroteColumns, lastFace, lastTime, handedMotion, pending, pendingRows) = (handle, target, false, nil, nil, nil, "", 0)
        (self.probeTarget, probeURLWritten) = (probeTarget, nil)
        probe = ProbeLog(model: model, systemVersion: systemVersion, eulerSamples: Self.eulerSamples())
        if motion.isDeviceMotionActive {
            startedMotionUpdates = false
            attitudeFrame = Self.name(of: motion.attitudeReferenceFrame)
        } else {
            motion.deviceMotionUpdateInterval = 0.01
            motion.startDeviceMotionUpdates(using: .xArbitraryZVertical)
            startedMotionUpdates = true
            attitudeFrame = Self.name(of: .xArbitraryZVertical)
        }
        probe.requestedInterval = motion.deviceMotionUpdateInterval
    }

    /// Writes what is pending, closes the file and stops the device-motion updates `start()` started.
    func stop() {
        lock.lock()
        defer { lock.unlock() }
        guard let handle = file else { return }
        flush()
        handle.closeFile()
        file = nil
        if let probeTarget, probe.renderCalls > 0, (try? Data(probe.json().utf8).write(to: probeTarget, options: .atomic)) != nil {
            probeURLWritten = probeTarget
        }
        if startedMotionUpdates { motion.stopDeviceMotionUpdates() }
        startedMotionUpdates = false
    }

    /// One row for `frame`: call it from `session(_:didUpdate frame:)`.
    func record(_ frame: ARFrame, in session: ARSession) {
        let face = frame.anchors.compactMap { $0 as? ARFaceAnchor }.first
        if let face { log(.didUpdate, tracked: face.isTracked, at: frame.timestamp, fromFrame: true) }
        write(time: frame.timestamp, camera: frame.camera.transform, face: face, session: session, repeatsLostFace: true)
    }

    /// One row for the face among `anchors`: call it from `session(_:didUpdate anchors:)`. The time and the camera
    /// are the session's `currentFrame`'s; an update without a face anchor, or for a frame already written, writes
    /// nothing.
    func record(_ anchors: [ARAnchor], in session: ARSession) {
        guard let face = anchors.compactMap({ $0 as? ARFaceAnchor }).first else { return }
        log(.didUpdate, tracked: face.isTracked, at: Self.time(of: session), fromFrame: false)
        guard let frame = session.currentFrame else { return }
        write(time: frame.timestamp, camera: frame.camera.transform, face: face, session: session, repeatsLostFace: false)
    }

    /// The face among `anchors` added: call it from `session(_:didAdd:)` (for the probe only; no row).
    func record(added anchors: [ARAnchor], in session: ARSession) {
        guard let face = anchors.compactMap({ $0 as? ARFaceAnchor }).first else { return }
        log(.didAdd, tracked: face.isTracked, at: Self.time(of: session), fromFrame: false)
    }

    /// The face among `anchors` removed: call it from `session(_:didRemove:)` (for the probe only; no row).
    func record(removed anchors: [ARAnchor], in session: ARSession) {
        guard let face = anchors.compactMap({ $0 as? ARFaceAnchor }).first else { return }
        log(.didRemove, tracked: face.isTracked, at: Self.time(of: session), fromFrame: false)
    }

    /// A device-motion sample from the app's own handler on the manager it gave (step 4 of the header).
    func record(_ deviceMotion: CMDeviceMotion) {
        lock.lock()
        defer { lock.unlock() }
        handedMotion = (deviceMotion.timestamp, deviceMotion.attitude.quaternion)
        if file != nil { probe.note(motion: deviceMotion.timestamp, attitude: deviceMotion.attitude) }
    }

    /// One render of the app's view: call it from `renderer(_:updateAtTime:)` with its `time` (for the probe only),
    /// on the thread SceneKit calls it on.
    func recordRender(atTime time: TimeInterval) {
        let onMain = Thread.isMainThread
        lock.lock()
        defer { lock.unlock() }
        guard file != nil else { return }
        probe.note(render: time, onMain: onMain)
    }

    private func log(_ call: ProbeLog.Call, tracked: Bool, at time: TimeInterval, fromFrame: Bool) {
        lock.lock()
        defer { lock.unlock() }
        guard file != nil else { return }
        probe.log(call, tracked: tracked, at: time, fromFrame: fromFrame)
    }

    /// A delegate call's time: the session's current frame's (ARFrame.timestamp), else the system uptime (the clock
    /// ARFrame and CMLogItem timestamps count on).
    private static func time(of session: ARSession) -> TimeInterval {
        session.currentFrame?.timestamp ?? ProcessInfo.processInfo.systemUptime
    }

    private func write(time: TimeInterval, camera: simd_float4x4, face: ARFaceAnchor?, session: ARSession, repeatsLostFace: Bool) {
        lock.lock()
        defer { lock.unlock() }
        guard file != nil else { return }
        probe.note(frame: time)
        if let pulled = motion.deviceMotion { probe.note(motion: pulled.timestamp, attitude: pulled.attitude) }
        guard let attitude = newestMotion() else { return }
        if let last = lastTime, time <= last { return }
        if let face {
            lastFace = (face.transform, face.isTracked)
        } else if repeatsLostFace, let last = lastFace {
            lastFace = (last.transform, false)
        }
        guard let shown = lastFace else { return }
        if !wroteColumns {
            let alignment = session.configuration.map { Self.name(of: $0.worldAlignment) } ?? "unknown"
            pending += ["# world_alignment: \(alignment)", "# attitude_reference_frame: \(attitudeFrame)", Self.columnLine]
                .joined(separator: "\n") + "\n"
            wroteColumns = true
        }
        lastTime = time
        let q = attitude.quaternion
        let fields = [Self.fixed(time, 6), shown.tracked ? "1" : "0"] + Self.pose(shown.transform) + Self.pose(camera)
            + [Self.fixed(attitude.timestamp, 6), Self.fixed(q.w, 7), Self.fixed(q.x, 7), Self.fixed(q.y, 7), Self.fixed(q.z, 7)]
        pending += fields.joined(separator: ",") + "\n"
        pendingRows += 1
        if pendingRows >= 60 { flush() }
    }

    /// The newest device-motion sample: the manager's `deviceMotion` or one the app handed over, whichever is later.
    private func newestMotion() -> (timestamp: TimeInterval, quaternion: CMQuaternion)? {
        let pulled = motion.deviceMotion.map { (timestamp: $0.timestamp, quaternion: $0.attitude.quaternion) }
        guard let handed = handedMotion else { return pulled }
        guard let pulled else { return handed }
        return handed.timestamp > pulled.timestamp ? handed : pulled
    }

    private func flush() {
        file?.write(Data(pending.utf8))
        pending = ""
        pendingRows = 0
    }

    static func name(of alignment: ARConfiguration.WorldAlignment) -> String {
        switch alignment {
        case .gravity: return "gravity"
        case .gravityAndHeading: return "gravityAndHeading"
        case .camera: return "camera"
        @unknown default: return "unknown(\(alignment.rawValue))"
        }
    }

    static func name(of frame: CMAttitudeReferenceFrame) -> String {
        frame == .xArbitraryZVertical ? "xArbitraryZVertical" : "CMAttitudeReferenceFrame(rawValue: \(frame.rawValue))"
    }

    /// A transform's translation and rotation: x, y, z, qw, qx, qy, qz.
    static func pose(_ m: simd_float4x4) -> [String] {
        let q = quaternion(m)
        return [fixed(Double(m.columns.3.x), 6), fixed(Double(m.columns.3.y), 6), fixed(Double(m.columns.3.z), 6),
                fixed(q.w, 7), fixed(q.x, 7), fixed(q.y, 7), fixed(q.z, 7)]
    }

    /// The unit quaternion (w ≥ 0) of a transform's rotation part, by Shepperd's method (the largest of the four
    /// squared components first, for accuracy); element (row r, column c) is `columns.c[r]`.
    static func quaternion(_ m: simd_float4x4) -> (w: Double, x: Double, y: Double, z: Double) {
        let m00 = Double(m.columns.0.x), m10 = Double(m.columns.0.y), m20 = Double(m.columns.0.z)
        let m01 = Double(m.columns.1.x), m11 = Double(m.columns.1.y), m21 = Double(m.columns.1.z)
        let m02 = Double(m.columns.2.x), m12 = Double(m.columns.2.y), m22 = Double(m.columns.2.z)
        let trace = m00 + m11 + m22
        var q: (w: Double, x: Double, y: Double, z: Double)
        if trace > 0 {
            let s = (trace + 1).squareRoot() * 2
            q = (0.25 * s, (m21 - m12) / s, (m02 - m20) / s, (m10 - m01) / s)
        } else if m00 > m11 && m00 > m22 {
            let s = (1 + m00 - m11 - m22).squareRoot() * 2
            q = ((m21 - m12) / s, 0.25 * s, (m01 + m10) / s, (m02 + m20) / s)
        } else if m11 > m22 {
            let s = (1 + m11 - m00 - m22).squareRoot() * 2
            q = ((m02 - m20) / s, (m01 + m10) / s, 0.25 * s, (m12 + m21) / s)
        } else {
            let s = (1 + m22 - m00 - m11).squareRoot() * 2
            q = ((m10 - m01) / s, (m02 + m20) / s, (m12 + m21) / s, 0.25 * s)
        }
        let sign: Double = q.w < 0 ? -1 : 1
        let norm = (q.w * q.w + q.x * q.x + q.y * q.y + q.z * q.z).squareRoot() * sign
        return (q.w / norm, q.x / norm, q.y / norm, q.z / norm)
    }

    /// `value` with `digits` decimals; "-0.000000" is written "0.000000".
    static func fixed(_ value: Double, _ digits: Int) -> String {
        let text = String(format: "%.\(digits)f", value)
        return text.hasPrefix("-") && text.dropFirst().allSatisfy({ $0 == "0" || $0 == "." }) ? String(text.dropFirst()) : text
    }

    /// The Euler samples of the probe: an SCNNode's `simdEulerAngles` set, its `simdTransform` read back; 24 triples,
    /// each angle between 0.1 and 1.3 rad in size, about all three axes at once.
    static func eulerSamples() -> [(euler: SIMD3<Float>, matrix: simd_float4x4)] {
        (0..<24).map { k in
            let f = Float(k)
            let euler = SIMD3<Float>(0.1 + 0.05 * f, (k % 2 == 0 ? 1 : -1) * (0.2 + 0.045 * f), -(1.3 - 0.04 * f))
            let node = SCNNode()
            node.simdEulerAngles = euler
            return (euler, node.simdTransform)
        }
    }
}

extension ParallaxRecorder {
    /// What the device probe (docs/arkit-frame.md, "The device probe") keeps while recording, and its JSON.
    nonisolated struct ProbeLog {
        enum Call: String { case didAdd, didUpdate, didRemove }

        /// The stretch of each stream kept, s, from the first ARFrame.
        static let window: TimeInterval = 10
        /// Attitudes kept for the product pairs: one per `attitudeSpacing` s of motion time, at most `maxAttitudes`.
        static let attitudeSpacing: TimeInterval = 0.25
        static let maxAttitudes = 240

        var model = ""
        var systemVersion = ""
        var eulerSamples: [(euler: SIMD3<Float>, matrix: simd_float4x4)] = []
        var requestedInterval: TimeInterval = 0
        /// Calls the app forwarded from its delegate, and the updates read off frames that carry the face.
        var forwarded: [(t: TimeInterval, call: Call, tracked: Bool)] = []
        var fromFrames: [(t: TimeInterval, call: Call, tracked: Bool)] = []
        var windowStart: TimeInterval?
        var arkit: [TimeInterval] = []
        var motion: [TimeInterval] = []
        var render: [TimeInterval] = []
        var renderCalls = 0
        var renderOffMain = false
        var attitudes: [(t: TimeInterval, attitude: CMAttitude)] = []

        mutating func log(_ call: Call, tracked: Bool, at t: TimeInterval, fromFrame: Bool) {
            if fromFrame { fromFrames.append((t, call, tracked)) } else { forwarded.append((t, call, tracked)) }
        }

        mutating func note(frame t: TimeInterval) {
            if windowStart == nil { windowStart = t }
            append(t, to: &arkit)
        }

        mutating func note(motion t: TimeInterval, attitude: CMAttitude) {
            append(t, to: &motion)
            if attitudes.count < Self.maxAttitudes, attitudes.last.map({ t - $0.t >= Self.attitudeSpacing }) ?? true {
                attitudes.append((t, attitude.copy() as! CMAttitude))
            }
        }

        mutating func note(render t: TimeInterval, onMain: Bool) {
            renderCalls += 1
            if !onMain { renderOffMain = true }
            append(t, to: &render)
        }

        /// `t` onto `stream` when it lies in the window and after the stream's last time.
        private func append(_ t: TimeInterval, to stream: inout [TimeInterval]) {
            guard let start = windowStart, t >= start, t < start + Self.window, stream.last.map({ t > $0 }) ?? true else { return }
            stream.append(t)
        }

        /// The delegate calls in time order: the forwarded ones; updates read off frames only when the app forwards
        /// no `didUpdate` (at one time a forwarded call first).
        var calls: [(t: TimeInterval, call: Call, tracked: Bool)] {
            let updates = forwarded.contains { $0.call == .didUpdate } ? [] : fromFrames
            let ranked = forwarded.enumerated().map { (rank: 0, index: $0.offset, call: $0.element) }
                + updates.enumerated().map { (rank: 1, index: $0.offset, call: $0.element) }
            return ranked.sorted { ($0.call.t, $0.rank, $0.index) < ($1.call.t, $1.rank, $1.index) }.map(\.call)
        }

        /// The pairs of the product: attitude i with attitude i + n/2 (half the recording apart).
        var attitudePairs: [(a: CMAttitude, b: CMAttitude, product: CMAttitude)] {
            let half = attitudes.count / 2
            return (0..<half).map { i in
                let (a, b) = (attitudes[i].attitude, attitudes[i + half].attitude)
                let product = a.copy() as! CMAttitude
                product.multiply(byInverseOf: b)
                return (a, b, product)
            }
        }

        /// Schema 1, one field per line, numbers in fixed formats (the same log gives the same bytes).
        func json() -> String {
            func number(_ value: Double, _ format: String) -> String { String(format: format, value) }
            func list(_ values: [String]) -> String { "[" + values.joined(separator: ", ") + "]" }
            func times(_ t: [TimeInterval]) -> String { list(t.map { number($0, "%.6f") }) }
            func quaternion(_ q: CMQuaternion) -> String { list([q.w, q.x, q.y, q.z].map { number($0, "%.9f") }) }
            func quoted(_ text: String) -> String {
                "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
            }
            let calls = calls.map { "{\"t\": \(number($0.t, "%.6f")), \"call\": \"\($0.call.rawValue)\", \"tracked\": \($0.tracked)}" }
            let euler = eulerSamples.map { sample -> String in
                let m = sample.matrix
                let columns = [m.columns.0, m.columns.1, m.columns.2, m.columns.3].flatMap { [$0.x, $0.y, $0.z, $0.w] }
                return "{\"euler\": \(list([sample.euler.x, sample.euler.y, sample.euler.z].map { number(Double($0), "%.9g") })), "
                    + "\"matrix\": \(list(columns.map { number(Double($0), "%.9g") }))}"
            }
            let pairs = attitudePairs.map {
                "{\"a\": \(quaternion($0.a.quaternion)), \"b\": \(quaternion($0.b.quaternion)), \"product\": \(quaternion($0.product.quaternion))}"
            }
            let fields = [
                "\"probe\": 1",
                "\"device_model\": \(quoted(model))",
                "\"system_version\": \(quoted(systemVersion))",
                "\"delegate_calls\": [\n  " + calls.joined(separator: ",\n  ") + "]",
                "\"arkit_timestamps\": \(times(arkit))",
                "\"motion_timestamps\": \(times(motion))",
                "\"render_timestamps\": \(times(render))",
                "\"motion_requested_interval\": \(number(requestedInterval, "%.9g"))",
                "\"render_thread\": \"\(renderOffMain ? "other" : "main")\"",
                "\"euler_samples\": [\n  " + euler.joined(separator: ",\n  ") + "]",
                "\"attitude_samples\": [\n  " + pairs.joined(separator: ",\n  ") + "]",
            ]
            return "{" + fields.joined(separator: ",\n ") + "}\n"
        }
    }
}
