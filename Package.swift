// swift-tools-version:6.0
// ParallaxLab: test and tune head-tracked "window into 3D" displays.
// Module map and dependency direction: ARCHITECTURE.md (dependencies point downward only). Every target declares
// exactly the modules its files import, and ARCHITECTURE.md's module table says the same: Tests/ImportGraphTests.
import PackageDescription

let libraryModules = [
    "Plumbing",
    "Vocabulary",
    "Scientific",
    "Geometry",
    "Tracking",
    "Smoothing",
    "Imaging",
    "Golden",
    "GoldenTesting",
    "Reporting",
    "Projection",
    "Analysis",
    "Trajectories",
    "Rendering",
    "Harness",
    "Tuning",
    "Splatting",
    "Scenes",
    "DeviceFacts",
    "Audit",
    "AuditVariants",
    "AuditOutput",
    "TestedApp",
]

let package = Package(
    name: "ParallaxLab",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "parallax", targets: ["parallax"]),
        .library(name: "ParallaxLab", targets: libraryModules),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
    ],
    targets: [
        // System libraries (installed by `make deps`).
        .systemLibrary(name: "CGSL", pkgConfig: "gsl", providers: [.apt(["libgsl-dev"]), .brew(["gsl"])]),
        .systemLibrary(name: "CPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"]), .brew(["libpng"])]),
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        .target(name: "CPNGSupport", dependencies: ["CPNG"]),  // setjmp-guarded libpng read/write (C)
        .target(name: "CSplatKernel"),  // the metalsplatter tile blend, eight pixels at a time (C: float16 in hardware)

        // Library modules.
        .target(name: "Vocabulary", exclude: ["README.md"]),  // the domain's shared words: metric descriptors, app defaults, verdicts, field errors
        .target(name: "Plumbing", dependencies: [.product(name: "Yams", package: "Yams")], exclude: ["README.md"]),
        .target(name: "Scientific", dependencies: ["CGSL"], exclude: ["README.md"]),
        .target(name: "Geometry", exclude: ["README.md"]),
        // The canonical traces' specs (Traces/*.yml) embedded by the plugin below: a suite's `builtin:NAME`.
        .target(name: "Tracking", dependencies: ["Plumbing", "Vocabulary", "Geometry", "Scientific", .product(name: "Yams", package: "Yams")], exclude: ["README.md"],
                plugins: ["EmbedCanonicalTraces"]),
        .plugin(name: "EmbedCanonicalTraces", capability: .buildTool(), dependencies: ["EmbedFiles"]),
        .target(name: "Imaging", dependencies: ["Plumbing", "Vocabulary", "CPNGSupport", "CZlib"], exclude: ["README.md"]),
        .target(name: "Golden", dependencies: ["Plumbing", "Vocabulary", "Imaging"], exclude: ["README.md"]),
        .target(name: "GoldenTesting", dependencies: ["Plumbing", "Vocabulary", "Golden", "Imaging"], exclude: ["README.md"]),
        .target(name: "Reporting", dependencies: ["Plumbing", "Vocabulary"], exclude: ["README.md"]),
        .target(name: "Projection", dependencies: ["Plumbing", "Vocabulary", "Geometry"], exclude: ["README.md"]),
        .target(name: "Smoothing", dependencies: ["Vocabulary", "Geometry", "Tracking"], exclude: ["README.md"]),
        .target(name: "Analysis", dependencies: ["Plumbing", "Vocabulary", "Geometry", "Tracking", "Smoothing", "Projection", "Scientific", "TestedApp"], exclude: ["README.md"]),
        // Trajectory evaluation with evo's definitions (`parallax evaluate`) and recording import with truth pairing.
        .target(name: "Trajectories", dependencies: ["Plumbing", "Vocabulary", "Scientific", "Geometry", "Tracking", "Projection", "Reporting", "Analysis"], exclude: ["README.md"]),
        // The app under test, model or code: the protocol, the sensor stream every app is fed, the model.
        .target(name: "TestedApp", dependencies: ["Vocabulary", "Geometry", "Tracking", "Smoothing", "Projection"], exclude: ["README.md"]),
        .target(name: "Rendering", dependencies: ["Plumbing", "Vocabulary", "Geometry", "Imaging"], exclude: ["README.md"]),
        .target(name: "Harness", dependencies: [
            "AppReplay",
            "TestedApp",
            "Plumbing",
            "Vocabulary",
            "Geometry",
            "Scientific",
            "DeviceFacts",
            "Audit",
            "AuditVariants",
            "AuditOutput",
            "Scenes",
            "Tracking",
            "Smoothing",
            "Projection",
            "Analysis",
            "Trajectories",
            "Imaging",
            "Golden",
            "Rendering",
            "Reporting",
            "Tuning",
            "Splatting",
            .product(name: "Yams", package: "Yams"),
        ], exclude: ["README.md"]),
        .target(name: "Tuning", dependencies: ["TestedApp", "Plumbing", "Vocabulary", "Geometry", "Smoothing", "Analysis", "Projection", "Tracking", "Scientific", "Reporting"], exclude: ["README.md"]),
        .target(name: "Splatting", dependencies: ["Plumbing", "Geometry", "Imaging", "Projection", "CZlib", "CSplatKernel"], exclude: ["README.md"]),
        .target(name: "Scenes", dependencies: ["AppReplay", "TestedApp", "Vocabulary", "Geometry", "Imaging", "Projection", "Rendering", "Splatting", "Tracking"], exclude: ["README.md"]),
        // The app's own code on simulated sensors: the driver package (AppInTheLoop/, embedded by the plugin below).
        .target(name: "AppReplay", dependencies: ["Plumbing", "Vocabulary", "Geometry", "Projection", "TestedApp", "Tracking"], exclude: ["README.md"], plugins: ["EmbedAppInTheLoop"]),
        .plugin(name: "EmbedAppInTheLoop", capability: .buildTool(), dependencies: ["EmbedFiles"]),
        .executableTarget(name: "EmbedFiles", path: "Tools/EmbedFiles"),
        // The platform's behaviours and the hypotheses the simulation rests on: device probes, device-check, the ARKit frame.
        .target(name: "DeviceFacts", dependencies: ["Analysis", "Geometry", "Plumbing", "TestedApp", "Tracking", "Vocabulary"], exclude: ["README.md"]),
        .target(name: "Audit", dependencies: ["Analysis", "AppReplay", "DeviceFacts", "Geometry", "Golden", "Imaging", "Plumbing", "Projection", "Scientific", "Splatting", "TestedApp", "Tracking", "Vocabulary"], exclude: ["README.md"]),
        // The audit again on variants of the app: its fixes as verified patches, the platform's alternatives.
        .target(name: "AuditVariants", dependencies: ["Analysis", "AppReplay", "Audit", "DeviceFacts", "Plumbing", "Projection", "Scientific", "TestedApp", "Vocabulary"], exclude: ["README.md"]),
        // The audit's files: audit.json, audit.html, its pictures and the motion scrubber.
        .target(name: "AuditOutput", dependencies: ["AppReplay", "Audit", "AuditVariants", "DeviceFacts", "Geometry", "Imaging", "Plumbing", "Projection", "Rendering", "Reporting", "Scenes", "TestedApp", "Tracking", "Vocabulary"], exclude: ["README.md"]),

        // Command-line tool and benchmarks.
        .executableTarget(name: "parallax", dependencies: [
            "AppReplay",
            "TestedApp",
            "Plumbing",
            "Vocabulary",
            "Geometry",
            "DeviceFacts",
            "Audit",
            "AuditOutput",
            "Scenes",
            "Harness",
            "Tracking",
            "Smoothing",
            "Analysis",
            "Trajectories",
            "Imaging",
            "Golden",
            "Projection",
            "Rendering",
            "Tuning",
            "Reporting",
            "Splatting",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ], exclude: ["README.md"]),
        .executableTarget(name: "parallax-bench", dependencies: [
            "Plumbing",
            "Harness",
            "Geometry",
            "Scenes",
            "Tracking",
            "Smoothing",
            "Imaging",
            "Golden",
            "Projection",
            "Analysis",
            "Trajectories",
            "Rendering",
            "Tuning",
            "Splatting",
            "AppReplay",
            "TestedApp",
        ], path: "Benchmarks/parallax-bench"),

        // Tests mirror modules.
        .testTarget(name: "ScientificTests", dependencies: ["Scientific"]),
        .testTarget(name: "PlumbingTests", dependencies: ["Plumbing"]),
        .testTarget(name: "VocabularyTests", dependencies: ["Vocabulary"]),
        .testTarget(name: "ScenesTests", dependencies: ["Scenes", "Plumbing", "Imaging", "Projection", "Tracking", "Geometry", "ParallaxTestSupport"]),
        .testTarget(name: "TrackingTests", dependencies: ["Tracking", "Plumbing", "Vocabulary", "Geometry", "Scientific", "ParallaxTestSupport"]),
        .testTarget(name: "CLITests", dependencies: ["parallax", "Tracking", "Tuning", "TestedApp", "ParallaxTestSupport"]),
        // The project's suite and the browser tests (skipped, naming what to install, without `make deps-browser`).
        .testTarget(name: "CLIIntegrationTests", dependencies: ["parallax", "Imaging", "ParallaxTestSupport", .product(name: "Yams", package: "Yams")]),
        .testTarget(name: "ImagingTests", dependencies: ["Imaging", "Plumbing", "CZlib", "ParallaxTestSupport"]),
        .testTarget(name: "ReportingTests", dependencies: ["Reporting", "Plumbing", "Vocabulary", "ParallaxTestSupport"]),
        .testTarget(name: "GoldenTests", dependencies: ["Golden", "GoldenTesting", "Imaging", "Plumbing", "Vocabulary", "ParallaxTestSupport"]),
        .testTarget(name: "GeometryTests", dependencies: ["Geometry", "ParallaxTestSupport"]),
        .testTarget(name: "ProjectionTests", dependencies: ["Projection", "Geometry", "Vocabulary", "ParallaxTestSupport"]),
        .testTarget(name: "SmoothingTests", dependencies: ["Smoothing", "Tracking", "Scientific", "Geometry", "Vocabulary"]),
        .testTarget(name: "AnalysisTests", dependencies: ["Analysis", "Smoothing", "Tracking", "Scientific", "Projection", "Geometry", "Plumbing", "Vocabulary", "ParallaxTestSupport"]),
        .testTarget(name: "TrajectoriesTests", dependencies: ["Trajectories", "Tracking", "Scientific", "Projection", "Geometry", "Vocabulary", "Reporting", "ParallaxTestSupport"]),
        .testTarget(name: "HarnessTests", dependencies: ["Harness", "Golden", "Imaging", "Splatting", "Rendering", "Reporting", "Tuning", "Vocabulary", "Projection", "Smoothing", "Tracking", "Analysis", "AppReplay", "TestedApp", "Scientific", "ParallaxTestSupport"]),
        .testTarget(name: "RenderingTests", dependencies: ["Rendering", "Imaging", "Projection", "Golden", "GoldenTesting", "Geometry", "Vocabulary", "ParallaxTestSupport"]),
        .testTarget(name: "TuningTests", dependencies: ["Tuning", "Geometry", "Smoothing", "Analysis", "Tracking", "Scientific", "Projection", "TestedApp", "Vocabulary", "ParallaxTestSupport"]),
        .testTarget(name: "AppReplayTests", dependencies: ["AppReplay", "Audit", "AuditOutput", "AuditVariants", "DeviceFacts", "TestedApp", "Analysis", "Smoothing", "Geometry", "Imaging", "Plumbing", "Projection", "Rendering", "Scenes", "Tracking", "Tuning", "Vocabulary", "ParallaxTestSupport"]),
        .testTarget(name: "AuditTests", dependencies: ["Audit", "AuditOutput", "DeviceFacts", "TestedApp", "Tracking", "Projection", "Geometry", "Golden", "Imaging", "Vocabulary", "ParallaxTestSupport"]),
        .testTarget(name: "ImportGraphTests"),  // Package.swift and ARCHITECTURE.md against the import lines
        .testTarget(name: "SplattingTests", dependencies: ["Splatting", "CSplatKernel", "Geometry", "Imaging", "Projection", "GoldenTesting", "Golden", "Vocabulary", "ParallaxTestSupport"]),

        // Every outside input surface behind one entry point (fuzz targets and the corpus replay test).
        .target(name: "FuzzEntryPoints", dependencies: [
            "Tracking", "Splatting", "Imaging", "Harness", "Smoothing", "Golden", "Tuning", "Projection", "Rendering", "Geometry", "Trajectories",
            "DeviceFacts", "Audit", "Plumbing", "TestedApp",
        ], exclude: ["README.md"]),
        .testTarget(name: "FuzzEntryPointsTests", dependencies: ["FuzzEntryPoints", "Splatting", "CZlib", "parallax", "ParallaxTestSupport"],
                    exclude: ["Regressions"]),

        // Shared test support (approximate equality, the child-process runner and the `parallax` locator, seeded
        // generators, fixtures).
        .target(name: "ParallaxTestSupport", dependencies: ["Plumbing", "Geometry"], path: "Tests/ParallaxTestSupport"),
        .testTarget(name: "ParallaxTestSupportTests", dependencies: ["ParallaxTestSupport"]),
    ]
)

