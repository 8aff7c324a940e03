/// The sign-in page: the user name and, in one field, the password or one of the user's tokens.
struct SignInPage {
    /// Where to go once signed in (already checked by ``SafeRedirect``).
    var next: String
    /// The name typed last time, kept after a failure.
    var user = ""
    /// Why the last attempt failed, shown above the form and read out by screen readers.
    var message: String?

    var page: HTMLPage {
        let alert = message.map { #"<p class="message" role="alert">\#(HTMLPage.escape($0))</p>"# } ?? ""
        return HTMLPage.document(
            title: "Sign in · Project Manager",
            body: """
                <h1>Project Manager</h1>
                <form class="signin" method="post" action="/signin">
                <h2>Sign in</h2>
                \(alert)
                <label for="user">User name</label>
                <input id="user" name="user" autocomplete="username" autocapitalize="none" spellcheck="false" required value="\(HTMLPage.escape(user))">
                <label for="secret">Password or token</label>
                <input id="secret" name="secret" type="password" autocomplete="current-password" required>
                <input type="hidden" name="next" value="\(HTMLPage.escape(next))">
                <button type="submit">Sign in</button>
                </form>
                """)
    }
}
