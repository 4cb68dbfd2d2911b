import Geometry
import TestedApp

/// One replay: a fresh app on a simulated device, its settings set as the Settings sliders set them, fed its
/// steps in order — a sensor sample (one display frame each), a press of the reset button or a scene event
/// (between two frames).
package struct ReplayRun: Sendable {
    package enum Step: Sendable {
        /// A sample and its display frame, which the replay returns.
        case sample(SensorSample)
        /// A sample and its display frame, computed by the app but not returned (a prefix the caller does not read).
        case feed(SensorSample)
        case pressReset
        /// A control of the cube scene between two frames.
        case scene(SceneEvent)
    }

    package var device: SimulatedDevice
    /// Applied through the app's properties right after it is made; nil: as built.
    package var settings: AppSettings?
    /// Whether each returned frame also carries the scene graph the SceneKit stand-in recorded.
    package var sceneGraphs: Bool
    package var steps: [Step]
    /// The face's eyes the simulated ARKit reports with each anchor.
    package var eyes: FaceEyes = .standard

    package init(device: SimulatedDevice, settings: AppSettings? = nil, sceneGraphs: Bool = false, steps: [Step]) {
        self.device = device
        self.settings = settings
        self.sceneGraphs = sceneGraphs
        self.steps = steps
    }

    /// `samples` with the reset button pressed at `presses` (seconds): each press before the first sample at or
    /// after its time (a press after the last sample is dropped: no frame would show it). Samples before
    /// `firstReturned` are fed, not returned.
    package init(device: SimulatedDevice, samples: [SensorSample], presses: [Double] = [], settings: AppSettings? = nil,
                 firstReturned: Int = 0) {
        var pending = presses.sorted()[...]
        var steps: [Step] = []
        for (i, sample) in samples.enumerated() {
            while let press = pending.first, press <= sample.t {
                pending.removeFirst()
                steps.append(.pressReset)
            }
            steps.append(i < firstReturned ? .feed(sample) : .sample(sample))
        }
        self.init(device: device, settings: settings, steps: steps)
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

/// What one replay run returned: the settings the app held as built and after the run's settings were applied,
/// the frames, and (when asked) the scene graph after each frame.
package struct ReplayResult: Sendable {
    package var builtSettings: AppSettings
    package var settings: AppSettings
    package var frames: [AppFrame]
    package var sceneGraphs: [AppSceneGraph]
    /// When the app's updates landed over the run (the driver's `H` record).
    package var landing = UpdateLanding()
}


/// The driver's protocol (AppInTheLoop/Driver/main.swift reads and writes it): binary records, little-endian, so
/// that neither side spends its time formatting and parsing numbers.
///
/// In: the header line `parallax-app-replay 5\n`, then records — `R` a run (machine: UInt8 length + UTF-8, native
/// width and height: Int32, scene graphs wanted: UInt8 0/1, the face's left and right eye: Float64 x y z each); `Y` the platform's switches (UInt8 each: Euler
/// composition 0 Rx·Ry·Rz / 1 Rz·Ry·Rx, attitude product 0 reference⁻¹·attitude / 1 attitude·reference⁻¹, render
/// thread 0 main / 1 other); `C` a setting (UInt8 key: 1 smoothingAlpha, 2 movementScale; Float64 value); then the
/// run's `DeliverySchedule` — `A` a face-anchor call (Float64 t, x, y, z, the frame's camera orientation w x y z, the anchor's orientation w x y z;
/// UInt8 tracked 0/1; UInt8 call 0 didAdd / 1 didUpdate / 2 didRemove), `M` a device-motion sample (Float64 t, attitude w x y z, rotation rate x y z), `D` a
/// display frame (Float64 t), `O` a read of the app returned as a frame (Float64 t), `P` a press of the reset
/// button, `V` a scene event (name and value, each UInt8 length + UTF-8, the value empty when there is none); `E`
/// the end.
/// Out: `R` as each run starts and `C` after each setting, each with the settings the app then holds (2 Float32:
/// smoothingAlpha, movementScale); `S` per read (t: Float64, then 40 Float32: head 3, tilt offset 2, eye 3,
/// projection 16 and view 16 row by row); after it, when the run asks, `G` the scene graph (UInt32 length, then the
/// stand-in's SCNSceneRecord as JSON); `H` at each run's end, 4 Float32 counts (`UpdateLanding`: anchors landed
/// directly, after queued work; frames the same); `E` at the end.
enum ReplayScript {
    static let header = "parallax-app-replay 5\n"
    static let frameFloats = 40
    static let frameSize = 1 + 8 + 4 * frameFloats
    static let settingsSize = 1 + 4 * 2

    static func bytes(_ runs: [ReplayRun], on platform: SimulatedPlatform) -> [UInt8] {
        var out = Array(header.utf8)
        func put<T>(_ value: T) { withUnsafeBytes(of: value) { out += $0 } }
        func put(_ values: Double...) { for value in values { put(value.bitPattern.littleEndian) } }
        func put(string: String) {
            let utf8 = Array(string.utf8.prefix(255))
            out.append(UInt8(utf8.count))
            out += utf8
        }
        for run in runs {
            out.append(UInt8(ascii: "R"))
            put(string: run.device.machine)
            put(Int32(clamping: run.device.nativeWidth).littleEndian)
            put(Int32(clamping: run.device.nativeHeight).littleEndian)
            out.append(run.sceneGraphs ? 1 : 0)
            put(run.eyes.left.x, run.eyes.left.y, run.eyes.left.z, run.eyes.right.x, run.eyes.right.y, run.eyes.right.z)
            out += [UInt8(ascii: "Y"), platform.eulerComposition == .pitchYawRoll ? 0 : 1,
                    platform.attitudeProduct == .inverseFirst ? 0 : 1, platform.renderThread == .main ? 0 : 1]
            if let settings = run.settings {
                for (key, value) in [(UInt8(1), settings.smoothingAlpha), (2, settings.movementScale)] {
                    out += [UInt8(ascii: "C"), key]
                    put(value)
                }
            }
            for event in DeliverySchedule.events(run, on: platform) {
                switch event {
                case .anchor(let t, let p, let tracked, let call, let camera, let q):
                    out.append(UInt8(ascii: "A"))
                    put(t, p.x, p.y, p.z, camera.w, camera.x, camera.y, camera.z, q.w, q.x, q.y, q.z)
                    out += [tracked ? 1 : 0, call.rawValue]
                case .motion(let t, let q, let r):
                    out.append(UInt8(ascii: "M"))
                    put(t, q.w, q.x, q.y, q.z, r.x, r.y, r.z)
                case .display(let t):
                    out.append(UInt8(ascii: "D"))
                    put(t)
                case .read(let t):
                    out.append(UInt8(ascii: "O"))
                    put(t)
                case .pressReset:
                    out.append(UInt8(ascii: "P"))
                case .scene(let event):
                    out.append(UInt8(ascii: "V"))
                    put(string: event.name.rawValue)
                    put(string: event.value ?? "")
                }
            }
        }
        out.append(UInt8(ascii: "E"))
        return out
    }

    struct Parsed {
        var runs: [ReplayResult] = []
        var done = false
        var malformed: String?
        var lastFrame: Double? { runs.last?.frames.last?.t }
    }

    /// The driver's records, up to the first it could not have written.
    static func parse(_ bytes: [UInt8]) -> Parsed {
        var parsed = Parsed()
        var at = 0
        bytes.withUnsafeBytes { raw in
            func float(_ offset: Int) -> Float { Float(bitPattern: UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt32.self))) }
            func settings(_ offset: Int) -> AppSettings { AppSettings(smoothingAlpha: Double(float(offset)), movementScale: Double(float(offset + 4))) }
            while at < raw.count {
                switch raw[at] {
                case UInt8(ascii: "R") where at + settingsSize <= raw.count:
                    let built = settings(at + 1)
                    parsed.runs.append(ReplayResult(builtSettings: built, settings: built, frames: [], sceneGraphs: []))
                    at += settingsSize
                case UInt8(ascii: "C") where at + settingsSize <= raw.count && !parsed.runs.isEmpty:
                    parsed.runs[parsed.runs.count - 1].settings = settings(at + 1)
                    at += settingsSize
                case UInt8(ascii: "E"):
                    parsed.done = true
                    at += 1
                case UInt8(ascii: "H") where at + 17 <= raw.count && !parsed.runs.isEmpty:
                    let n = (0..<4).map { k in Int(float(at + 1 + 4 * k)) }
                    parsed.runs[parsed.runs.count - 1].landing = UpdateLanding(anchorsDirect: n[0], anchorsQueued: n[1], framesDirect: n[2], framesQueued: n[3])
                    at += 17
                case UInt8(ascii: "S") where at + frameSize <= raw.count && !parsed.runs.isEmpty:
                    let t = Double(bitPattern: UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: at + 1, as: UInt64.self)))
                    let values = (0..<frameFloats).map { k in Double(float(at + 9 + 4 * k)) }
                    parsed.runs[parsed.runs.count - 1].frames.append(AppFrame(t: t, values: values))
                    at += frameSize
                case UInt8(ascii: "G") where at + 5 <= raw.count && !parsed.runs.isEmpty:
                    let length = Int(UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: at + 1, as: UInt32.self)))
                    guard at + 5 + length <= raw.count,
                          let graph = AppSceneGraph(json: Array(bytes[(at + 5)..<(at + 5 + length)])) else {
                        parsed.malformed = "byte \(at) of \(raw.count): a scene graph that does not decode"
                        return
                    }
                    parsed.runs[parsed.runs.count - 1].sceneGraphs.append(graph)
                    at += 5 + length
                default:
                    parsed.malformed = "byte \(at) of \(raw.count): record '\(String(UnicodeScalar(raw[at])))'"
                    return
                }
            }
        }
        return parsed
    }
}
