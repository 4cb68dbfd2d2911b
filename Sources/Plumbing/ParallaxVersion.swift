/// The ParallaxLab version written into traces, reports and golden sidecars.
public enum ParallaxVersion {
    public static let string = "0.1.0"
}
