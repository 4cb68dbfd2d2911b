// SceneKit's light (https://developer.apple.com/documentation/scenekit/scnlight): its `type` (…/scnlight/
// lighttype), `intensity` in lumens, 1000 by default (…/scnlight/intensity), and `color`, white by default
// (…/scnlight/color). A directional light shines along its node's −z axis (…/scnlight/lighttype/directional);
// an ambient one lights every surface equally from every direction.
@_exported import Foundation
import UIKit

/// A light source (Apple: `class SCNLight : NSObject`).
open class SCNLight: NSObject {
    /// The kind of light (Apple: `struct SCNLight.LightType`, a string-backed constant).
    public struct LightType: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public static let ambient = LightType(rawValue: "ambient")
        public static let omni = LightType(rawValue: "omni")
        public static let directional = LightType(rawValue: "directional")
        public static let spot = LightType(rawValue: "spot")
        public static let IES = LightType(rawValue: "ies")
        public static let probe = LightType(rawValue: "probe")
        public static let area = LightType(rawValue: "area")
    }

    public var type: LightType = .omni
    public var intensity: CGFloat = 1000
    public var color: Any = UIColor.white

    public override init() { super.init() }
}
