import Geometry

/// A sequence of head samples with optional per-sample ground truth and free-form metadata.
///
/// `truth[i]`, when present, is where the head really was at `samples[i].t` (synthesized traces always
/// have it; recordings usually do not). `extraColumns` holds CSV columns ParallaxLab does not interpret,
/// kept verbatim so that a read–write round trip never drops data.
public struct HeadTrace: Sendable, Equatable {
    public var samples: [HeadSample]
    public var truth: [Vec3]?
    public var metadata: [MetadataEntry]
    public var extraColumns: [ExtraColumn]

    public init(
        samples: [HeadSample], truth: [Vec3]? = nil, metadata: [MetadataEntry] = [],
        extraColumns: [ExtraColumn] = []
    ) {
        precondition(truth == nil || truth!.count == samples.count, "one truth position per sample")
        precondition(extraColumns.allSatisfy { $0.values.count == samples.count }, "one extra value per sample")
        self.samples = samples
        self.truth = truth
        self.metadata = metadata
        self.extraColumns = extraColumns
    }

    public var count: Int { samples.count }

    /// Time from the first to the last sample, in seconds.
    public var duration: Double { samples.isEmpty ? 0 : samples[samples.count - 1].t - samples[0].t }

    /// The value of the first `# key: value` metadata line with this key.
    public func metadata(_ key: String) -> String? {
        metadata.first { $0.key == key }?.value
    }

    /// Sets (replacing the first) or appends a metadata entry.
    public mutating func setMetadata(_ key: String, _ value: String) {
        if let index = metadata.firstIndex(where: { $0.key == key }) {
            metadata[index].value = value
        } else {
            metadata.append(MetadataEntry(key: key, value: value))
        }
    }
}

/// A `# key: value` line of a trace CSV. Comment lines without `key: ` have an empty key.
public struct MetadataEntry: Hashable, Sendable {
    public var key: String
    public var value: String

    public init(key: String, value: String) {
        self.key = key
        self.value = value
    }
}

/// A CSV column that ParallaxLab carries through unchanged.
public struct ExtraColumn: Hashable, Sendable {
    public var name: String
    public var values: [String]

    public init(name: String, values: [String]) {
        self.name = name
        self.values = values
    }
}
