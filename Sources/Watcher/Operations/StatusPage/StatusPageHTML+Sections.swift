import Foundation
import Notifier

extension StatusPageHTML {
    /// Health, version, uptime, the counts, and the events-per-hour chart.
    func overviewSection(_ overview: StatusAPI.Overview) -> String {
        let health = overview.health.map {
            "<span class=\"badge \($0.status == "ok" ? "ok" : "bad")\">\(HTML.escape($0.status))</span> "
                + HTML.escape($0.reason)
        } ?? ""
        let uptime = DurationParser.format(TimeInterval(overview.glwatch.uptimeSeconds))
        let cards = [
            ("Projects watched", overview.projects.total),
            ("Events, last 24 h", overview.events.last24Hours),
            ("Deliveries waiting", overview.deliveries.waiting),
            ("Dead letters", overview.deliveries.dead),
        ].map { "<div class=\"card\"><div class=\"number\">\($0.1)</div><div>\($0.0)</div></div>" }.joined()
        let chart = SVGChart(
            values: overview.events.perHour,
            title: "Events per hour, last 24 hours",
            startLabel: "24 h ago",
            endLabel: "now"
        )
        let requests = overview.requestsPerMinute.map { perMinute in
            "<h3>GitLab requests per minute, last 24 hours</h3>"
                + SVGChart(
                    values: perMinute,
                    title: "GitLab requests per minute, last 24 hours",
                    startLabel: "24 h ago",
                    endLabel: "now",
                    style: .line
                ).render()
        } ?? ""
        return """
            <section id="overview"><h2>Overview</h2>
            <p>glwatch \(HTML.escape(overview.glwatch.version)) · up \(uptime) · \(health)</p>
            <div class="cards">\(cards)</div>
            \(instancesTable(overview.instances))
            <h3>Events per hour, last 24 hours</h3>\(chart.render())
            \(requests)
            </section>

            """
    }

