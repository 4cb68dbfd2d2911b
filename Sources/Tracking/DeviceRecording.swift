import Foundation
import Geometry
import Plumbing

/// A recording made on a phone by ParallaxRecorder (`AppInTheLoop/Recorder/ParallaxRecorder.swift`): one row per
/// ARFrame with the face anchor's and the camera's transforms as ARKit reports them and the newest CoreMotion
/// attitude (`.xArbitraryZVertical`), in the frames the device reported — which frame that is, is what
/// `parallax arkit-frame` decides. The format is in docs/formats.md; the first line names it and its version.
public struct DeviceRecording: Sendable, Equatable {
    public struct Frame: Sendable, Equatable {
        /// ARFrame.timestamp, s.
        public var t: Double
        /// ARFaceAnchor.isTracked.
        public var tracked: Bool
        /// The face anchor's transform: translation (m) and rotation (unit quaternion), as recorded.
        public var face: Vec3
        public var faceOrientation: Quaternion
        /// ARFrame.camera.transform: translation (m) and rotation, as recorded.
        public var camera: Vec3
        public var cameraOrientation: Quaternion
        /// The newest CMDeviceMotion at the frame: its timestamp (s) and attitude (device → reference frame).
        public var attitudeT: Double
        public var attitude: Quaternion
    }

    /// The header's `key: value` lines (device_model, system_version, world_alignment, …), in file order.
    public var header: [MetadataEntry]
    public var frames: [Frame]

    public init(header: [MetadataEntry], frames: [Frame]) {
        self.header = header
        self.frames = frames
    }

    /// The first line of every recording (the recorder's format version).
    public static let signature = "# parallax-recorder 1"
    public static let columns = ["t", "tracked", "face_x", "face_y", "face_z", "face_qw", "face_qx", "face_qy", "face_qz",
                                 "camera_x", "camera_y", "camera_z", "camera_qw", "camera_qx", "camera_qy", "camera_qz",
                                 "attitude_t", "attitude_qw", "attitude_qx", "attitude_qy", "attitude_qz"]

    /// Whether `text` starts as a recorder file does.
    public static func isRecording(_ text: Substring) -> Bool {
        text.drop(while: { $0 == "\u{FEFF}" }).hasPrefix(signature)
    }

    public subscript(header key: String) -> String? { header.first { $0.key == key }?.value }

    public static func read(contentsOf path: String) throws -> DeviceRecording {
        try parse(String(decoding: FileContents.read(path), as: UTF8.self), file: path)
    }

    /// Every row checked: 21 fields, numbers finite, positions within ±`TraceCSVReader.maximumAbsolutePosition`, `tracked` 0 or 1, quaternions of non-zero length (normalized
    /// here), frame times strictly increasing; an error names file:line (and column).
    public static func parse(_ text: String, file: String) throws -> DeviceRecording {
        let lines = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" })
        guard let first = lines.first, isRecording(first) else {
            throw TraceError(file: file, line: 1, message: "not a ParallaxRecorder recording; expected the first line '\(signature)'")
        }
        var header: [MetadataEntry] = []
        var sawColumns = false
        var frames: [Frame] = []
        for (index, raw) in lines.enumerated().dropFirst() {
            let line = raw.hasSuffix("\r") ? raw.dropLast() : raw
            let number = index + 1
            if line.isEmpty { continue }
            if line.hasPrefix("#") {
                let body = line.dropFirst().drop(while: { $0 == " " })
                if let colon = body.firstIndex(of: ":") {
                    header.append(MetadataEntry(key: String(body[..<colon]), value: body[body.index(after: colon)...].trimmingCharacters(in: .whitespaces)))
                }
                continue
            }
            if !sawColumns {
                let names = line.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
                guard names == columns else {
                    throw TraceError(file: file, line: number, message: "expected the columns \(columns.joined(separator: ",")), found '\(line)'")
                }
                sawColumns = true
                continue
            }
            let fields = line.split(separator: ",", omittingEmptySubsequences: false)
            guard fields.count == columns.count else {
                throw TraceError(file: file, line: number, message: "expected \(columns.count) comma-separated fields, found \(fields.count)")
            }
            var v = [Double](repeating: 0, count: columns.count)
            for k in fields.indices {
                guard let value = Double(fields[k].trimmingCharacters(in: .whitespaces)), value.isFinite else {
                    throw TraceError(file: file, line: number, column: k + 1, columnName: columns[k], message: "expected a finite number, found '\(fields[k])'")
                }
                v[k] = value
            }
            for k in [2, 3, 4, 9, 10, 11] where abs(v[k]) > TraceCSVReader.maximumAbsolutePosition {
                throw TraceError(file: file, line: number, column: k + 1, columnName: columns[k], message: "expected a position within ±\(TraceCSVReader.maximumAbsolutePosition) m, found \(v[k])")
            }
            guard v[1] == 0 || v[1] == 1 else {
                throw TraceError(file: file, line: number, column: 2, columnName: "tracked", message: "expected 0 or 1, found '\(fields[1])'")
            }
            func quaternion(_ k: Int) throws -> Quaternion {
                let q = Quaternion(w: v[k], x: v[k + 1], y: v[k + 2], z: v[k + 3])
                guard q.norm > 1e-9 else {
                    throw TraceError(file: file, line: number, column: k + 1, columnName: columns[k], message: "expected a rotation quaternion, found one of length \(q.norm)")
                }
                return q.normalized
            }
            let frame = Frame(t: v[0], tracked: v[1] == 1, face: Vec3(v[2], v[3], v[4]), faceOrientation: try quaternion(5),
                              camera: Vec3(v[9], v[10], v[11]), cameraOrientation: try quaternion(12),
                              attitudeT: v[16], attitude: try quaternion(17))
            if let previous = frames.last, !(frame.t > previous.t) {
                throw TraceError(file: file, line: number, column: 1, columnName: "t", message: "timestamps must strictly increase; expected a value greater than \(previous.t), found \(frame.t)")
            }
            frames.append(frame)
        }
        guard !frames.isEmpty else {
            throw TraceError(file: file, message: "no frames; expected the column line and at least one row")
        }
        return DeviceRecording(header: header, frames: frames)
    }
}
