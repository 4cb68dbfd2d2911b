// Stand-ins for what the app reads of the device: UIKit's screen (https://developer.apple.com/documentation/uikit/uiscreen)
// and Darwin's uname(3), which names the model in `utsname.machine` ("iPhone16,1"). The app's
// ScreenCalibration.swift imports only UIKit and calls uname (:1, :12–13), so on iOS it reaches Swift through
// UIKit's imports — inferred from that file compiling in Xcode; Apple documents no such re-export. The simulation
// sets both for the simulated model.
@_exported import Foundation

/// A device's display (Apple: `class UIScreen : NSObject`).
open class UIScreen: NSObject {
    /// The device's screen (Apple: `class var main: UIScreen { get }`).
    open class var main: UIScreen { simulatedMain }

    /// The screen's bounds in physical pixels, portrait-up (Apple: `var nativeBounds: CGRect { get }`).
    open private(set) var nativeBounds: CGRect

    @_spi(Simulation) public init(nativeBounds: CGRect) {
        self.nativeBounds = nativeBounds
        super.init()
    }

    /// Simulation: the simulated device's screen.
    @_spi(Simulation) nonisolated(unsafe) public static var simulatedMain = UIScreen(nativeBounds: .zero)
}

/// Simulation: the model identifier `uname` reports in `machine` (e.g. "iPhone16,1").
@_spi(Simulation) nonisolated(unsafe) public var simulatedMachineIdentifier = "iPhone16,1"

/// uname(3) with `machine` set to the simulated model's identifier and every other field from the host.
/// Shadows the C library's `uname` for files that import UIKit.
@discardableResult
public func uname(_ name: UnsafeMutablePointer<utsname>) -> Int32 {
    #if canImport(Glibc)
    let status = Glibc.uname(name)
    #else
    let status = Darwin.uname(name)
    #endif
    withUnsafeMutableBytes(of: &name.pointee.machine) { bytes in
        bytes.initializeMemory(as: UInt8.self, repeating: 0)
        for (i, byte) in simulatedMachineIdentifier.utf8.prefix(bytes.count - 1).enumerated() { bytes[i] = byte }
    }
    return status
}
