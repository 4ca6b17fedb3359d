/// How the hook listener answered one request, and why: the status GitLab sees and the label metrics count.
package struct HookVerdict: Sendable, Equatable {
    /// Why a request was turned away.
    package enum Rejection: String, Sendable, Equatable, CaseIterable {
        /// `X-Gitlab-Token` missing or wrong: 401.
        case token
        /// The body is larger than `max_body`: 413.
        case tooLarge = "too_large"
        /// Not a JSON object, or no usable `project_id`: 400.
        case malformed
    }

    /// What happened.
    package enum Outcome: Sendable, Equatable {
        /// A hint the engine acted on (or filtered, or found unwatched).
        case accepted(HookOutcome)
        /// An event glwatch does not act on (answered 200 so GitLab keeps the hook enabled).
        case unknownEvent
        /// A repeat of a delivery seen within the repeat window (same `Idempotency-Key` or event UUID).
        case duplicate
        /// Turned away.
        case rejected(Rejection)
    }

    /// What happened.
    package var outcome: Outcome
    /// The hint read from the hook, when one was.
    package var hint: HookHint?
    /// For a malformed body: what is wrong (never the body itself).
    package var detail: String?

    /// The HTTP status: 200 for everything GitLab should consider delivered, even when ignored.
    package var status: Int {
        switch outcome {
        case .accepted, .unknownEvent, .duplicate: 200
        case .rejected(.token): 401
        case .rejected(.tooLarge): 413
        case .rejected(.malformed): 400
        }
    }

    /// The metrics label: the engine's outcome, `unknown_event`, `duplicate`, or the rejection reason.
    package var label: String {
        switch outcome {
        case .accepted(let outcome): outcome.rawValue
        case .unknownEvent: "unknown_event"
        case .duplicate: "duplicate"
        case .rejected(let reason): reason.rawValue
        }
    }
}
