/// Numbers as people write them in specs and labels: whole values without a decimal point (`2`, not
/// `2.0`), everything else in Swift's shortest round-trip form (`0.25`, `1e-06`).
package enum NumberText {
    package static func format(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : "\(value)"
    }
}
