import Foundation
@_spi(Simulation) import UIKit
import XCTest

/// uname and UIScreen report the simulated device. (XCTest here: Swift Testing and UIKit in one file would ask
/// for Swift Testing's UIKit overlay, which exists on Apple's platforms only.)
final class UIKitTests: XCTestCase {
    func testUnameAndTheScreenReportTheSimulatedDevice() {
        simulatedMachineIdentifier = "iPhone17,1"
        UIScreen.simulatedMain = UIScreen(nativeBounds: CGRect(x: 0, y: 0, width: 1206, height: 2622))
        var info = utsname()
        XCTAssertEqual(uname(&info), 0)
        let machine = withUnsafeBytes(of: info.machine) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        XCTAssertEqual(machine, "iPhone17,1")
        XCTAssertEqual(UIScreen.main.nativeBounds.size, CGSize(width: 1206, height: 2622))
    }
}