    /// The projects table with its search, status filter and sort links.
    func projectsSection(_ page: StatusAPI.ProjectsPage, query: PageQuery) -> String {
        let search = query.value("q")
        let sortLinks = ProjectSort.allCases.map { sort -> String in
            let kept = keeping(query, ["type", "project", "sink", "status"])
            let link = HTML.query(kept + [("q", search), ("sort", Optional(sort.rawValue))])
            return "<a href=\"/\(HTML.escape(link))#projects\">\(sort.rawValue)</a>"
        }.joined(separator: " ")
        let chosen = Set(query.values("status"))
        let statusLinks = ([nil] + PageProjectStatus.allCases.map(\.rawValue)).map { status -> String in
            let link = HTML.query(keeping(query, ["type", "project", "sink", "q", "sort"]) + [("status", status)])
            let name = status ?? "all"
            let current = status.map { chosen == [$0] } ?? chosen.isEmpty
            return "<a href=\"/\(HTML.escape(link))#projects\"\(current ? " class=\"current\"" : "")>\(name)</a>"
        }.joined(separator: " ")
        let rows = page.projects.map { project -> [String] in
            let key = ProjectKey(project.key)
            let path = HTML.escape(project.path)
            let link = key.flatMap { instanceURLs[$0.instance] }.map {
                "<a href=\"\(HTML.escape($0.appendingPathComponent(project.path).absoluteString))\">\(path)</a>"
            } ?? path
            let branches = project.heads.map { HTML.escape($0.branch) }.joined(separator: ", ")
            let failures = String(project.consecutiveFailures)
                + (project.lastError.map { " <span class=\"muted\">\(HTML.escape($0))</span>" } ?? "")
            let status = HTML.escape(PageProjectStatus(project).rawValue)
            return [
                link, branches.isEmpty ? "-" : branches, time(project.lastPollAt),
                project.wokenBy.map(HTML.escape) ?? "<span class=\"muted\">-</span>", time(project.lastChangeAt),
                time(project.lastHookAt), failures, "<span class=\"status \(status)\">\(status)</span>",
            ]
        }
        let headers = ["Project", "Branches", "Last poll", "Woken by", "Last change", "Last hook", "Failures", "Status"]
        return """
            <section id="projects"><h2>Projects <span class="muted">(\(page.total))</span></h2>
            <form method="get" action="/#projects"><input type="search" name="q" placeholder="Search path" \
            value="\(HTML.escape(search ?? ""))"><button type="submit">Search</button></form>
            <p class="sort">Status: \(statusLinks)</p>
            <p class="sort">Sort by: \(sortLinks)</p>
            \(table(headers, rows, empty: "No projects match."))
            \(pager(query, offsetName: "poffset", offset: page.offset, limit: page.limit, shown: page.projects.count, total: page.total, anchor: "projects"))
            </section>

            """
    }

    /// The recent events with their filter form; each links to its detail.
    func eventsSection(_ page: StatusAPI.EventsPage, query: PageQuery) -> String {
        let chosen = Set(query.values("type"))
        let options = (["<option value=\"\">all types</option>"] + EventType.allCases.map {
            "<option\(chosen.contains($0.rawValue) ? " selected" : "")>\(HTML.escape($0.rawValue))</option>"
        }).joined()
        let rows = page.events.map { entry -> [String] in
            let deliveries = entry.deliveries.map {
                "<span class=\"state \(HTML.escape($0.state))\">\(HTML.escape($0.sink)): \(HTML.escape($0.state))</span>"
            }.joined(separator: " ")
            return [
                time(entry.createdAt), HTML.escape(entry.type), HTML.escape(entry.path ?? entry.projectKey),
                HTML.escape(entry.branch ?? "-"),
                "<a href=\"/ui/events/\(HTML.escape(entry.id))\">\(HTML.escape(entry.summary))</a>"
                    + commitTitles(entry.event?.commits ?? []),
                deliveries.isEmpty ? "<span class=\"muted\">no rule matched</span>" : deliveries,
            ]
        }
        return """
            <section id="events"><h2>Events</h2>
            <form method="get" action="/#events"><select name="type">\(options)</select> \
            <input type="text" name="project" placeholder="Project path or key" \
            value="\(HTML.escape(query.value("project") ?? ""))"><button type="submit">Filter</button></form>
            \(table(["When", "Type", "Project", "Branch", "Summary", "Deliveries"], rows, empty: "No events match."))
            \(pager(query, offsetName: "eoffset", offset: page.offset, limit: page.limit, shown: page.events.count, total: nil, anchor: "events"))
            </section>

            """
    }

    /// The first three commits' titles and authors under an event's summary (the rest counted).
    func commitTitles(_ commits: [Commit]) -> String {
        guard !commits.isEmpty else { return "" }
        var items = commits.prefix(3).map {
            "<li>\(HTML.escape($0.title)) <span class=\"muted\">\(HTML.escape($0.author.name))</span></li>"
        }
        if commits.count > 3 { items.append("<li class=\"muted\">and \(commits.count - 3) more</li>") }
        return "<ul class=\"commits\">\(items.joined())</ul>"
    }

    /// "Newer / older" links that keep the other filters.
    func pager(
        _ query: PageQuery, offsetName: String, offset: Int, limit: Int, shown: Int, total: Int?, anchor: String
    ) -> String {
        let others = keeping(
            query, ["q", "sort", "status", "type", "project", "sink", "poffset", "eoffset"].filter { $0 != offsetName }
        )
        var links: [String] = []
        if offset > 0 {
            let link = HTML.query(others + [(offsetName, String(max(0, offset - limit)))])
            links.append("<a href=\"/\(HTML.escape(link))#\(anchor)\">‹ previous</a>")
        }
        if shown == limit, total.map({ offset + shown < $0 }) ?? true {
            let link = HTML.query(others + [(offsetName, String(offset + limit))])
            links.append("<a href=\"/\(HTML.escape(link))#\(anchor)\">next ›</a>")
        }
        return links.isEmpty ? "" : "<p class=\"pager\">\(links.joined(separator: " "))</p>"
    }

    /// The values of `names` in `query`, to carry into a link.
    func keeping(_ query: PageQuery, _ names: [String]) -> [(String, String?)] {
        names.flatMap { name in query.values(name).map { (name, Optional($0)) } }
    }
}
