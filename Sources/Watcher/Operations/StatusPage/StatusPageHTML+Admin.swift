import Foundation

extension StatusPageHTML {
    /// `/ui/admin`: the form that takes the admin token once (a password field, so the browser does not show or
    /// autofill it into the page), or, when signed in, the way back and out.
    func adminPage(refused: Bool = false) -> String {
        let body: String
        if case .signedIn = admin {
            body = "<p>Signed in as admin: dead deliveries have a Retry button.</p>\(adminLine)"
        } else {
            let problem = refused ? "<p class=\"problem\">That is not the admin token.</p>" : ""
            body = """
                \(problem)<p>The admin token (<code>metrics.admin_token_env</code> or <code>admin_token_file</code>) \
                lets this browser retry dead deliveries for 12 hours.</p>
                <form method="post" action="/ui/admin"><input type="password" name="token" autocomplete="off" \
                placeholder="Admin token" required> <button type="submit">Sign in</button></form>
                """
        }
        return document(
            title: "glwatch admin",
            body: "<section id=\"admin\"><h2>Admin</h2>\(body)"
                + "<p><a href=\"/#deliveries\">‹ deliveries</a></p></section>"
        )
    }
}
