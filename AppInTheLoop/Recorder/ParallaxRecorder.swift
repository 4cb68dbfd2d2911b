// ParallaxRecorder — one file an iOS app adds to record what ARKit and CoreMotion report during face tracking, for
// `parallax arkit-frame` (which frame ARKit reports the face in) and `parallax import` (real head data).
// From ParallaxLab: AppInTheLoop/Recorder/ParallaxRecorder.swift. iOS 13+, ARKit,
// CoreMotion and UIKit only; written against Apple's own signatures, so it compiles unchanged in Xcode (and, in
// ParallaxLab's CI, against the Apple stand-ins of AppInTheLoop/StandIns).
//
// Adding it to an app (the app keeps its own session and configuration):
//   1. Drag this file into the app target.
//   2. Where the app runs its ARSession:
//        let recorder = ParallaxRecorder(fileURL: FileManager.default.urls(for: .documentDirectory, in: .userDomainMask)[0]
//                                                   .appendingPathComponent("parallax-recording.csv"))
//        try recorder.start(configuration: configuration)   // the configuration the session runs
//   3. In the session's delegate (ARSessionDelegate) add, or extend:
//        func session(_ session: ARSession, didUpdate frame: ARFrame) { recorder.record(frame) }
//   4. recorder.stop() when done (rows are flushed every second, so a killed app loses at most one second).
//   5. Set UIFileSharingEnabled (Application supports iTunes file sharing) and LSSupportsOpeningDocumentsInPlace
//      in Info.plist to copy the file with the Files app, or take it from Xcode's Devices window.
//
// The file (docs/formats.md, "ParallaxRecorder CSV"): the line `# parallax-recorder 1`, header comments
// `# device_model: iPhone16,1`, `# system_version: 17.4`, `# world_alignment: gravity`,
// `# attitude_reference_frame: xArbitraryZVertical`, the column line, then one row per ARFrame:
//   t (ARFrame.timestamp, s), tracked (ARFaceAnchor.isTracked, 0/1),
//   face_x, face_y, face_z, face_qw, face_qx, face_qy, face_qz (the face anchor's transform: m, unit quaternion w first),
//   camera_x … camera_qz (ARFrame.camera.transform, the same way),
//   attitude_t, attitude_qw, attitude_qx, attitude_qy, attitude_qz (the newest CMDeviceMotion: its timestamp, s,
//   and attitude quaternion in the .xArbitraryZVertical reference frame).
// Rows start at the first frame that has a face anchor after the first device-motion sample; from then on every
// frame is a row (a frame without a face anchor repeats the last face transform with tracked 0). Positions are
// written to the micrometre, times to the microsecond, quaternions to 7 decimals (Float's precision).

import ARKit
import CoreMotion
import UIKit

final class ParallaxRecorder {
    /// The format's version, the first line of every file.
    static let formatLine = "# parallax-recorder 1"
    static let columnLine = "t,tracked,face_x,face_y,face_z,face_qw,face_qx,face_qy,face_qz,"
        + "camera_x,camera_y,camera_z,camera_qw,camera_qx,camera_qy,camera_qz,attitude_t,attitude_qw,attitude_qx,attitude_qy,attitude_qz"

    let fileURL: URL
    private let motion = CMMotionManager()
    private let lock = NSLock()
    private var newestMotion: (timestamp: TimeInterval, quaternion: CMQuaternion)?
    private var lastFace: (transform: simd_float4x4, tracked: Bool)?
    private var file: FileHandle?
    private var pending = ""
    private var pendingRows = 0

    init(fileURL: URL) {
        self.fileURL = fileURL
    }

    /// Creates the file with its header and starts CoreMotion at 100 Hz in `.xArbitraryZVertical` (the reference
    /// frame a head-tracking app's tilt uses). `configuration` is the one the session runs (its world alignment
    /// goes into the header).
    func start(configuration: ARConfiguration) throws {
        var info = utsname()
        uname(&info)
        let model = withUnsafeBytes(of: info.machine) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        let alignment: String
        switch configuration.worldAlignment {
        case .gravity: alignment = "gravity"
        case .gravityAndHeading: alignment = "gravityAndHeading"
        case .camera: alignment = "camera"
        @unknown default: alignment = "unknown(\(configuration.worldAlignment.rawValue))"
        }
        let header = [Self.formatLine, "# device_model: \(model)", "# system_version: \(UIDevice.current.systemVersion)",
                      "# world_alignment: \(alignment)", "# attitude_reference_frame: xArbitraryZVertical", Self.columnLine]
        guard FileManager.default.createFile(atPath: fileURL.path, contents: Data((header.joined(separator: "\n") + "\n").utf8)) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: fileURL.path])
        }
        file = try FileHandle(forWritingTo: fileURL)
        file?.seekToEndOfFile()
        motion.deviceMotionUpdateInterval = 0.01
        motion.startDeviceMotionUpdates(using: .xArbitraryZVertical, to: OperationQueue.main) { [weak self] deviceMotion, _ in
            guard let self = self, let deviceMotion = deviceMotion else { return }
            self.lock.lock()
            self.newestMotion = (deviceMotion.timestamp, deviceMotion.attitude.quaternion)
            self.lock.unlock()
        }
    }

    /// One row for `frame`: call it from `session(_:didUpdate frame:)`.
    func record(_ frame: ARFrame) {
        lock.lock()
        defer { lock.unlock() }
        guard file != nil, let motion = newestMotion else { return }
        if let face = frame.anchors.compactMap({ $0 as? ARFaceAnchor }).first {
            lastFace = (face.transform, face.isTracked)
        } else if let last = lastFace {
            lastFace = (last.transform, false)
        }
        guard let face = lastFace else { return }
        let q = motion.quaternion
        let fields = [Self.fixed(frame.timestamp, 6), face.tracked ? "1" : "0"] + Self.pose(face.transform) + Self.pose(frame.camera.transform)
            + [Self.fixed(motion.timestamp, 6), Self.fixed(q.w, 7), Self.fixed(q.x, 7), Self.fixed(q.y, 7), Self.fixed(q.z, 7)]
        pending += fields.joined(separator: ",") + "\n"
        pendingRows += 1
        if pendingRows >= 60 { flush() }
    }

    /// Stops CoreMotion and writes what is pending.
    func stop() {
        motion.stopDeviceMotionUpdates()
        lock.lock()
        defer { lock.unlock() }
        flush()
        file?.closeFile()
        file = nil
    }

    private func flush() {
        file?.write(Data(pending.utf8))
        pending = ""
        pendingRows = 0
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
}
