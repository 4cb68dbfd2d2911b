/// One check's values on one audit case (`AppAudit.evaluate`): what a shard of a suite hands the merge, which
/// aggregates them (`AppAudit.aggregate`) as one run does.
public struct CaseEvaluation: Codable, Sendable {
    public var check: AuditCheckID
    /// The case's index in `AppAudit.cases`.
    public var caseIndex: Int
    public var samples: [CheckSample]
    public var notes: [String]
    public var limit: Double?
}
