// SceneKit's geometries the app builds (https://developer.apple.com/documentation/scenekit/scngeometry):
// - `SCNPlane` (…/scnplane/init(width:height:)): "a flat surface in the x- and y-axis dimensions of its local
//   coordinate space", centred, extending ±width/2 along x and ±height/2 along y at z = 0; one-sided, its normal
//   along +z;
// - `SCNCylinder` (…/scncylinder/init(radius:height:)): centred, its circular cross-section of `radius` in x and z,
//   extending ±height/2 along y.
// A geometry holds its materials; `firstMaterial` is the first of them (…/scngeometry/firstmaterial).
@_exported import Foundation

/// A shape with materials (Apple: `class SCNGeometry : NSObject`).
open class SCNGeometry: NSObject {
    public var materials: [SCNMaterial] = []

    public override init() { super.init() }

    public var firstMaterial: SCNMaterial? {
        get { materials.first }
        set {
            if let newValue {
                if materials.isEmpty { materials = [newValue] } else { materials[0] = newValue }
            } else if !materials.isEmpty {
                materials.removeFirst()
            }
        }
    }
}

/// A rectangle in its local x–y plane (Apple: `class SCNPlane : SCNGeometry`).
open class SCNPlane: SCNGeometry {
    public var width: CGFloat
    public var height: CGFloat

    public init(width: CGFloat, height: CGFloat) {
        self.width = width
        self.height = height
        super.init()
    }
}

/// A right circular cylinder along its local y axis (Apple: `class SCNCylinder : SCNGeometry`).
open class SCNCylinder: SCNGeometry {
    public var radius: CGFloat
    public var height: CGFloat

    public init(radius: CGFloat, height: CGFloat) {
        self.radius = radius
        self.height = height
        super.init()
    }
}
