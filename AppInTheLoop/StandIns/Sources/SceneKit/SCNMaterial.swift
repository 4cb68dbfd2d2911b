// SceneKit's material (https://developer.apple.com/documentation/scenekit/scnmaterial): visual properties whose
// `contents` is a colour, an image or a SpriteKit scene (…/scnmaterialproperty/contents), `transparency` (1 by
// default: opaque) and its `transparencyMode` (…/scnmaterial/transparencymode; `.aOne`: "SceneKit derives
// transparency information from the alpha channel of colors"), the `lightingModel` (…/scnmaterial/lightingmodel-
// swift.property; SceneKit's default is Blinn), `isDoubleSided` (false by default: only the front is rendered).
// The defaults of `diffuse` and `emission` contents follow SceneKit (…/scnmaterial/diffuse: white; …/emission:
// black), so a material the app leaves alone is recorded as SceneKit would draw it.
@_exported import Foundation
import UIKit

/// One visual property of a material (Apple: `class SCNMaterialProperty : NSObject`).
open class SCNMaterialProperty: NSObject {
    public var contents: Any?

    init(contents: Any?) {
        self.contents = contents
        super.init()
    }
}

/// How a material's transparency is read (Apple: `enum SCNTransparencyMode`).
public enum SCNTransparencyMode: Int, Sendable {
    case aOne = 0, rgbZero = 1, singleLayer = 2, dualLayer = 3
    public static let `default` = SCNTransparencyMode.aOne
}

/// A surface's appearance (Apple: `class SCNMaterial : NSObject`).
open class SCNMaterial: NSObject {
    /// The lighting formula (Apple: `struct SCNMaterial.LightingModel`, a string-backed constant).
    public struct LightingModel: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public static let blinn = LightingModel(rawValue: "blinn")
        public static let constant = LightingModel(rawValue: "constant")
        public static let lambert = LightingModel(rawValue: "lambert")
        public static let phong = LightingModel(rawValue: "phong")
        public static let physicallyBased = LightingModel(rawValue: "physicallyBased")
        public static let shadowOnly = LightingModel(rawValue: "shadowOnly")
    }

    public let diffuse = SCNMaterialProperty(contents: UIColor.white)
    public let emission = SCNMaterialProperty(contents: UIColor.black)
    public var transparency: CGFloat = 1
    public var transparencyMode: SCNTransparencyMode = .default
    public var lightingModel: LightingModel = .blinn
    public var isDoubleSided = false

    public override init() { super.init() }
}
