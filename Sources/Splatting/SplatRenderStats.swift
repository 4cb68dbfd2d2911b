/// Statistics of one render.
public struct SplatRenderStats: Sendable, Equatable {
    public var splats: Int
    public var visible: Int
    public var tileEntries: Int

    public init(splats: Int = 0, visible: Int = 0, tileEntries: Int = 0) {
        self.splats = splats
        self.visible = visible
        self.tileEntries = tileEntries
    }
}
