/// The status page's stylesheet, served as `/ui/style.css` (a same-origin file, so the CSP needs no
/// `'unsafe-inline'`). System fonts only: nothing is fetched from elsewhere.
enum StatusPageStyle {
    /// The CSS.
    static let css = """
        :root { color-scheme: light; }
        body { margin: 0; font: 14px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #1f2933;
          background: #f5f7fa; }
        header { display: flex; align-items: baseline; gap: 2rem; padding: .6rem 1.5rem; background: #243b53;
          color: #fff; }
        header h1 { margin: 0; font-size: 1.3rem; } header a { color: #fff; text-decoration: none; }
        nav a { margin-right: 1rem; opacity: .85; }
        main { padding: 1rem 1.5rem; max-width: 1200px; }
        section { background: #fff; border: 1px solid #d9e2ec; border-radius: 6px; padding: .5rem 1rem 1rem;
          margin-bottom: 1rem; }
        h2 { font-size: 1.1rem; margin: .5rem 0; } h3 { font-size: .95rem; margin: 1rem 0 .4rem; }
        table { border-collapse: collapse; width: 100%; } th, td { text-align: left; padding: .3rem .5rem;
          border-bottom: 1px solid #e4e7eb; vertical-align: top; word-break: break-word; }
        th { background: #f0f4f8; font-weight: 600; } table.facts th { width: 8rem; }
        .cards { display: flex; gap: 1rem; flex-wrap: wrap; margin: .5rem 0; }
        .card { border: 1px solid #d9e2ec; border-radius: 6px; padding: .5rem 1rem; min-width: 9rem; }
        .number { font-size: 1.6rem; font-weight: 600; }
        .muted { color: #7b8794; } .problem { color: #a61b1b; }
        .badge { padding: 0 .4rem; border-radius: 3px; color: #fff; } .badge.ok { background: #2f8132; }
        .badge.bad { background: #a61b1b; }
        .status.active, .state.delivered { color: #2f8132; } .status.unreachable, .status.stalled, .state.dead { color: #a61b1b; }
        .state.failed, .state.pending { color: #b44d12; } .status.archived, .status.removed { color: #7b8794; }
        .chart { width: 100%; max-width: 720px; height: auto; }
        form { margin: .4rem 0; } input, select, button { font: inherit; padding: .15rem .4rem; }
        pre { background: #f0f4f8; padding: .6rem; overflow-x: auto; white-space: pre-wrap; }
        .sort a, .pager a { margin-right: .6rem; }
        ul.commits { margin: .2rem 0 0; padding-left: 1.1rem; font-size: .9em; }
        .status.lagging, .breaker.half-open { color: #b44d12; } .breaker.open { color: #a61b1b; }
        .breaker.closed { color: #2f8132; } .sort a.current { font-weight: 600; text-decoration: none; }
        form.inline { display: inline; margin: 0; } .notice { color: #2f8132; }
        table.instances td { word-break: normal; overflow-wrap: break-word; }
        table.instances td:nth-child(2), table.instances td:nth-child(3) { min-width: 9rem; }
        table.instances td:nth-child(4) { width: 50%; } table.instances .problem { overflow-wrap: anywhere; }
        details.problem summary { cursor: pointer; }
        """
}
