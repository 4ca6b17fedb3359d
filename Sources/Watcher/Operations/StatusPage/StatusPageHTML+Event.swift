import Foundation
import Notifier

extension StatusPageHTML {
    /// `/ui/events/{id}`: one event, its deliveries, every attempt, and its payload (the webhook body).
    func eventPage(_ detail: StatusAPI.EventDetail) -> String {
        let entry = detail.event
        let facts = [
            ("Id", HTML.escape(entry.id)), ("Type", HTML.escape(entry.type)),
            ("Project", HTML.escape(entry.path ?? entry.projectKey) + " <span class=\"muted\">"
                + HTML.escape(entry.projectKey) + "</span>"),
            ("Branch", HTML.escape(entry.branch ?? "-")), ("Recorded", time(entry.createdAt)),
            ("Summary", HTML.escape(entry.summary)),
        ].map { "<tr><th>\($0.0)</th><td>\($0.1)</td></tr>" }.joined()
        let deliveries = entry.deliveries.map { delivery -> [String] in
            [
                String(delivery.id), HTML.escape(delivery.sink),
                "<span class=\"state \(HTML.escape(delivery.state))\">\(HTML.escape(delivery.state))</span>",
                String(delivery.attempts), HTML.escape(delivery.lastError ?? "-"),
            ]
        }
        let attempts = detail.attempts.map { attempt -> [String] in
            [
                time(attempt.at), String(attempt.deliveryID), HTML.escape(attempt.sink),
                HTML.escape(attempt.outcome) + (attempt.retryAt.map { " (retry " + time($0) + ")" } ?? ""),
                attempt.httpStatus.map(String.init) ?? "-", HTML.escape(attempt.error ?? "-"),
            ]
        }
        let encoder = EventJSON.encoder()
        encoder.outputFormatting.insert(.prettyPrinted)
        let payload = entry.event.flatMap { try? encoder.encode($0) }.map { String(decoding: $0, as: UTF8.self) }
        return document(
            title: "glwatch event \(EventReference.short(entry.id))",
            body: """
                <section id="event"><h2>Event \(HTML.escape(EventReference.short(entry.id)))</h2>
                <table class="facts">\(facts)</table>
                <h3>Deliveries</h3>
                \(table(["Id", "Sink", "State", "Attempts", "Last error"], deliveries, empty: "No rule matched this event."))
                <h3>Attempts</h3>
                \(table(["When", "Delivery", "Sink", "Outcome", "HTTP", "Error"], attempts, empty: "No attempts yet."))
                <h3>Payload</h3>
                <pre>\(HTML.escape(payload ?? "(this glwatch cannot read the payload)"))</pre>
                <p><a href="/#events">‹ all events</a> · <a href="/api/v1/events/\(HTML.escape(entry.id))">JSON</a></p>
                </section>
                """
        )
    }
}
