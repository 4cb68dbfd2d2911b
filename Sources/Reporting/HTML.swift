/// A tiny HTML tree whose rendering escapes every text and attribute value, so that names taken from files
/// (trace names, paths with `<`, `"`, `&`) can never break the page. Only `Node.trusted` inserts markup as is,
/// and it is used solely for SVG this program generates from numbers and escaped labels.
package indirect enum Node: Sendable {
    case element(String, [(String, String)], [Node])
    case text(String)
    case trusted(String)

    package func render(into out: inout String) {
        switch self {
        case .text(let text):
            out += HTML.escape(text)
        case .trusted(let markup):
            out += markup
        case .element(let tag, let attributes, let children):
            out += "<" + tag
            for (name, value) in attributes { out += " \(name)=\"\(HTML.escape(value))\"" }
            out += ">"
            if HTML.voidElements.contains(tag) { return }
            for child in children { child.render(into: &out) }
            out += "</\(tag)>"
        }
    }

    package var rendered: String {
        var out = ""
        render(into: &out)
        return out
    }
}

/// Builders: `HTML.el("td", ["class": "bad"], .text(name))`.
package enum HTML {
    static let voidElements: Set<String> = ["br", "hr", "img", "input", "meta", "link"]

    /// Escapes &, <, >, " and ' for text and attribute values.
    package static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for character in text.unicodeScalars {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.unicodeScalars.append(character)
            }
        }
        return out
    }

    package static func el(_ tag: String, _ children: Node...) -> Node {
        .element(tag, [], children)
    }

    package static func el(_ tag: String, _ attributes: KeyValuePairs<String, String>, _ children: Node...) -> Node {
        .element(tag, attributes.map { ($0.key, $0.value) }, children)
    }

    package static func el(_ tag: String, _ attributes: KeyValuePairs<String, String> = [:], children: [Node]) -> Node {
        .element(tag, attributes.map { ($0.key, $0.value) }, children)
    }

    package static func text(_ text: String) -> Node { .text(text) }

    /// A table from a header row and body rows of nodes, in a container that scrolls sideways on its own (so a wide
    /// table never widens the page); `rowIDs`, when given, are the rows' anchor ids (one per row), `rowStatus` the
    /// rows' `data-status` (failed, passed, informational; nil: none, the row shows only under "All") that the
    /// status tabs filter by.
    package static func table(_ header: [String], _ rows: [[Node]], rowIDs: [String]? = nil, rowStatus: [String?]? = nil,
                             attributes: KeyValuePairs<String, String> = [:]) -> Node {
        el("div", ["class": "table-wrap"], el("table", attributes,
           el("thead", children: [el("tr", children: header.map { el("th", .text($0)) })]),
           el("tbody", children: rows.enumerated().map { i, cells in
               .element("tr", (rowIDs.map { [("id", $0[i])] } ?? []) + (rowStatus?[i].map { [("data-status", $0)] } ?? []), cells.map { el("td", $0) })
           })))
    }
}
