import Foundation
import Geometry
import Testing
import Tracking

/// The bytes ParallaxRecorder writes for a simulated session (AppInTheLoop/StandIns/Tests/RecorderTests, byte-checked
/// there) read back as the frames they hold.
struct DeviceRecordingTests {
    static let recorded = """
        # parallax-recorder 1
        # device_model: iPhone16,1
        # system_version: 17.4
        # world_alignment: gravity
        # attitude_reference_frame: xArbitraryZVertical
        t,tracked,face_x,face_y,face_z,face_qw,face_qx,face_qy,face_qz,camera_x,camera_y,camera_z,camera_qw,camera_qx,camera_qy,camera_qz,attitude_t,attitude_qw,attitude_qx,attitude_qy,attitude_qz
        10.016667,1,0.010000,-0.020000,-0.350000,1.0000000,0.0000000,0.0000000,0.0000000,0.000000,0.000000,0.000000,1.0000000,0.0000000,0.0000000,0.0000000,10.010000,0.5000000,0.5000000,0.5000000,0.5000000
        10.033333,1,0.500000,0.250000,-0.125000,0.0000000,1.0000000,0.0000000,0.0000000,0.001000,0.000000,0.000000,0.7071068,0.0000000,0.7071068,0.0000000,10.020000,1.0000000,0.0000000,0.0000000,0.0000000
        10.050000,0,0.500000,0.250000,-0.125000,0.0000000,1.0000000,0.0000000,0.0000000,0.000000,0.000000,0.000000,1.0000000,0.0000000,0.0000000,0.0000000,10.020000,1.0000000,0.0000000,0.0000000,0.0000000

        """

    @Test func theRecordersBytesReadBack() throws {
        let recording = try DeviceRecording.parse(Self.recorded, file: "r.csv")
        #expect(DeviceRecording.isRecording(Substring(Self.recorded)))
        #expect(recording[header: "device_model"] == "iPhone16,1" && recording[header: "world_alignment"] == "gravity")
        #expect(recording.frames.map(\.t) == [10.016667, 10.033333, 10.05])
        #expect(recording.frames.map(\.tracked) == [true, true, false])
        #expect(recording.frames[0].face == Vec3(0.01, -0.02, -0.35))
        #expect(recording.frames[1].faceOrientation == Quaternion(w: 0, x: 1, y: 0, z: 0))
        #expect(abs(recording.frames[1].cameraOrientation.w - 0.5.squareRoot()) < 1e-7)
        #expect(recording.frames[0].attitudeT == 10.01 && recording.frames[0].attitude == Quaternion(w: 0.5, x: 0.5, y: 0.5, z: 0.5))
    }

    @Test func badRecordingsNameFileAndLine() {
        func message(_ text: String) -> String {
            do { _ = try DeviceRecording.parse(text, file: "r.csv"); return "" } catch { return "\(error)" }
        }
        let lines = Self.recorded.split(separator: "\n").map(String.init)
        #expect(message("t,x\n") == "r.csv:1: not a ParallaxRecorder recording; expected the first line '# parallax-recorder 1'")
        #expect(message((lines.prefix(6) + [lines[7], lines[6]]).joined(separator: "\n")).hasPrefix("r.csv:8: column 1 't': timestamps must strictly increase"))
        #expect(message((lines.prefix(7) + [lines[7].replacingOccurrences(of: ",1.0000000,", with: ",nan,")]).joined(separator: "\n"))
                    .hasPrefix("r.csv:8: column "))
        #expect(message(lines.prefix(6).joined(separator: "\n")) == "r.csv: no frames; expected the column line and at least one row")
    }
}
