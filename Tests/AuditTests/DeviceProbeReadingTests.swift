import Audit
import DeviceFacts
import Foundation
import Geometry
import ParallaxTestSupport
import Testing
import Vocabulary

/// `DeviceProbe.decode`: a synthesized probe reads back as written (column-major matrices, normalized
/// quaternions); every malformed one is one `FieldError` line naming the file and the field.
struct DeviceProbeReadingTests {
    @Test func aProbeReadsBackAsWritten() throws {
        var synthesizer = DeviceProbeSynthesizer()
        synthesizer.eulerAngles = [0.3, -0.5, 0.8]
        let probe = try DeviceProbe.decode(Array(synthesizer.json().utf8), file: "probe.json")
        #expect(probe.deviceModel == "iPhone16,1" && probe.systemVersion == "18.1" && probe.renderThread == .main)
        #expect(probe.delegateCalls.count == 600 && probe.arkitTimestamps.count == 600 && probe.motionTimestamps.count == 600)
        #expect(probe.eulerSamples.count == 24 && probe.attitudeSamples.count == 24)
        // Column-major in the file, row-major in Mat4: element (row 0, column 2) is sin(yaw) for Rx·Ry·Rz.
        let m = probe.eulerSamples[0].matrix
        #expect(abs(m.row(0).z - sin(-0.5)) < 1e-6 && abs(m.row(1).z - (-sin(0.3) * cos(-0.5))) < 1e-6 && m.row(3).w == 1)
        #expect(probe.eulerSamples[0].euler == Vec3(0.3, -0.5, 0.8))
    }

    @Test func quaternionsAreNormalizedAndAnotherKeyIsRefused() throws {
        let probe = try DeviceProbe.decode(Array(edit(DeviceProbeSynthesizer().json(), attitude0A: "[2, 0, 0, 0]").utf8), file: "p.json")
        #expect(probe.attitudeSamples[0].a == Quaternion(w: 1, x: 0, y: 0, z: 0))
        let extra = DeviceProbeSynthesizer().json().replacingOccurrences(of: "\"attitude_samples\": [{\"a\": ", with: "\"attitude_samples\": [{\"unused\": 0, \"a\": ")
        #expect(message(extra) == "probe.json: attitude_samples[0].unused: expected only the keys a, b, product, found another key")
    }

    /// The first attitude sample's `a` replaced.
    func edit(_ json: String, attitude0A: String) -> String {
        var text = json
        let start = text.range(of: "\"attitude_samples\": [{\"a\": ")!.upperBound
        let end = text[start...].firstIndex(of: "]")!
        text.replaceSubrange(start...end, with: attitude0A)
        return text
    }

    func message(_ text: String) -> String? {
        thrownError(FieldError.self) { try DeviceProbe.decode(Array(text.utf8), file: "probe.json") }.map(\.description)
    }

