import Foundation
import Plumbing

/// ARKit's face-anchor delegate calls. Apple documents the three callbacks — session(_:didAdd:) "one or more
/// anchors have been added", session(_:didRemove:) "ARKit may automatically remove anchors from a session"
/// (developer.apple.com/documentation/arkit/arsessiondelegate) — and `ARTrackable.isTracked` ("whether the current
/// transform is valid"), but not which of them a face tracking session uses for a face that appears, is lost and
/// comes back: the simulation's defaults (the first call didAdd; while lost, didUpdate with tracked false and the
/// last pose) are inferred from them.
extension DeviceCheck {
    /// The losses listed in the evidence; the count says how many there were.
    package static let listedLosses = 10

    /// arkit-first-delivery: the first call, didAdd (default) or didUpdate.
    static func firstDelivery(_ calls: [DeviceProbe.Call]) -> Entry {
        let first = Array(calls.prefix(3))
        let shown = first.map(describe).joined(separator: ", ")
        let verdict: Verdict, note: String
        switch calls.first?.call {
        case nil:
            (verdict, note) = (.undecided, "no delegate call in the probe")
        case .didAdd:
            (verdict, note) = (.matchesDefault, "first calls: \(shown)")
        case .didUpdate:
            (verdict, note) = (.alternative("didUpdate"), "first calls: \(shown)")
        case .didRemove:
            (verdict, note) = (.undecided, "the first call removes an anchor none was added for (did the recording start after the face was found?): \(shown)")
        }
        return Entry(verdict: verdict, evidence: DeviceEvidence(note: note, detail: .firstCalls(first)))
    }

    /// arkit-loss: every loss of the face (from a didUpdate with tracked false or a didRemove to the call that
    /// brings it back), each `frozen`, `removed` or neither; the verdict is the kind all losses share.
    static func loss(_ calls: [DeviceProbe.Call]) -> Entry {
        let losses = Self.losses(calls)
        let listed = Array(losses.prefix(listedLosses))
        let evidence = { (note: String) in DeviceEvidence(note: note, detail: .losses(listed, count: losses.count)) }
        guard let first = losses.first else {
            return Entry(verdict: .undecided, evidence: evidence("no face loss among \(calls.count) delegate calls (cover the camera for 2 s while recording)"))
        }
        let kinds = Set(losses.map(\.kind))
        let summary = (losses.count == 1 ? "1 loss: " : "\(losses.count) losses, the first: ") + describe(first)
        switch kinds {
        case [.frozen]: return Entry(verdict: .matchesDefault, evidence: evidence(summary))
        case [.removed]: return Entry(verdict: .alternative("removed"), evidence: evidence(summary))
        default:
            let odd = losses.first { $0.kind == .neither } ?? first
            let why = kinds.contains(.neither) ? "a loss neither frozen nor removed: " + describe(odd)
                                               : "some losses frozen, some removed"
            return Entry(verdict: .undecided, evidence: evidence("\(why) (\(summary))"))
        }
    }

    static func losses(_ calls: [DeviceProbe.Call]) -> [DeviceEvidence.Loss] {
        var losses: [DeviceEvidence.Loss] = []
        var current: DeviceEvidence.Loss?
        for call in calls {
            let lost = call.call == .didRemove || (call.call == .didUpdate && !call.tracked)
            if var loss = current {
                if lost {
                    if call.call == .didRemove { loss.removes += 1 } else { loss.untrackedUpdates += 1 }
                    current = loss
                } else {
                    loss.end = call.t
                    loss.returnedBy = call.call
                    losses.append(classified(loss))
                    current = nil
                }
            } else if lost {
                current = DeviceEvidence.Loss(start: call.t, end: nil, untrackedUpdates: call.call == .didUpdate ? 1 : 0,
                                              removes: call.call == .didRemove ? 1 : 0, returnedBy: nil, kind: .neither)
            }
        }
        if let unfinished = current { losses.append(unfinished) }
        return losses
    }

    private static func classified(_ loss: DeviceEvidence.Loss) -> DeviceEvidence.Loss {
        var loss = loss
        if loss.removes == 0, loss.returnedBy == .didUpdate {
            loss.kind = .frozen
        } else if loss.untrackedUpdates == 0, loss.returnedBy == .didAdd {
            loss.kind = .removed
        }
        return loss
    }

    private static func describe(_ call: DeviceProbe.Call) -> String {
        "\(call.call.rawValue) (\(call.tracked ? "tracked" : "not tracked")) at \(String(format: "%.3f", call.t)) s"
    }

    private static func describe(_ loss: DeviceEvidence.Loss) -> String {
        var parts: [String] = []
        if loss.untrackedUpdates > 0 { parts.append("\(loss.untrackedUpdates) didUpdate with tracked false") }
        if loss.removes > 0 { parts.append("\(loss.removes) didRemove") }
        let back = loss.end.map { String(format: "back at %.3f s by %@", $0, loss.returnedBy?.rawValue ?? "?") } ?? "never back"
        return String(format: "from %.3f s, ", loss.start) + parts.joined(separator: " and ") + ", " + back
    }
}
