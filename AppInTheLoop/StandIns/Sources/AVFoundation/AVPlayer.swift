// AVFoundation's player, only what a video face reads (https://developer.apple.com/documentation/avfoundation/avplayer):
// the current item's asset, its video tracks (`tracks(withMediaType:)`,
// https://developer.apple.com/documentation/avfoundation/avasset/tracks(withmediatype:)) and their natural size,
// and `play()`. Nothing plays: a scene records "a video" where the player is shown.
@_exported import Foundation

/// A media type (Apple: `struct AVMediaType`); only `video`.
public struct AVMediaType: Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let video = AVMediaType(rawValue: "vide")
}

/// A track of an asset (Apple: `class AVAssetTrack`).
open class AVAssetTrack: NSObject, @unchecked Sendable {
    public let mediaType: AVMediaType
    /// The track's frame size in pixels (Apple: `var naturalSize: CGSize`).
    public let naturalSize: CGSize

    @_spi(Simulation) public init(mediaType: AVMediaType, naturalSize: CGSize) {
        self.mediaType = mediaType
        self.naturalSize = naturalSize
    }
}

/// Timed media (Apple: `class AVAsset`).
open class AVAsset: NSObject, @unchecked Sendable {
    @_spi(Simulation) public let simulatedTracks: [AVAssetTrack]

    @_spi(Simulation) public init(tracks: [AVAssetTrack]) { simulatedTracks = tracks }

    /// The asset's tracks of `mediaType`.
    public func tracks(withMediaType mediaType: AVMediaType) -> [AVAssetTrack] {
        simulatedTracks.filter { $0.mediaType == mediaType }
    }
}

/// What a player plays (Apple: `class AVPlayerItem`).
open class AVPlayerItem: NSObject, @unchecked Sendable {
    public let asset: AVAsset
    public init(asset: AVAsset) { self.asset = asset }
}

/// A player (Apple: `class AVPlayer`).
open class AVPlayer: NSObject, @unchecked Sendable {
    public private(set) var currentItem: AVPlayerItem?
    /// Whether `play()` was called.
    @_spi(Simulation) public private(set) var isPlaying = false

    public init(playerItem item: AVPlayerItem?) { currentItem = item }

    public func play() { isPlaying = true }
}
