#if PARALLAX_FUZZ_BUILD
/// The fuzz build (`PARALLAX_FUZZ=1`, Package.swift) runs no build plugin, so nothing is embedded: its executable
/// fuzzes input surfaces and never builds a replay driver.
let embeddedAppInTheLoopFiles: [(path: String, text: String)] = []
#endif
