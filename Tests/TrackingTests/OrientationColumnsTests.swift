import Foundation
import Geometry
import Testing
import Tracking

/// The optional 6-DoF columns (issue 25): all four together, unit length checked with file:line, carried through
/// a round trip, read back as quaternions.
struct OrientationColumnsTests {
    func parse(_ text: String) throws -> HeadTrace { try TraceCSVReader.parse(Data(text.utf8), file: "pose.csv") }

    func message(_ text: String) -> String {
        do { _ = try parse(text); return "no error" } catch { return "\(error)" }
    }

    @Test func readsBothQuaternionsAndKeepsThemThroughARoundTrip() throws {
        let half = 0.5.squareRoot()
        let text = "t,x,y,z,head_qw,head_qx,head_qy,head_qz,device_qw,device_qx,device_qy,device_qz\n"
            + "0,0,0,0.35,1,0,0,0,\(half),\(-half),0,0\n0.0167,0,0,0.35,1,0,0,0,1,0,0,0\n"
        let trace = try parse(text)
        let device = try #require(try trace.orientations(.device))
        #expect(device[0].angle(to: Quaternion(axis: Vec3(1, 0, 0), angle: -.pi / 2)) < 1e-12)
        #expect(try trace.orientations(.head)?.allSatisfy { $0 == .identity } == true)
        let back = try TraceCSVReader.parse(Data(TraceCSVWriter.encode(trace)), file: "rt.csv")
        #expect(back == trace)
    }

    @Test func aTraceWithoutTheColumnsHasNoOrientation() throws {
        #expect(try parse("t,x,y,z\n0,0,0,0.35\n").orientations(.head) == nil)
    }

    @Test func refusesANonUnitQuaternionWithItsLine() {
        let text = "t,x,y,z,head_qw,head_qx,head_qy,head_qz\n0,0,0,0.35,1,0,0,0\n0.0167,0,0,0.35,1.2,0,0,0\n"
        let m = message(text)
        #expect(m.contains("pose.csv:3") && m.contains("unit quaternion") && m.contains("1.200000"), "\(m)")
    }

    @Test func refusesAnIncompleteGroupInTheHeader() {
        let m = message("t,x,y,z,device_qw,device_qx\n0,0,0,0.35,1,0\n")
        #expect(m.contains("pose.csv:1") && m.contains("device_qw,device_qx,device_qy,device_qz"), "\(m)")
    }

    @Test func refusesATextComponent() {
        let m = message("t,x,y,z,head_qw,head_qx,head_qy,head_qz\n0,0,0,0.35,one,0,0,0\n")
        #expect(m.contains("pose.csv:2") && m.contains("four numbers"), "\(m)")
    }

    @Test func setOrientationsWritesFourColumns() throws {
        var trace = try parse("t,x,y,z\n0,0,0,0.35\n")
        let q = Quaternion(axis: Vec3(0, 1, 0), angle: 0.3)
        trace.setOrientations([q], .head)
        #expect(trace.extraColumns.map(\.name) == OrientationColumns.head.names)
        #expect(try trace.orientations(.head)![0].angle(to: q) < 1e-15)
    }
}
