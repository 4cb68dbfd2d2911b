import CYaml

/// Bounds YAML alias expansion before a document is composed. Yams composes aliases by sharing nodes, but
/// hashing a mapping key, comparing or decoding visits every expanded node, so "billion laughs" (each level
/// an anchor listing the previous one twice) would hang a load. This pass reads libyaml's events once and
/// counts the nodes the document has with every alias expanded, saturating at the limit: linear in the text.
package enum YAMLAliasBudget {
    /// The most nodes a document may expand to (a suite or spec has a few hundred).
    package static let maximumNodes = 100_000

    package struct Excess: Error, Equatable, Sendable {
        /// 1-based line of the event that went over the limit.
        package var line: Int
        package var limit: Int

        package init(line: Int, limit: Int) {
            self.line = line
            self.limit = limit
        }

        package var description: String {
            "YAML aliases expand to more than \(limit) nodes (an alias bomb?); expected a document without nested alias expansion"
        }
    }

    /// Throws `Excess` when the expanded document would have more than `limit` nodes (scalars, sequences and
    /// mappings, every alias counted as the node it names); syntax errors are left to the YAML loader, which
    /// reports them with their line.
    package static func check(_ text: String, limit: Int = maximumNodes) throws(Excess) {
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else { return }
        defer { yaml_parser_delete(&parser) }
        var utf8 = Array(text.utf8)
        if let excess = utf8.withUnsafeMutableBufferPointer({ buffer -> Excess? in
            yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)
            return scan(&parser, limit: limit)
        }) {
            throw excess
        }
    }

    private static func scan(_ parser: inout yaml_parser_t, limit: Int) -> Excess? {
        // Open collections: (anchor, expanded nodes so far); sizes of anchored nodes by name.
        var open: [(anchor: String?, nodes: Int)] = []
        var anchored: [String: Int] = [:]
        var total = 0
        func string(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
            pointer.map { String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self)) }
        }
        func add(_ nodes: Int, anchor: String?) {
            if let anchor { anchored[anchor] = nodes }
            // Saturating at limit + 1: the sums never overflow, however deep the nesting.
            if open.isEmpty { total = min(limit + 1, total + nodes) } else { open[open.count - 1].nodes = min(limit + 1, open[open.count - 1].nodes + nodes) }
        }
        while true {
            var event = yaml_event_t()
            guard yaml_parser_parse(&parser, &event) == 1 else { return nil }
            defer { yaml_event_delete(&event) }
            switch event.type {
            case YAML_STREAM_END_EVENT:
                return nil
            case YAML_SCALAR_EVENT:
                add(1, anchor: string(event.data.scalar.anchor))
            case YAML_ALIAS_EVENT:
                add(string(event.data.alias.anchor).flatMap { anchored[$0] } ?? 1, anchor: nil)
            case YAML_SEQUENCE_START_EVENT:
                open.append((string(event.data.sequence_start.anchor), 1))
            case YAML_MAPPING_START_EVENT:
                open.append((string(event.data.mapping_start.anchor), 1))
            case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
                if let closed = open.popLast() { add(closed.nodes, anchor: closed.anchor) }
            default:
                continue
            }
            if total > limit || (open.last?.nodes ?? 0) > limit {
                return Excess(line: Int(event.start_mark.line) + 1, limit: limit)
            }
        }
    }
}
