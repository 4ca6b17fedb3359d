import Foundation

extension StatusAPI.Overview {
    /// One GitLab instance in `GET /api/v1/overview`'s `instances`.
    ///
    /// ```json
    /// {"name": "work", "host": "gitlab.example.com", "status": "rate-limited",
    ///  "pausedUntil": "2026-05-01T08:01:00.000Z", "rateLimitRemaining": 0, "rateLimitLimit": 2000,
    ///  "rateLimitResetAt": "2026-05-01T08:01:00.000Z", "throttled": 3,
    ///  "lastError": "gitlab.example.com: rate limited on …", "lastErrorAt": "2026-05-01T07:59:58.000Z"}
    /// ```
    @dynamicMemberLookup
    struct Instance: Encodable, Sendable, Equatable {
        /// `down` (its instance monitor confirmed an outage: the pipelines wait for a probe to answer),
        /// `rate-limited` (GitLab made the host wait: a 429 or `RateLimit-Remaining: 0`) or `ok`.
        var status: String
        /// The engine's view of the instance; its fields are the object's other fields.
        var engine: InstanceStatus

        /// The engine's view of the instance at `now`.
        init(_ instance: InstanceStatus, now: Date) {
            engine = instance
            if instance.downSince != nil {
                status = "down"
            } else {
                status = instance.pausedUntil.map { $0 > now } == true ? "rate-limited" : "ok"
            }
        }

        /// The engine's fields, read through (`instance.host`, `instance.rateLimitRemaining`).
        subscript<Value>(dynamicMember field: KeyPath<InstanceStatus, Value>) -> Value { engine[keyPath: field] }

        /// One JSON object: the engine's fields with `status` beside them.
        func encode(to encoder: any Encoder) throws {
            try engine.encode(to: encoder)
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(status, forKey: .status)
        }

        private enum CodingKeys: String, CodingKey {
            case status
        }
    }
}
