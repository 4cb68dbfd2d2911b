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
        /// A scene event between two frames (the scene driver only).
        case scene(SceneEvent)
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
            case .scene(let event):
                if seen == frames { return "the event \(event.text) after frame \(frames)" }
            }
        }
        return nil
    }
}

/// The driver's input: its text protocol, line by line (AppInTheLoop/Driver/main.swift reads it).
enum ReplayScript {
    static let header = "parallax-app-replay 1"

    static func text(_ runs: [ReplayRun]) -> String {
        var lines = [header]
        for run in runs {
            lines.append("run \(run.device.machine) \(run.device.nativeWidth) \(run.device.nativeHeight)")
            for step in run.steps {
                let s: SensorSample, keyword: String
                switch step {
                case .sample(let sample): (s, keyword) = (sample, "sample")
                case .feed(let sample): (s, keyword) = (sample, "feed")
                case .pressReset:
                    lines.append("press")
                    continue
                case .scene(let event):
                    lines.append("event \(event.name.rawValue)" + (event.value.map { " \($0)" } ?? ""))
                    continue
                }
                let values = [s.t, s.anchor.x, s.anchor.y, s.anchor.z, s.tracked ? 1 : 0,
                              s.attitude.w, s.attitude.x, s.attitude.y, s.attitude.z,
                              s.rotationRate.x, s.rotationRate.y, s.rotationRate.z]
                lines.append(keyword + " " + values.map { "\($0)" }.joined(separator: " "))
            }
        }
        lines.append("end")
        return lines.joined(separator: "\n") + "\n"
    }
}
