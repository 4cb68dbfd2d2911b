/// Statistics of one render.
package struct SplatRenderStats: Sendable, Equatable {
    package var splats: Int
    package var visible: Int
    package var tileEntries: Int

    package init(splats: Int = 0, visible: Int = 0, tileEntries: Int = 0) {
        self.splats = splats
        self.visible = visible
        self.tileEntries = tileEntries
    }
}
