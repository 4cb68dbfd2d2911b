import TestedApp

extension AppPipeline {
    /// Whether this is the app as shipped under its ARKit hypothesis: what a replay of the app's own code computes.
    package var isAsShipped: Bool {
        var shipped = Self.shipped
        shipped.arkitFrame = arkitFrame
        return self == shipped
    }

    /// This pipeline with the corrected behaviour for `checks`.
    package func fixing(_ checks: Set<AuditCheckID>) -> AppPipeline {
        var p = self
        for check in checks { p.fix(check) }
        return p
    }

    /// Every behaviour corrected: the true (exaggerated unless `exaggeration` is fixed) window.
    package func fixingAll() -> AppPipeline { fixing(Set(AuditCheckID.allCases)) }

    private mutating func fix(_ check: AuditCheckID) {
        guard let behaviour = AuditCheck.registered(check)?.fix else { return }
        self[keyPath: behaviour] = false
    }

    /// The app's behaviour for `check` in `other`, everything else from self (to isolate one behaviour).
    package func with(behaviourOf check: AuditCheckID, from other: AppPipeline) -> AppPipeline {
        guard let behaviour = AuditCheck.registered(check)?.fix else { return self }
        var p = self
        p[keyPath: behaviour] = other[keyPath: behaviour]
        return p
    }
}
