import FuzzDriver
import FuzzEntryPoints
import Foundation

/// Every fuzz surface in one libFuzzer executable (one sanitized link instead of one per surface):
///
///     ParallaxFuzz SURFACE [libFuzzer flags…] [corpus folders or files…]
///
/// The surface is chosen once, before libFuzzer starts. It also goes into `PARALLAX_FUZZ_SURFACE`, so that the
/// processes libFuzzer starts itself (`-fork`, `-jobs`), which get the arguments without it, fuzz the same surface.
let surfaceVariable = "PARALLAX_FUZZ_SURFACE"

/// The surface this process fuzzes: read once, after `ParallaxFuzz_main` has settled it.
let surface: FuzzSurface = {
    guard let name = ProcessInfo.processInfo.environment[surfaceVariable], let surface = FuzzSurface(rawValue: name) else {
        preconditionFailure("\(surfaceVariable) names no fuzz surface")
    }
    return surface
}()

/// One input for the chosen surface (libFuzzer calls this; see Fuzz/README.md).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    surface.run(Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}

/// The executable's entry (SwiftPM aliases `main` to it): takes the surface from the first argument, unless
/// the environment already names it (a process libFuzzer started), then hands over to libFuzzer's driver.
@_cdecl("ParallaxFuzz_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
    guard ProcessInfo.processInfo.environment[surfaceVariable] == nil else { return FuzzDriver.run(argc, argv, fuzz) }
    let names = FuzzSurface.allCases.map(\.rawValue)
    guard argc >= 2, let first = argv[1], names.contains(String(cString: first)) else {
        let given = argc >= 2 ? argv[1].map { "'\(String(cString: $0))' is not a fuzz surface" } ?? "no surface" : "no surface"
        FileHandle.standardError.write(Data("ParallaxFuzz: \(given); expected one of \(names.joined(separator: ", ")) as the first argument\n".utf8))
        return 2
    }
    setenv(surfaceVariable, first, 1)
    // libFuzzer sees the program name and everything after the surface.
    argv[1] = argv[0]
    return FuzzDriver.run(argc - 1, argv + 1, fuzz)
}
