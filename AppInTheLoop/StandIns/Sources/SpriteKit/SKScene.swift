// SpriteKit, only what a video face uses (https://developer.apple.com/documentation/spritekit/skscene,
// …/skvideonode/init(avplayer:)): a scene of a size with child nodes, a video node showing an AVPlayer with a
// position, size and y scale. Nothing is drawn: a SceneKit material whose contents is such a scene records
// "a video".
@_exported import Foundation
import AVFoundation

/// A node of a SpriteKit scene (Apple: `class SKNode`).
open class SKNode: NSObject {
    public var position: CGPoint = .zero
    public var yScale: CGFloat = 1
    public private(set) var children: [SKNode] = []

    public override init() { super.init() }

    public func addChild(_ node: SKNode) { children.append(node) }
}

/// A SpriteKit scene (Apple: `class SKScene : SKEffectNode`).
open class SKScene: SKNode {
    public var size: CGSize
    public var isPaused = false

    public init(size: CGSize) {
        self.size = size
        super.init()
    }
}

/// A node showing a video (Apple: `class SKVideoNode : SKNode`).
open class SKVideoNode: SKNode {
    @_spi(Simulation) public let player: AVPlayer
    public var size: CGSize = .zero

    public init(avPlayer player: AVPlayer) {
        self.player = player
        super.init()
    }
}