// The libFuzzer executable (Fuzz/ParallaxFuzz: every input surface, the surface named by its first argument): it
// defines LLVMFuzzerTestOneInput and hands `main` to libFuzzer's driver, so it exists only when PARALLAX_FUZZ=1 and
// is built with -sanitize=fuzzer,address (`make fuzz`, `make fuzz-smoke`).
// The sanitizer flags of that build reach every executable, the build plugin's tool included, which cannot link with
// them: there AppReplay embeds no sources (the fuzz executable replays no app; EmbeddedInFuzzBuild.swift) and Tracking
// no canonical trace specs (Tracking's EmbeddedInFuzzBuild.swift: `builtin:` names none there).
if Context.environment["PARALLAX_FUZZ"] == "1" {
    let appReplay = package.targets.first { $0.name == "AppReplay" }!
    appReplay.plugins = []
    appReplay.swiftSettings = [.define("PARALLAX_FUZZ_BUILD")]
    let tracking = package.targets.first { $0.name == "Tracking" }!
    tracking.plugins = []
    tracking.swiftSettings = [.define("PARALLAX_FUZZ_BUILD")]
    package.targets.append(.target(name: "FuzzDriver", path: "Fuzz/FuzzDriver"))
    package.targets.append(.executableTarget(name: "ParallaxFuzz", dependencies: ["FuzzDriver", "FuzzEntryPoints"], path: "Fuzz/ParallaxFuzz"))
}

// Debug builds — the tests and the `parallax` they run — optimise the modules that compute: unoptimised, a cube frame
// renders 40× and an audit 5× slower than optimised (measured on the CLI), and the test run is mostly that work.
// Debugging them means dropping this; every other module stays -Onone.
if Context.environment["PARALLAX_FUZZ"] != "1" {
    let computing: Set<String> = ["Geometry", "Scientific", "Tracking", "Smoothing", "Projection", "Imaging", "Golden", "Rendering",
                                  "Splatting", "Scenes", "Analysis", "Trajectories", "DeviceFacts", "Audit", "AuditVariants", "AuditOutput", "Tuning"]
    for target in package.targets where computing.contains(target.name) {
        target.swiftSettings = (target.swiftSettings ?? []) + [.unsafeFlags(["-O"], .when(configuration: .debug))]
    }
    let kernel = package.targets.first { $0.name == "CSplatKernel" }!
    kernel.cSettings = (kernel.cSettings ?? []) + [.unsafeFlags(["-O2"], .when(configuration: .debug))]
}
