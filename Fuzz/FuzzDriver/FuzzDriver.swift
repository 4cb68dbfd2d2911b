/// libFuzzer's driver, called from each fuzz target's entry function.
///
/// SwiftPM links an executable with `main` aliased to `<Module>_main` (so that tests can import executables);
/// a fuzz target defines that function and hands control to libFuzzer here, instead of libFuzzer's own
/// `main`, which the alias keeps out of the link.
public enum FuzzDriver {
    public typealias TestOneInput = @convention(c) (UnsafePointer<UInt8>, Int) -> CInt

    public static func run(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>, _ test: TestOneInput) -> CInt {
        var count = argc
        var arguments: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = argv
        return LLVMFuzzerRunDriver(&count, &arguments, test)
    }
}

@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(_ argc: UnsafeMutablePointer<CInt>,
                         _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
                         _ test: FuzzDriver.TestOneInput) -> CInt
