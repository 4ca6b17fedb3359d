/// The parts of a webhook request the listener reads (headers by GitLab's names; see docs/gitlab-api.md).
struct HookRequest: Sendable, Equatable {
    /// `X-Gitlab-Token`: the hook's secret token, compared in constant time, never logged.
    var token: String?
    /// `X-Gitlab-Event`: `Push Hook`, `Tag Push Hook`, `System Hook`, …
    var event: String?
    /// `Idempotency-Key` (GitLab 17.4+): the same on every retry of one delivery.
    var idempotencyKey: String?
    /// `X-Gitlab-Event-UUID`: shared by the hooks one event triggers (not a delivery id on its own).
    var eventUUID: String?
    /// The body, at most the listener's limit.
    var body: [UInt8]

    /// Creates a request.
    init(
        token: String?,
        event: String?,
        idempotencyKey: String? = nil,
        eventUUID: String? = nil,
        body: [UInt8]
    ) {
        self.token = token
        self.event = event
        self.idempotencyKey = idempotencyKey
        self.eventUUID = eventUUID
        self.body = body
    }
}
