/// The first run's page: the first user's name and password, and the name of their first board.
struct WelcomePage {
    var code: String
    var user = ""
    var board = ""
    var message: String?

    var page: HTMLPage {
        let alert = message.map { #"<p class="message" role="alert">\#(HTMLPage.escape($0))</p>"# } ?? ""
        return HTMLPage.document(
            title: "Welcome · Project Manager",
            body: """
                <h1>Welcome to Project Manager</h1>
                <p>Nobody has an account on this server yet. Make yours, and your first board.</p>
                <form class="signin" method="post" action="/welcome">
                \(alert)
                <input type="hidden" name="code" value="\(HTMLPage.escape(code))">
                <label for="user">User name</label>
                <input id="user" name="user" autocomplete="username" autocapitalize="none" spellcheck="false" required value="\(HTMLPage.escape(user))">
                <label for="password">Password (8 characters or more)</label>
                <input id="password" name="password" type="password" autocomplete="new-password" required>
                <label for="board">First board</label>
                <input id="board" name="board" required value="\(HTMLPage.escape(board))">
                <button type="submit">Create and open the board</button>
                </form>
                """)
    }

    /// The page for a link that is wrong, used, or too late (someone has an account).
    static var closed: HTMLPage {
        HTMLPage.document(
            title: "Welcome · Project Manager",
            body: """
                <h1>This link no longer works</h1>
                <p>The first-run link works once, while nobody has an account, until the server stops.</p>
                <p><a href="/">Sign in</a></p>
                """)
    }
}
