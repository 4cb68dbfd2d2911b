import FuzzDriver
import FuzzEntryPoints

/// One input for `FuzzSurface.trajectory` (libFuzzer calls this; see Fuzz/README.md).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    FuzzSurface.trajectory.run(Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}

/// The executable's entry (SwiftPM aliases `main` to it): libFuzzer's driver with `fuzz`.
@_cdecl("FuzzTrajectory_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
    FuzzDriver.run(argc, argv, fuzz)
}
