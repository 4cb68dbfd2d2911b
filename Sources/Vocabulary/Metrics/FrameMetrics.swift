/// The metrics of a rendered frame against its golden (`GoldenVerification`). Frames are deterministic (same
/// inputs, same bytes), so their noise bands only absorb rounding.
extension MetricDescriptor {
    public static let maxChannelDiff = MetricDescriptor(
        "max_channel_diff", unit: .levels, noiseBand: NoiseBand(relative: 0, absolute: 0.5),
        meaning: "largest per-channel difference of any pixel")
    public static let overTolerancePixels = MetricDescriptor(
        "over_tolerance_pixels", unit: .count, noiseBand: NoiseBand(relative: 0, absolute: 0.5),
        meaning: "pixels whose channel difference exceeds the tolerance's max-channel-diff")
    public static let overToleranceFraction = MetricDescriptor(
        "over_tolerance_fraction", unit: .ratio, noiseBand: NoiseBand(relative: 0, absolute: 1e-9),
        meaning: "the over-tolerance pixels as a fraction of all pixels")
    public static let meanAbsoluteError = MetricDescriptor(
        "mean_absolute_error", unit: .levels, noiseBand: NoiseBand(relative: 0, absolute: 1e-6),
        meaning: "mean absolute channel difference over RGB")
    public static let ssimMean = MetricDescriptor(
        "ssim_mean", unit: .ratio, direction: .higherIsBetter, noiseBand: NoiseBand(relative: 0, absolute: 1e-6),
        meaning: "mean structural similarity (11×11 Gaussian windows)")
    public static let ssimMin = MetricDescriptor(
        "ssim_min", unit: .ratio, direction: .higherIsBetter, noiseBand: NoiseBand(relative: 0, absolute: 1e-6),
        meaning: "lowest local structural similarity")
    public static let psnrDb = MetricDescriptor(
        "psnr_db", unit: .decibels, direction: .higherIsBetter, noiseBand: NoiseBand(relative: 0, absolute: 1e-3),
        meaning: "peak signal-to-noise ratio over RGB (absent when identical)")
}

extension MetricCatalog {
    public static let frame = MetricCatalog([
        .maxChannelDiff, .overTolerancePixels, .overToleranceFraction, .meanAbsoluteError, .ssimMean, .ssimMin, .psnrDb,
    ])
}
