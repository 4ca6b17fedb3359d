import Foundation

/// Renders the status page's HTML on the server: the overview (with the GitLab instances), the events chart, the
/// projects, the events and the deliveries (with the sinks' circuit breakers, and Retry buttons for a signed-in
/// admin), from `StatusAPI`'s answers. Every value goes through `HTML.escape`; the page has no script and loads only
/// `/ui/style.css`, so it works offline and under `StatusPageHTML.contentSecurityPolicy` (whose `form-action 'self'`
/// lets the admin's forms post to this origin only).
struct StatusPageHTML: Sendable {
    /// The policy every page is served with: nothing but this origin's stylesheet; inline SVG needs nothing more.
    static let contentSecurityPolicy =
        "default-src 'none'; style-src 'self'; img-src 'self'; form-action 'self'; frame-ancestors 'none'; "
        + "base-uri 'none'"

    /// What the admin may do on this page.
    enum Admin: Sendable, Equatable {
        /// No admin token is configured: the page is read-only, with no sign-in.
        case off
        /// A token is configured, this browser has not signed in: a link to `/ui/admin`.
        case signedOut
        /// Signed in: dead deliveries have a Retry button, each form carrying `csrf`.
        case signedIn(csrf: String)
    }

    /// Each instance's web address by instance name, for links to projects.
    var instanceURLs: [String: URL]
    /// The clock's now, for ages ("3m ago").
    var now: Date
    /// What the admin may do.
    var admin: Admin = .off

    /// `/`: everything, with the filters of `query` applied (`q`, `status`, `sort`, `poffset` for projects; `type`,
    /// `project`, `eoffset` for events; `sink` for deliveries) and, after a retry, `retried` noted.
    func page(
        overview: StatusAPI.Overview,
        projects: StatusAPI.ProjectsPage,
        events: StatusAPI.EventsPage,
        deliveries: StatusAPI.DeliveriesPage,
        query: PageQuery
    ) -> String {
        document(
            title: "glwatch status",
            body: overviewSection(overview) + projectsSection(projects, query: query)
                + eventsSection(events, query: query) + deliveriesSection(deliveries, query: query)
        )
    }

    /// A page that says what went wrong (a bad filter, an unknown event, a refused retry), escaped.
    func problem(_ error: StatusAPIError) -> String {
        let title: String
        switch error {
        case .badRequest: title = "Bad request"
        case .forbidden: title = "Forbidden"
        case .notFound: title = "Not found"
        case .conflict: title = "Conflict"
        case .tooManyRequests: title = "Too many requests"
        }
        return document(
            title: "glwatch status",
            body: "<section><h2>\(title)</h2><p class=\"problem\">"
                + HTML.escape(error.message) + "</p><p><a href=\"/\">Back to the status page</a></p></section>"
        )
    }

    /// The page around `body`.
    func document(title: String, body: String) -> String {
        """
        <!DOCTYPE html>
        <html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
        <title>\(HTML.escape(title))</title><link rel="stylesheet" href="/ui/style.css"></head>
        <body><header><h1><a href="/">glwatch</a></h1><nav><a href="/#projects">Projects</a> \
        <a href="/#events">Events</a> <a href="/#deliveries">Deliveries</a> <a href="/api/v1/overview">API</a></nav>\
        </header><main>
        \(body)
        </main></body></html>

        """
    }

    /// "12s ago", "3h ago", or "never".
    func age(_ date: Date?) -> String {
        guard let date else { return "never" }
        let seconds = max(0, Int(now.timeIntervalSince(date)))
        switch seconds {
        case ..<60: return "\(seconds)s ago"
        case ..<3600: return "\(seconds / 60)m ago"
        case ..<86_400: return "\(seconds / 3600)h ago"
        default: return "\(seconds / 86_400)d ago"
        }
    }

    /// A `<time>` element: the age as text, the exact UTC time on hover.
    func time(_ date: Date?) -> String {
        guard let date else { return "<span class=\"muted\">never</span>" }
        let iso = date.formatted(.iso8601)
        return "<time datetime=\"\(iso)\" title=\"\(iso)\">\(age(date))</time>"
    }

    /// A `<time>` element for a moment to come: "in 3m" ("now" once it has passed), the exact UTC time on hover.
    func due(_ date: Date) -> String {
        let iso = date.formatted(.iso8601)
        let seconds = Int(date.timeIntervalSince(now).rounded(.up))
        let text: String
        switch seconds {
        case ..<1: text = "now"
        case ..<60: text = "in \(seconds)s"
        case ..<3600: text = "in \((seconds + 59) / 60)m"
        case ..<86_400: text = "in \((seconds + 3599) / 3600)h"
        default: text = "in \((seconds + 86_399) / 86_400)d"
        }
        return "<time datetime=\"\(iso)\" title=\"\(iso)\">\(text)</time>"
    }

    /// A table; cells are HTML already (callers escape values). `cssClass` names the table for the stylesheet.
    func table(_ headers: [String], _ rows: [[String]], empty: String, cssClass: String? = nil) -> String {
        guard !rows.isEmpty else { return "<p class=\"muted\">\(HTML.escape(empty))</p>" }
        let head = headers.map { "<th>\($0)</th>" }.joined()
        let body = rows.map { "<tr>" + $0.map { "<td>\($0)</td>" }.joined() + "</tr>" }.joined(separator: "\n")
        let opening = cssClass.map { "<table class=\"\($0)\">" } ?? "<table>"
        return "\(opening)<thead><tr>\(head)</tr></thead><tbody>\n\(body)\n</tbody></table>"
    }
}
