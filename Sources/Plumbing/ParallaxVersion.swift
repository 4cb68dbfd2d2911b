/// The ParallaxLab version written into traces, reports and golden sidecars.
package enum ParallaxVersion {
    package static let string = "0.1.0"
}
