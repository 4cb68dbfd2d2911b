/// Stable anchor ids for the report's items (frame cards, budget rows, scenario tables and rows, audit checks),
/// derived from their names only, so a link `index.html#frame-suite__cube-offset` keeps working from run to run.
///
/// The escape is injective and yields valid HTML ids that are also plain CSS identifiers (no `#a.b` surprises):
/// ASCII letters, digits and `-` stay; `/` becomes `__`; any other byte becomes `_` and two hex digits
/// (`_` itself is `_5F`). Distinct names therefore never share an id.
package enum AnchorID {
    package static func frame(_ name: String) -> String { make("frame", name) }
    package static func budget(_ budget: BudgetResult) -> String { make("budget", "\(budget.metric) \(budget.limit) \(budget.scenario)") }
    package static func scenario(_ id: String) -> String { make("scenario", id) }
    /// The section of one trace × smoother's tables and charts.
    package static func scenarioGroup(trace: String, smoother: String) -> String { make("scenarios", "\(trace) × \(smoother)") }
    package static func auditCheck(_ id: String) -> String { make("audit", id) }

    package static func make(_ kind: String, _ name: String) -> String {
        var out = kind + "-"
        for byte in name.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            case UInt8(ascii: "/"):
                out += "__"
            default:
                let hex = Array("0123456789ABCDEF")
                out += "_" + String(hex[Int(byte >> 4)]) + String(hex[Int(byte & 0xF)])
            }
        }
        return out
    }
}
