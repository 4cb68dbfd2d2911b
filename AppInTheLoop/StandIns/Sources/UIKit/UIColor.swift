// UIKit's colour (https://developer.apple.com/documentation/uikit/uicolor): red, green, blue and alpha in the
// extended sRGB colour space (https://developer.apple.com/documentation/uikit/uicolor/init(red:green:blue:alpha:)),
// and the system colours the app names: `black` (0, 0, 0, 1), `white` (1, 1, 1, 1) and `clear` (0, 0, 0, 0)
// (https://developer.apple.com/documentation/uikit/uicolor/black, …/white, …/clear). Nothing is drawn: a scene
// records the components.

/// A colour (Apple: `class UIColor : NSObject`).
open class UIColor: NSObject, @unchecked Sendable {
    /// The extended-sRGB components, as given.
    @_spi(Simulation) public let components: (red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat)

    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        components = (red, green, blue, alpha)
    }

    public class var black: UIColor { UIColor(red: 0, green: 0, blue: 0, alpha: 1) }
    public class var white: UIColor { UIColor(red: 1, green: 1, blue: 1, alpha: 1) }
    public class var clear: UIColor { UIColor(red: 0, green: 0, blue: 0, alpha: 0) }
}

/// An image (Apple: `class UIImage : NSObject`, https://developer.apple.com/documentation/uikit/uiimage). The app
/// only passes images along; a simulation makes one with a name that the scene records.
open class UIImage: NSObject, @unchecked Sendable {
    @_spi(Simulation) public let simulatedName: String

    @_spi(Simulation) public init(simulatedName: String) {
        self.simulatedName = simulatedName
    }
}
