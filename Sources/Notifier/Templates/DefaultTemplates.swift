/// The built-in templates: one per dialect, with a section per event type and one for digests.
///
/// They are generated from one skeleton so every sink family says the same thing in its own markup.
enum DefaultTemplates {
    /// The template source for a dialect.
    static func source(for dialect: TemplateDialect) -> String {
        switch dialect {
        case .plain: skeleton(bold: { $0 }, code: { $0 }, bullet: "  -", urlLine: true)
        case .slack, .googleChat: skeleton(bold: { "*\($0)*" }, code: { "`\($0)`" }, bullet: "•", urlLine: false)
        case .markdown: skeleton(bold: { "**\($0)**" }, code: { "`\($0)`" }, bullet: "-", urlLine: false)
        case .html: skeleton(bold: { "<b>\($0)</b>" }, code: { "<code>\($0)</code>" }, bullet: "•", urlLine: false)
        }
    }

    private static func skeleton(
        bold: (String) -> String,
        code: (String) -> String,
        bullet: String,
        urlLine: Bool
    ) -> String {
        let commitLines = """
            {{#commits_preview}}
            \(bullet) {{{link}}} {{title}} ({{author_name}})
            {{/commits_preview}}
            {{#has_more_commits}}
            \(bullet) … and {{more_commits}} more
            {{/has_more_commits}}

            """
        let url = urlLine ? "{{#url}}\n{{{url}}}\n{{/url}}\n" : ""
        return """
            {{#digest}}
            \(bold("{{digest_summary}}"))
            {{#events}}
            \(bullet) {{summary}}
            {{#commits_preview}}
            \(bullet == "-" || bullet == "  -" ? "    -" : "    ◦") {{{link}}} {{title}} ({{author_name}})
            {{/commits_preview}}
            {{/events}}
            {{/digest}}
            {{^digest}}
            {{#is.commits_new}}
            \(bold("{{total_commits}} new commit{{^one_commit}}s{{/one_commit}}")) on {{{branch_link}}} in {{{project_link}}}
            \(commitLines){{/is.commits_new}}
            {{#is.contributor_new}}
            \(bold("New contributor")): {{contributor.name}} ({{contributor.email}}) in {{{project_link}}}
            {{#commit}}
            \(bullet) {{{link}}} {{title}}
            {{/commit}}
            {{/is.contributor_new}}
            {{#is.branch_created}}
            \(bold("Branch created")): {{{branch_link}}} in {{{project_link}}} at \(code("{{short_head}}"))
            {{/is.branch_created}}
            {{#is.branch_deleted}}
            \(bold("Branch deleted")): \(code("{{branch}}")) in {{{project_link}}} (was at \(code("{{short_last_head}}")))
            {{/is.branch_deleted}}
            {{#is.branch_force_pushed}}
            \(bold("Force-push")): {{{branch_link}}} in {{{project_link}}} moved from \(code("{{short_old_head}}")) \
            to \(code("{{short_new_head}}")), \
            {{#old_head_pruned}}its old head no longer on GitLab{{/old_head_pruned}}\
            {{^old_head_pruned}}{{dropped_commits}} dropped{{/old_head_pruned}}, {{total_commits}} new
            \(commitLines){{/is.branch_force_pushed}}
            {{#is.tag_created}}
            \(bold("Tag created")): {{{tag_link}}} in {{{project_link}}} at \(code("{{short_sha}}"))
            {{#annotated}}
            {{message}}
            {{/annotated}}
            {{/is.tag_created}}
            {{#is.tag_deleted}}
            \(bold("Tag deleted")): \(code("{{tag}}")) in {{{project_link}}} (was at \(code("{{short_sha}}")))
            {{/is.tag_deleted}}
            {{#is.project_unreachable}}
            \(bold("Project unreachable")): {{{project_link}}}: {{reason}} ({{consecutive_failures}} failed polls \
            since {{since}})
            {{/is.project_unreachable}}
            {{#is.project_stalled}}
            \(bold("Project stalled")): {{{project_link}}}: {{same_failures}} polls in a row failed the same way \
            since {{since}}: {{reason}}; glwatch cannot get past this answer by retrying
            {{/is.project_stalled}}
            {{#is.project_recovered}}
            \(bold("Project reachable again")): {{{project_link}}} (unreachable for {{downtime}})
            {{/is.project_recovered}}
            {{#is.project_renamed}}
            \(bold("Project renamed")): \(code("{{old_path}}")) is now {{{project_link}}}
            {{/is.project_renamed}}
            {{#is.project_removed}}
            \(bold("Project no longer watched")): {{{project_link}}}: {{reason}}
            {{/is.project_removed}}
            {{#is.watcher_lagging}}
            \(bold("glwatch is lagging")) on {{{project_link}}}: no completed poll for {{missed_intervals}} \
            intervals of {{interval}} (last: {{last_poll_at}})
            {{/is.watcher_lagging}}
            {{#is.instance_unreachable}}
            \(bold("GitLab unreachable")): {{{project_link}}}: {{reason}} (since {{since}}; its projects wait)
            {{/is.instance_unreachable}}
            {{#is.instance_recovered}}
            \(bold("GitLab reachable again")): {{{project_link}}} (unreachable for {{downtime}})
            {{/is.instance_recovered}}
            {{#is.token_expiring}}
            \(bold("GitLab token expiring")): {{token_name}} on {{{project_link}}} expires in {{days_left}} days \
            ({{expires_at}}){{#token_source}}; replace {{token_source}}{{/token_source}}
            {{/is.token_expiring}}
            \(url){{/digest}}

            """
    }
}
