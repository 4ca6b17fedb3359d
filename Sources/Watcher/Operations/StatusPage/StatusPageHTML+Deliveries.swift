import Foundation

extension StatusPageHTML {
    /// Each sink's queue and circuit breaker, then the waiting and dead deliveries; with an admin signed in, a Retry
    /// button on each dead one (a POST form carrying the CSRF token).
    func deliveriesSection(_ page: StatusAPI.DeliveriesPage, query: PageQuery) -> String {
        let sinks = page.sinks.map { sink -> [String] in
            [
                HTML.escape(sink.name), String(sink.queueDepth), String(sink.deadLetters), time(sink.oldestWaitingAt),
                breaker(sink.breaker),
            ]
        }
        var headers = ["Id", "State", "Sink", "Event", "Attempts", "Next attempt / died", "Last error"]
        if case .signedIn = admin { headers.append("") }
        let rows = page.deliveries.map { delivery -> [String] in
            let when = delivery.state == "dead" ? time(delivery.deadAt) : time(delivery.nextAttemptAt)
            let error = delivery.lastError.map {
                HTML.escape((delivery.lastHTTPStatus.map { "HTTP \($0): " } ?? "") + $0)
            } ?? "-"
            let state = HTML.escape(delivery.state)
            var row = [
                String(delivery.id), "<span class=\"state \(state)\">\(state)</span>",
                HTML.escape(delivery.sink), "<a href=\"/ui/events/\(HTML.escape(delivery.eventID))\">"
                    + HTML.escape(delivery.eventType) + "</a>", String(delivery.attempts), when, error,
            ]
            if case .signedIn(let csrf) = admin {
                row.append(delivery.state == "dead" ? retryButton(delivery.id, csrf: csrf) : "")
            }
            return row
        }
        let retried = query.value("retried").flatMap(Int64.init).map {
            "<p class=\"notice\">Delivery \($0) is waiting again: its sink sends it next.</p>\n"
        } ?? ""
        let sinkHeaders = ["Sink", "Waiting", "Dead", "Oldest waiting", "Circuit breaker"]
        return """
            <section id="deliveries"><h2>Deliveries</h2>
            \(retried)\(table(sinkHeaders, sinks, empty: "No sinks."))
            <h3>Waiting and dead</h3>
            \(table(headers, rows, empty: "Nothing waiting, no dead letters."))
            \(adminLine)
            </section>

            """
    }

    /// A sink's breaker: closed (with failures so far), open until when, or half-open; "-" when unknown.
    func breaker(_ breaker: StatusReport.Breaker?) -> String {
        guard let breaker else { return "<span class=\"muted\">-</span>" }
        let state = "<span class=\"breaker \(HTML.escape(breaker.state))\">\(HTML.escape(breaker.state))</span>"
        switch breaker.state {
        case "open":
            return state + (breaker.openUntil.map { " until " + due($0) } ?? "")
        case "half-open":
            return state + " <span class=\"muted\">a trial attempt is under way</span>"
        default:
            let failures = breaker.failures ?? 0
            return failures == 0 ? state : state + " <span class=\"muted\">\(failures) failed in a row</span>"
        }
    }

    /// The Retry button of dead delivery `id`.
    func retryButton(_ id: Int64, csrf: String) -> String {
        "<form method=\"post\" action=\"/ui/deliveries/\(id)/retry\" class=\"inline\">"
            + "<input type=\"hidden\" name=\"csrf\" value=\"\(HTML.escape(csrf))\">"
            + "<button type=\"submit\">Retry</button></form>"
    }

    /// Sign in (or out) as admin, under the deliveries; nothing when no admin token is configured.
    var adminLine: String {
        switch admin {
        case .off:
            return ""
        case .signedOut:
            return "<p class=\"muted\"><a href=\"/ui/admin\">Sign in as admin</a> to retry dead deliveries.</p>"
        case .signedIn(let csrf):
            return "<form method=\"post\" action=\"/ui/admin/sign-out\" class=\"admin\">Signed in as admin. "
                + "<input type=\"hidden\" name=\"csrf\" value=\"\(HTML.escape(csrf))\">"
                + "<button type=\"submit\">Sign out</button></form>"
        }
    }
}
