import Geometry

/// The simulated device a replay runs on: what `uname` and `UIScreen.main.nativeBounds` report.
package struct SimulatedDevice: Hashable, Sendable {
    /// The model identifier (`utsname.machine`, e.g. "iPhone16,1").
    package var machine: String
    /// The screen in physical pixels, portrait.
    package var nativeWidth: Int
    package var nativeHeight: Int

    package init(machine: String, nativeWidth: Int, nativeHeight: Int) {
        self.machine = machine
        self.nativeWidth = nativeWidth
        self.nativeHeight = nativeHeight
    }
}

/// One sensor sample as the simulation delivers it: the face anchor ARKit reports and the device motion
/// CoreMotion reports at the same time.
package struct SensorSample: Sendable {
    package var t: Double
    /// The anchor's translation (`transform.columns.3`), metres, in the frame the ARKit hypothesis says.
    package var anchor: Vec3
    package var tracked: Bool
    /// The device attitude (`CMAttitude.quaternion`).
    package var attitude: Quaternion
    /// The rotation rate, rad/s about the device's axes (`CMDeviceMotion.rotationRate`).
    package var rotationRate: Vec3

    package init(t: Double, anchor: Vec3, tracked: Bool, attitude: Quaternion, rotationRate: Vec3) {
        self.t = t
        self.anchor = anchor
        self.tracked = tracked
        self.attitude = attitude
        self.rotationRate = rotationRate
    }
}

/// One replay: a fresh app on a simulated device, fed its steps in order — a sensor sample (one display frame
/// each) or a press of the reset button (between two frames).
package struct ReplayRun: Sendable {
    package enum Step: Sendable {
        /// A sample and its display frame, which the replay returns.
        case sample(SensorSample)
        /// A sample and its display frame, computed by the app but not returned (a prefix the caller does not read).
        case feed(SensorSample)
        case pressReset
    }

    package var device: SimulatedDevice
    package var steps: [Step]

    package init(device: SimulatedDevice, steps: [Step]) {
        self.device = device
        self.steps = steps
    }

    /// `samples` with the reset button pressed at `presses` (seconds): each press before the first sample at or
    /// after its time (a press after the last sample is dropped: no frame would show it).
    package init(device: SimulatedDevice, samples: [SensorSample], presses: [Double] = []) {
        var pending = presses.sorted()[...]
        var steps: [Step] = []
        for sample in samples {
            while let press = pending.first, press <= sample.t {
                pending.removeFirst()
                steps.append(.pressReset)
            }
            steps.append(.sample(sample))
        }
        self.init(device: device, steps: steps)
    }

    /// What the driver is fed after its `frames`-th returned frame, for a crash or time-out message.
    func event(afterFrames frames: Int) -> String? {
        var seen = 0
        for step in steps {
            switch step {
            case .sample(let sample):
                if seen == frames { return "the sample at t = \(sample.t) s" }
                seen += 1
            case .feed(let sample):
                if seen == frames { return "the sample at t = \(sample.t) s" }
            case .pressReset:
                if seen == frames { return "the reset button after frame \(frames)" }
            }
        }
        return nil
    }
}

/// The driver's protocol (AppInTheLoop/Driver/main.swift reads and writes it): binary records, little-endian, so
/// that neither side spends its time formatting and parsing numbers.
///
/// In: the header line `parallax-app-replay 2\n`, then records — `R` a run (machine: UInt8 length + UTF-8,
/// native width and height: Int32), `S` a sample whose frame is returned or `F` one whose frame is not (12 Float64:
/// t, anchor x y z, tracked 0/1, attitude w x y z, rotation rate x y z), `P` a press of the reset button, `E` the end.
/// Out: `R` as each run starts, `S` per returned frame (t: Float64, then 40 Float32: head 3, tilt offset 2, eye 3,
/// projection 16 and view 16 row by row), `E` at the end.
enum ReplayScript {
    static let header = "parallax-app-replay 2\n"
    static let frameFloats = 40
    static let frameSize = 1 + 8 + 4 * frameFloats

    static func bytes(_ runs: [ReplayRun]) -> [UInt8] {
        var out = Array(header.utf8)
        func put<T>(_ value: T) { withUnsafeBytes(of: value) { out += $0 } }
        for run in runs {
            let machine = Array(run.device.machine.utf8.prefix(255))
            out.append(UInt8(ascii: "R"))
            out.append(UInt8(machine.count))
            out += machine
            put(Int32(clamping: run.device.nativeWidth).littleEndian)
            put(Int32(clamping: run.device.nativeHeight).littleEndian)
            for step in run.steps {
                let s: SensorSample
                switch step {
                case .sample(let sample): s = sample; out.append(UInt8(ascii: "S"))
                case .feed(let sample): s = sample; out.append(UInt8(ascii: "F"))
                case .pressReset:
                    out.append(UInt8(ascii: "P"))
                    continue
                }
                for value in [s.t, s.anchor.x, s.anchor.y, s.anchor.z, s.tracked ? 1 : 0, s.attitude.w, s.attitude.x, s.attitude.y,
                              s.attitude.z, s.rotationRate.x, s.rotationRate.y, s.rotationRate.z] {
                    put(value.bitPattern.littleEndian)
                }
            }
        }
        out.append(UInt8(ascii: "E"))
        return out
    }
}
