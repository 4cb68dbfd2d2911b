import Foundation
import TestedApp
import Vocabulary

/// One thing the user does to the cube scene between two display frames (the driver's `V` records,
/// AppInTheLoop/Driver/main.swift): a control of `CubeSceneController` as the app's UI calls it.
package struct SceneEvent: Hashable, Sendable {
    package enum Name: String, CaseIterable, Sendable {
        /// `setRoomShape(isRectangleMode:)`: value cube or portrait.
        case room
        /// `setZoomScale(_:)`: value the scale.
        case zoom
        /// `resetView()` alone (the reset button is `recenter`).
        case resetView = "reset-view"
        /// The effect switches: value on or off.
        case wobble, inertia, bounce
        case lineWobble = "line-wobble", lineInertia = "line-inertia", lineBounce = "line-bounce"
    }

    package var name: Name
    package var value: String?

    package init(name: Name, value: String? = nil) {
        self.name = name
        self.value = value
    }

    /// As written: `room=portrait`, `reset-view`.
    package var text: String { name.rawValue + (value.map { "=\($0)" } ?? "") }
}

/// The events of a scene replay as `--events` writes them: `recenter@2.0,room=portrait@1,zoom=1.2@1.5,wobble=on@0`
/// — the reset button (`recenter`: the app's resetView(), resetOrigin(), resetReference()) and the scene's
/// controls (`SceneEvent`), each at a time in seconds of the trace, before the first frame at or after it.
package struct SceneEvents: TextParsable, Hashable, Sendable {
    package enum Kind: Hashable, Sendable {
        case recenter
        case scene(SceneEvent)
    }

    /// The events in time order (stable: events at one time keep their written order).
    package var events: [(t: Double, kind: Kind)]

    package init(events: [(t: Double, kind: Kind)] = []) {
        self.events = events.enumerated().sorted { ($0.element.t, $0.offset) < ($1.element.t, $1.offset) }.map(\.element)
    }

    package static func == (a: SceneEvents, b: SceneEvents) -> Bool {
        a.events.count == b.events.count && zip(a.events, b.events).allSatisfy { $0.t == $1.t && $0.kind == $1.kind }
    }

    package func hash(into hasher: inout Hasher) {
        for event in events { hasher.combine(event.t); hasher.combine(event.kind) }
    }

    static let expected = "NAME[=VALUE]@SECONDS, comma-separated: recenter, reset-view, room=cube|portrait, zoom=SCALE, "
        + "wobble|inertia|bounce|line-wobble|line-inertia|line-bounce=on|off (e.g. recenter@2.0,room=portrait@1)"

    package init(parsing text: String) throws {
        var events: [(Double, Kind)] = []
        for item in text.split(separator: ",", omittingEmptySubsequences: false) {
            let trimmed = item.trimmingCharacters(in: .whitespaces)
            let parts = trimmed.split(separator: "@", omittingEmptySubsequences: false)
            guard parts.count == 2, let t = Double(parts[1]), t.isFinite, t >= 0 else {
                throw FieldError("events", expected: Self.expected, found: "'\(item)'")
            }
            let nameValue = parts[0].split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            let value = nameValue.count == 2 ? nameValue[1] : nil
            if nameValue[0] == "recenter", value == nil {
                events.append((t, .recenter))
                continue
            }
            guard let name = SceneEvent.Name(rawValue: nameValue[0]), Self.accepts(name, value) else {
                throw FieldError("events", expected: Self.expected, found: "'\(item)'")
            }
            events.append((t, .scene(SceneEvent(name: name, value: value))))
        }
        self.init(events: events.map { (t: $0.0, kind: $0.1) })
    }

    static func accepts(_ name: SceneEvent.Name, _ value: String?) -> Bool {
        switch name {
        case .resetView: return value == nil
        case .room: return value == "cube" || value == "portrait"
        case .zoom: return value.flatMap(Double.init).map { $0.isFinite && $0 > 0 } ?? false
        case .wobble, .inertia, .bounce, .lineWobble, .lineInertia, .lineBounce: return value == "on" || value == "off"
        }
    }
}

extension ReplayRun {
    /// `samples` with `events` each before the first sample at or after its time (an event after the last sample is
    /// dropped: no frame would show it).
    package init(device: SimulatedDevice, samples: [SensorSample], events: SceneEvents) {
        var pending = events.events[...]
        var steps: [Step] = []
        for sample in samples {
            while let event = pending.first, event.t <= sample.t {
                pending.removeFirst()
                switch event.kind {
                case .recenter: steps.append(.pressReset)
                case .scene(let scene): steps.append(.scene(scene))
                }
            }
            steps.append(.sample(sample))
        }
        self.init(device: device, steps: steps)
    }
}
