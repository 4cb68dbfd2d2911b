extension CubeRoom {
    /// The app's room depth before pinch zoom (`CubeSceneController`: cubeSize and portraitSize depth 0.5 m).
    package static let appBaseDepth = 0.5

    /// The app's square room with its depth scaled by the pinch zoom (0.3–4.0; 0.6 gives `appCube`).
    package static func appCube(zoom: Double) -> CubeRoom { CubeRoom(width: 0.30, height: 0.30, depth: appBaseDepth * zoom) }
    /// The app's portrait room with its depth scaled by the pinch zoom (0.6 gives `appPortrait`).
    package static func appPortrait(zoom: Double) -> CubeRoom { CubeRoom(width: 0.22, height: 0.42, depth: appBaseDepth * zoom) }
}
