import Foundation

extension StatusPageHTML {
    /// The GitLab instances in the overview: whether each is down, paused by GitLab's rate limit, the budget GitLab
    /// last reported, and its last error. Nothing without a running engine.
    func instancesTable(_ instances: [StatusAPI.Overview.Instance]?) -> String {
        guard let instances, !instances.isEmpty else { return "" }
        let rows = instances.map { instance -> [String] in
            let name = HTML.escape(instance.name) + " <span class=\"muted\">" + HTML.escape(instance.host) + "</span>"
            let badge = instance.status == "ok" ? "ok" : "bad"
            var state = "<span class=\"badge \(badge)\">\(HTML.escape(instance.status))</span>"
            if let since = instance.downSince {
                state += " since " + time(since) + (instance.nextProbeAt.map { ", next probe " + due($0) } ?? "")
            } else if instance.status == "rate-limited", let until = instance.pausedUntil {
                state += " until " + due(until)
            }
            var budget: [String] = []
            if let remaining = instance.rateLimitRemaining {
                budget.append("\(remaining)" + (instance.rateLimitLimit.map { " of \($0)" } ?? "") + " left")
            }
            if let reset = instance.rateLimitResetAt {
                budget.append("resets " + (reset > now ? due(reset) : time(reset)))
            }
            if instance.throttled > 0 { budget.append("\(instance.throttled) × HTTP 429") }
            let error = instance.lastError.map {
                time(instance.lastErrorAt) + " " + Self.errorText($0)
            } ?? "<span class=\"muted\">none</span>"
            let limits = budget.isEmpty ? "<span class=\"muted\">not reported</span>" : budget.joined(separator: ", ")
            return [name, state, limits, error]
        }
        return "<h3>GitLab instances</h3>\n"
            + table(
                ["Instance", "State", "Rate limit", "Last error"], rows, empty: "No GitLab instance.",
                cssClass: "instances"
            )
    }

    /// How long a last error is shown before the rest waits behind a click.
    static let errorPreviewLength = 160

    /// An error, escaped: whole when short; else its first `errorPreviewLength` characters, with the whole text one
    /// click away (`<details>`), so one long error cannot squeeze the table's other columns.
    static func errorText(_ error: String) -> String {
        guard error.count > errorPreviewLength else {
            return "<span class=\"problem\">" + HTML.escape(error) + "</span>"
        }
        return "<details class=\"problem\"><summary>" + HTML.escape(String(error.prefix(errorPreviewLength)))
            + "…</summary>" + HTML.escape(error) + "</details>"
    }
}
