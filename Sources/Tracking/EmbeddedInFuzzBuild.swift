#if PARALLAX_FUZZ_BUILD
/// The fuzz build (`PARALLAX_FUZZ=1`, Package.swift) runs no build plugin, so no canonical trace spec is embedded:
/// `CanonicalTraces` knows none there.
let embeddedCanonicalTraceSpecs: [(path: String, text: String)] = []
#endif
