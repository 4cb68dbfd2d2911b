// swift-tools-version:6.0
// Stand-ins for the Apple frameworks a head-tracking iOS app's head-to-camera path uses (simd, ARKit,
// CoreMotion, UIKit), so its unmodified files compile and run on Linux against simulated sensors
// (ParallaxLab's `parallax app replay`), and for its cube scene (SceneKit, which records the scene graph the app
// builds, and the SpriteKit and AVFoundation names a video face needs: `parallax render cube --app-source`). Apple's documented types, signatures and
// maths, no rendering; what the app does not use is absent. A simulation reaches in through
// `@_spi(Simulation)` only. On Apple platforms the real simd is used.
import Foundation
import PackageDescription

#if os(Linux)
let simdTargets: [Target] = [.target(name: "simd")]
let simdDependency: [Target.Dependency] = ["simd"]
#else
let simdTargets: [Target] = []
let simdDependency: [Target.Dependency] = []
#endif

// ParallaxRecorder (AppInTheLoop/Recorder), the one file an app adds, compiled and tested against the stand-ins.
// Sources/Recorder is a symbolic link to ../../Recorder (SwiftPM takes no target outside the package root); the
// copy `parallax app replay` writes into its driver package has no recorder, so the targets exist only with it.
let recorderTargets: [Target] = FileManager.default.fileExists(atPath: Context.packageDirectory + "/Sources/Recorder/ParallaxRecorder.swift") ? [
    .target(name: "Recorder", dependencies: ["ARKit", "CoreMotion", "UIKit"] + simdDependency),
    .testTarget(name: "RecorderTests", dependencies: ["Recorder", "ARKit", "CoreMotion", "UIKit"] + simdDependency),
] : []

let package = Package(
    name: "AppleStandIns",
    products: [
        .library(name: "AppleStandIns", targets: ["ARKit", "CoreMotion", "UIKit", "SceneKit", "SpriteKit", "AVFoundation"]
                 + (simdTargets.map(\.name))),
    ],
    targets: simdTargets + [
        .target(name: "ARKit", dependencies: simdDependency),
        .target(name: "CoreMotion"),
        .target(name: "UIKit"),
        // The scene the app builds (issue 35): SceneKit records it; SpriteKit and AVFoundation only as far as a
        // video face needs them.
        .target(name: "AVFoundation"),
        .target(name: "SpriteKit", dependencies: ["AVFoundation"]),
        .target(name: "SceneKit", dependencies: ["UIKit", "SpriteKit", "AVFoundation"] + simdDependency),
        .testTarget(name: "StandInsTests", dependencies: ["ARKit", "CoreMotion", "UIKit"] + simdDependency),
        .testTarget(name: "SceneKitStandInTests", dependencies: ["SceneKit", "SpriteKit", "AVFoundation", "UIKit"] + simdDependency),
    ] + recorderTargets,
    // Apple's frameworks are Objective-C classes without Sendable annotations; the app builds in Swift 5 mode.
    swiftLanguageModes: [.v5]
)
