import Foundation

extension StatusAPI {
    /// `GET /api/v1/overview`.
    struct Overview: Encodable, Sendable {
        /// This glwatch.
        struct Build: Encodable, Sendable {
            /// Its version.
            var version: String
            /// When it started.
            var startedAt: Date
            /// Seconds since.
            var uptimeSeconds: Int
        }

        /// `/healthz`'s verdict.
        struct Health: Encodable, Sendable {
            /// `ok` or `unavailable`.
            var status: String
            /// Why.
            var reason: String
            /// The last successful poll of any project.
            var lastSuccessfulPoll: Date?
        }

        /// Projects per status.
        struct Projects: Encodable, Sendable {
            /// Every stored project.
            var total: Int
            /// Per stored status (`active`, `unreachable`, `stalled`, `archived`, `removed`).
            var byStatus: [String: Int]
            /// Watched projects the lag watchdog reports now (counted in `byStatus` too, under their stored status);
            /// absent without a running engine.
            var lagging: Int?
        }

        /// Recent events.
        struct Events: Encodable, Sendable {
            /// In the last 24 hours.
            var last24Hours: Int
            /// Per hour over the last 24 hours, oldest first (the last entry is the hour up to now).
            var perHour: [Int]
            /// Stored events per type (all retained history).
            var byType: [String: Int]
        }

        /// Deliveries in every sink's queue.
        struct Deliveries: Encodable, Sendable {
            /// Pending or being retried.
            var waiting: Int
            /// Dead letters.
            var dead: Int
        }

        /// The shape's version.
        var version = 1
        /// When it was made.
        var generatedAt: Date
        /// This glwatch.
        var glwatch: Build
        /// Health (absent without a monitor).
        var health: Health?
        /// Each configured GitLab instance's rate limit, outage and last error (absent without a running engine).
        var instances: [Instance]?
        /// Project counts.
        var projects: Projects
        /// Event counts.
        var events: Events
        /// Delivery counts.
        var deliveries: Deliveries
        /// Each sink's queue, as in `status --json`.
        var sinks: [StatusReport.Sink]
        /// GitLab requests (each attempt) per minute over the last 24 hours, oldest first, the last entry the
        /// current minute; counted in memory since this glwatch started.
        var requestsPerMinute: [Int]?
    }

    /// `GET /api/v1/projects`.
    struct ProjectsPage: Encodable, Sendable {
        /// The shape's version.
        var version = 1
        /// Projects matching the search (all pages).
        var total: Int
        /// Skipped.
        var offset: Int
        /// The page size asked for.
        var limit: Int
        /// This page, as in `status --json`.
        var projects: [StatusReport.Project]
    }

    /// `GET /api/v1/events`.
    struct EventsPage: Encodable, Sendable {
        /// The shape's version.
        var version = 1
        /// Skipped.
        var offset: Int
        /// The page size asked for (fewer events: the last page).
        var limit: Int
        /// This page, newest first, as in `history --json`.
        var events: [HistoryReport.Entry]
    }

    /// `GET /api/v1/events/{id}`.
    struct EventDetail: Encodable, Sendable {
        /// The shape's version.
        var version = 1
        /// The event with its payload and deliveries, as in `history --json`.
        var event: HistoryReport.Entry
        /// Every attempt of its deliveries, newest first, as in `deliveries --attempts --json`.
        var attempts: [DeliveriesReport.Attempt]
    }

    /// `GET /api/v1/deliveries`.
    struct DeliveriesPage: Encodable, Sendable {
        /// The shape's version.
        var version = 1
        /// Skipped.
        var offset: Int
        /// The page size asked for.
        var limit: Int
        /// The queue of each sink (of the one asked for, with `sink=`).
        var sinks: [StatusReport.Sink]
        /// This page, in queue order, as in `deliveries --json`.
        var deliveries: [DeliveriesReport.Delivery]
    }
}
