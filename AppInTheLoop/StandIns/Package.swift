// swift-tools-version:6.2
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

// ParallaxRecorder (AppInTheLoop/Recorder: the recorder and its SwiftUI button), the files an app adds, compiled and
// tested against the stand-ins twice — Swift 6 language mode with the default isolation nonisolated (`Recorder`) and
// MainActor (`RecorderMainActor`, as Xcode 26's new projects and Splat-Frame build: SWIFT_DEFAULT_ACTOR_ISOLATION =
// MainActor) — with one test file (Tests/RecorderMainActorTests holds a link to RecorderTests' file). Sources/Recorder
// and Sources/RecorderMainActor are symbolic links to ../../Recorder (SwiftPM takes no target outside the package
// root). `SwiftUI` is the stand-in the button needs; `RecorderSample` records the sample recording of
// Traces/recordings on a simulated session (`swift run --package-path AppInTheLoop/StandIns record-sample FILE`,
// `make sample-recording`). The copy `parallax app replay` writes into its driver package has none of these, so
// the targets exist only with the recorder.
let recorderSettings: [SwiftSetting] = [.swiftLanguageMode(.v6)]
let recorderDependencies: [Target.Dependency] = ["ARKit", "CoreMotion", "SceneKit", "UIKit", "SwiftUI"] + simdDependency
let recorderTargets: [Target] = FileManager.default.fileExists(atPath: Context.packageDirectory + "/Sources/Recorder/ParallaxRecorder.swift") ? [
    .target(name: "SwiftUI"),
    .target(name: "Recorder", dependencies: recorderDependencies, swiftSettings: recorderSettings),
    .target(name: "RecorderMainActor", dependencies: recorderDependencies,
            swiftSettings: recorderSettings + [.defaultIsolation(MainActor.self)]),
    .target(name: "RecorderSample", dependencies: ["Recorder", "ARKit", "CoreMotion", "SceneKit", "UIKit"] + simdDependency),
    .executableTarget(name: "record-sample", dependencies: ["RecorderSample"]),
    .testTarget(name: "RecorderTests", dependencies: ["Recorder", "RecorderSample", "ARKit", "CoreMotion", "UIKit"] + simdDependency),
    .testTarget(name: "RecorderMainActorTests", dependencies: ["RecorderMainActor", "ARKit", "CoreMotion", "UIKit"] + simdDependency,
                swiftSettings: [.define("MAIN_ACTOR_RECORDER")]),
] : []

#if os(Linux)
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
#else
// On Apple's platforms the stand-ins are not built (a target named ARKit, CoreMotion, UIKit or SceneKit would shadow
// Apple's framework): the same test sources compile against Apple's frameworks instead, a conformance run of the
// stand-ins' documented conventions (AppInTheLoop/README.md, "Conformance on a Mac"; not run in ParallaxLab's CI).
// SceneKit's and simd's tests; ARKit's and UIKit's need the simulation throughout, and so do CoreMotion's (Apple's
// CMAttitude has no public initializer), which compile to nothing there. The simulation-only parts are `#if os(Linux)`.
let package = Package(
    name: "AppleStandIns",
    platforms: [.macOS(.v12), .iOS(.v15)],
    targets: [
        .testTarget(name: "SceneKitStandInTests"),
        .testTarget(name: "StandInsTests", exclude: ["ARKitTests.swift", "UIKitTests.swift"]),
    ],
    swiftLanguageModes: [.v5]
)
#endif