    /// A valid probe with one top-level field's value replaced by `value` (its JSON text), or removed when nil.
    func probe(replacing key: String, with value: String?) -> String {
        var object = try! JSONSerialization.jsonObject(with: Data(DeviceProbeSynthesizer().json().utf8)) as! [String: Any]
        object[key] = nil
        var text = String(decoding: try! JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]), as: UTF8.self)
        if let value { text.insert(contentsOf: "\"\(key)\": \(value), ", at: text.index(after: text.startIndex)) }
        return text
    }

    @Test func everyMalformedProbeIsOneLineNamingTheFileAndTheField() {
        let cases: [(String, String)] = [
            (probe(replacing: "render_thread", with: nil), "probe.json: render_thread: expected main or other, found nothing (the key is missing)"),
            (probe(replacing: "render_thread", with: "\"background\""), "probe.json: render_thread: expected main or other, found 'background'"),
            (probe(replacing: "probe", with: "2"), "probe.json: probe: expected 1 (the probe schema this parallax reads), found 2"),
            (probe(replacing: "probe", with: "\"1\""), "probe.json: probe: expected 1 (the probe schema this parallax reads), found '1'"),
            (probe(replacing: "extra", with: "0"), "probe.json: extra: expected only the keys probe, device_model, system_version, delegate_calls, arkit_timestamps, motion_timestamps, render_timestamps, motion_requested_interval, render_thread, euler_samples, attitude_samples, found another key"),
            (probe(replacing: "device_model", with: "16"), "probe.json: device_model: expected a string, found 16"),
            (probe(replacing: "motion_requested_interval", with: "0"), "probe.json: motion_requested_interval: expected an interval > 0 s, found 0"),
            (probe(replacing: "motion_requested_interval", with: "null"), "probe.json: motion_requested_interval: expected a finite number, found null"),
            (probe(replacing: "arkit_timestamps", with: "{}"), "probe.json: arkit_timestamps: expected an array, found an object"),
            (probe(replacing: "motion_timestamps", with: "[1, 2, 2]"), "probe.json: motion_timestamps[2]: expected a time after the previous 2 s (timestamps strictly increase), found 2"),
            (probe(replacing: "render_timestamps", with: "[1, true]"), "probe.json: render_timestamps[1]: expected a finite number, found true"),
            (probe(replacing: "delegate_calls", with: "[{\"t\": 0, \"call\": \"didChange\", \"tracked\": true}]"),
             "probe.json: delegate_calls[0].call: expected didAdd, didUpdate or didRemove, found 'didChange'"),
            (probe(replacing: "delegate_calls", with: "[{\"t\": 0, \"call\": \"didAdd\", \"tracked\": 1}]"), "probe.json: delegate_calls[0].tracked: expected true or false, found 1"),
            (probe(replacing: "delegate_calls", with: "[{\"t\": 0, \"call\": \"didAdd\"}]"), "probe.json: delegate_calls[0].tracked: expected true or false, found nothing (the key is missing)"),
            (probe(replacing: "delegate_calls", with: "[{\"t\": 1, \"call\": \"didAdd\", \"tracked\": true}, {\"t\": 0.5, \"call\": \"didUpdate\", \"tracked\": true}]"),
             "probe.json: delegate_calls[1].t: expected a time at or after the previous call's 1 s (calls in order), found 0.5"),
            (probe(replacing: "delegate_calls", with: "[3]"), "probe.json: delegate_calls[0]: expected an object with t, call, tracked, found 3"),
            (probe(replacing: "euler_samples", with: "[{\"euler\": [1, 2, 3], \"matrix\": [\(Array(repeating: "0", count: 15).joined(separator: ","))]}]"),
             "probe.json: euler_samples[0].matrix: expected 16 finite numbers, found an array of 15"),
            (probe(replacing: "euler_samples", with: "[{\"euler\": [1, \"2\", 3], \"matrix\": []}]"), "probe.json: euler_samples[0].euler[1]: expected a finite number, found '2'"),
            (probe(replacing: "attitude_samples", with: "[{\"a\": [0, 0, 0, 0], \"b\": [1, 0, 0, 0], \"product\": [1, 0, 0, 0]}]"),
             "probe.json: attitude_samples[0].a: expected a rotation quaternion [w, x, y, z], found one of length 0"),
            (probe(replacing: "attitude_samples", with: "[{\"a\": [1e300, 1e300, 0, 0], \"b\": [1, 0, 0, 0], \"product\": [1, 0, 0, 0]}]"),
             "probe.json: attitude_samples[0].a: expected a rotation quaternion [w, x, y, z], found one of length inf"),
            ("[1, 2]", "probe.json: expected a device probe (a JSON object with \"probe\": 1), found an array of 2"),
            ("\"probe\"", "probe.json: expected a device probe (a JSON object with \"probe\": 1), found 'probe'"),
            ("", "probe.json: expected a device probe (JSON, \"probe\": 1), found text that is not JSON (Unexpected end of file during JSON parse)"),
            ("{\"probe\": 1,", "probe.json: expected a device probe (JSON, \"probe\": 1), found text that is not JSON (Unexpected end of file during JSON parse)"),
            ("{\"probe\": NaN}", "probe.json: expected a device probe (JSON, \"probe\": 1), found text that is not JSON (Invalid value around character 10)"),
            ("{\"probe\": 1e999}", "probe.json: expected a device probe (JSON, \"probe\": 1), found text that is not JSON (Number 1e999 is not representable in Swift)"),
        ]
        for (text, expected) in cases {
            #expect(message(text) == expected, "\(text.prefix(80))")
        }
    }

    @Test func anyBytesGiveAProbeOrOneLine() {
        var random = SplitMix64(seed: 9)
        let valid = Array(DeviceProbeSynthesizer().json().utf8)
        for round in 0..<200 {
            var bytes = round % 2 == 0 ? valid : (0..<Int(random.uniform(0...300))).map { _ in UInt8(random.nextBits() & 0xFF) }
            if round % 2 == 0 {
                for _ in 0..<8 { bytes[Int(random.uniform(0...Double(bytes.count - 1)))] = UInt8(random.nextBits() & 0xFF) }
            }
            do {
                _ = DeviceCheck(probe: try DeviceProbe.decode(bytes, file: "f.json"))
            } catch let error as FieldError {
                #expect(!error.description.contains("\n") && error.description.hasPrefix("f.json: "), "\(error)")
            } catch {
                Issue.record("not a FieldError: \(error)")
            }
        }
        // Deep nesting is refused by the parser, not by the stack.
        #expect(message(String(repeating: "[", count: 100_000))?.hasPrefix("probe.json: expected a device probe (JSON, \"probe\": 1), found text that is not JSON (Too many nested arrays") == true)
    }
}
