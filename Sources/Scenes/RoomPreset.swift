import Projection
import Rendering
import Vocabulary

/// The cube rooms a scene can name: `screen` (the opening is the screen, depth = its height), the app's
/// `app-cube` and `app-portrait`, or a custom `W,H,D` in meters.
package enum RoomPreset: Equatable, Sendable, CustomStringConvertible {
    case screen
    case appCube
    case appPortrait
    case custom(width: Double, height: Double, depth: Double)

    /// Parses `screen`, `app-cube`, `app-portrait` or `W,H,D` (three positive finite sizes in meters).
    package init(parsing text: String) throws {
        switch text {
        case "screen": self = .screen
        case "app-cube": self = .appCube
        case "app-portrait": self = .appPortrait
        default:
            let parts = text.split(separator: ",").map { Double($0.trimmingCharacters(in: .whitespaces)) }
            guard parts.count == 3, let w = parts[0], let h = parts[1], let d = parts[2],
                  [w, h, d].allSatisfy({ $0.isFinite && $0 > 0 }) else {
                throw FieldError(FieldPath(), expected: "screen, app-cube, app-portrait or W,H,D (three positive sizes in meters)", found: "'\(text)'")
            }
            self = .custom(width: w, height: h, depth: d)
        }
    }

    package var description: String {
        switch self {
        case .screen: return "screen"
        case .appCube: return "app-cube"
        case .appPortrait: return "app-portrait"
        case let .custom(w, h, d): return "\(w),\(h),\(d)"
        }
    }

    /// The room on `screen`; the app presets' depth follows the app's pinch `zoom` (0.6: as shipped).
    package func room(on screen: ScreenModel, zoom: Double = 0.6) -> CubeRoom {
        switch self {
        case .screen: return .screen(width: screen.width, height: screen.height)
        case .appCube: return zoom == 0.6 ? .appCube : .appCube(zoom: zoom)
        case .appPortrait: return zoom == 0.6 ? .appPortrait : .appPortrait(zoom: zoom)
        case let .custom(w, h, d): return CubeRoom(width: w, height: h, depth: d)
        }
    }
}

/// A scene that cannot be set up from values that are valid one by one: names where the value came from (a
/// trace sample, a camera file, the frame size) and the underlying error. Bad values themselves are `FieldError`s.
package struct SceneError: Error, CustomStringConvertible, Equatable {
    package var description: String
    package init(_ description: String) { self.description = description }
}

/// `FACE=PATH.png`: a texture for one face of the cube room.
package struct FaceTexture: Equatable, Sendable {
    package var face: CubeRoom.Face
    package var path: String

    package init(parsing text: String) throws {
        let parts = text.split(separator: "=", maxSplits: 1).map(String.init)
        guard parts.count == 2, let face = CubeRoom.Face(rawValue: parts[0]) else {
            throw FieldError(FieldPath(), expected: "FACE=PATH with FACE one of \(CubeRoom.Face.allCases.map(\.rawValue).joined(separator: ", "))", found: "'\(text)'")
        }
        self.face = face
        self.path = parts[1]
    }
}
