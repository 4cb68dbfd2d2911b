import Foundation
import Plumbing
import Vocabulary

/// The ParallaxLab an app's CI builds: a repository and the commit `parallax init` runs from. The commit is read from
/// git at run time (not embedded at build time): the checkout the running `parallax` was built in — the nearest
/// folder above the executable holding ParallaxLab's Package.swift — and its `origin` remote. An installed `parallax`
/// outside a checkout, or a checkout without a remote, is given them (fields `parallaxlab_commit`, `parallaxlab_repository`:
/// the CLI's `--parallaxlab-commit`, `--parallaxlab-repository`).
package struct ParallaxLabPin: Sendable, Equatable {
    package var repository: String
    package var commit: String
    /// The checkout had changes not in `commit` (they are not in what CI builds).
    package var uncommittedChanges = false

    package init(repository: String, commit: String) {
        self.repository = repository
        self.commit = commit
    }

    /// The pin of the checkout above `executable`, `repository` and `commit` replacing what git says.
    package static func locate(executable: String, repository: String?, commit: String?) throws -> ParallaxLabPin {
        let checkout = Self.checkout(above: executable)
        let git = { (arguments: [String]) in checkout.flatMap { try? SuiteRun.shell("git", ["-C", $0] + arguments) } ?? "" }
        let headCommit = git(["rev-parse", "HEAD"])
        guard let commit = commit ?? (headCommit.isEmpty ? nil : headCommit) else {
            throw FieldError("parallaxlab_commit", expected: "the ParallaxLab commit CI builds (this parallax is not in a ParallaxLab git checkout: \(executable))", found: "none")
        }
        guard commit.count == 40, commit.allSatisfy(\.isHexDigit) else {
            throw FieldError("parallaxlab_commit", expected: "a full 40-digit commit id", found: "'\(commit)'")
        }
        let remote = git(["remote", "get-url", "origin"])
        guard let repository = repository ?? (remote.isEmpty ? nil : remote) else {
            throw FieldError("parallaxlab_repository", expected: "the ParallaxLab repository CI clones (the checkout \(checkout ?? executable) has no 'origin' remote)", found: "none")
        }
        var pin = ParallaxLabPin(repository: repository, commit: commit)
        pin.uncommittedChanges = commit == headCommit && !git(["status", "--porcelain", "--untracked-files=no"]).isEmpty
        return pin
    }

    /// The nearest folder above `executable` whose Package.swift is ParallaxLab's.
    static func checkout(above executable: String) -> String? {
        var folder = (URL(fileURLWithPath: executable).resolvingSymlinksInPath().path as NSString).deletingLastPathComponent
        while folder != "/" && !folder.isEmpty {
            let manifest = (folder as NSString).appendingPathComponent("Package.swift")
            if let bytes = try? FileContents.read(manifest), String(decoding: bytes, as: UTF8.self).contains("name: \"ParallaxLab\"") { return folder }
            folder = (folder as NSString).deletingLastPathComponent
        }
        return nil
    }
}
