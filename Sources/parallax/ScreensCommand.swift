import ArgumentParser
import Projection

/// `parallax screens`: every screen `--screen` accepts by name, with its size and pixel density.
struct ScreensCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "screens",
        abstract: "List the screens --screen accepts: name, identifier, size, ppi and the table's source.",
        discussion: """
            Every TrueDepth iPhone of the display table, by the slug --screen takes (a name such as 'iPhone 16 Pro' or an \
            identifier such as iPhone17,1 works too).

            Example:
              parallax screens
            """
    )

    func run() throws {
        print(DisplayTable.listing, terminator: "")
    }
}
