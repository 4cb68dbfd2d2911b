/// A report section kept in a file: what a shard of a suite (`parallax run --shard`) hands to `parallax
/// merge-reports`, so that the merged page holds the sections a stage built (the audit's, the tuning's) without the
/// merge running that stage again. The tree is stored as built — text nodes stay text (escaped when rendered), and
/// only the program's own SVG stays trusted — so the merged page renders to the same bytes as the unsharded run's.
extension ReportPage.Section: Codable {
    enum CodingKeys: String, CodingKey { case id, title, content, navigation }

    package init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(id: try c.decode(String.self, forKey: .id), title: try c.decode(String.self, forKey: .title),
                  content: try c.decode([Node].self, forKey: .content), navigation: try c.decode(Bool.self, forKey: .navigation))
    }

    package func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(title, forKey: .title)
        try c.encode(content, forKey: .content)
        try c.encode(navigation, forKey: .navigation)
    }
}

/// `{"text": …}`, `{"trusted": …}` or `{"tag": …, "attributes": [[name, value], …], "children": […]}`.
extension Node: Codable {
    enum CodingKeys: String, CodingKey { case text, trusted, tag, attributes, children }

    package init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        if let text = try c.decodeIfPresent(String.self, forKey: .text) {
            self = .text(text)
        } else if let markup = try c.decodeIfPresent(String.self, forKey: .trusted) {
            self = .trusted(markup)
        } else {
            let attributes = try c.decode([[String]].self, forKey: .attributes)
            guard attributes.allSatisfy({ $0.count == 2 }) else {
                throw DecodingError.dataCorruptedError(forKey: .attributes, in: c, debugDescription: "expected [name, value] pairs")
            }
            self = .element(try c.decode(String.self, forKey: .tag), attributes.map { ($0[0], $0[1]) },
                            try c.decode([Node].self, forKey: .children))
        }
    }

    package func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .text(let text): try c.encode(text, forKey: .text)
        case .trusted(let markup): try c.encode(markup, forKey: .trusted)
        case .element(let tag, let attributes, let children):
            try c.encode(tag, forKey: .tag)
            try c.encode(attributes.map { [$0.0, $0.1] }, forKey: .attributes)
            try c.encode(children, forKey: .children)
        }
    }
}
