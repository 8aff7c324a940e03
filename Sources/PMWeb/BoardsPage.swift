import Foundation

/// The page a signed-in user lands on: the boards they are a member of, each a link to it (the
/// page's main thing: rows as wide as the page), and a plain sign-out button.
struct BoardsPage {
    var user: String
    var boards: [String]

    var page: HTMLPage {
        let items = boards.map { board in
            #"<li><a href="\#(HTMLPage.escape(Self.path(of: board)))">\#(HTMLPage.escape(board))</a></li>"#
        }
        let list =
            items.isEmpty
            ? "<p>You are not a member of any board yet.</p>"
            : "<ul class=\"boards\" aria-label=\"Your boards\">\n" + items.joined(separator: "\n") + "\n</ul>"
        return HTMLPage.document(
            title: "Your boards · Project Manager",
            body: """
                <header class="bar">
                <h1>Your boards</h1>
                <p>Signed in as <strong>\(HTMLPage.escape(user))</strong></p>
                <form method="post" action="/signout"><button type="submit" class="secondary">Sign out</button></form>
                </header>
                \(list)
                """)
    }

    /// `/boards/NAME`, the name percent-encoded as one path segment.
    static func path(of board: String) -> String {
        var segment = CharacterSet.urlPathAllowed
        segment.remove(charactersIn: "/;?#%")
        return "/boards/" + (board.addingPercentEncoding(withAllowedCharacters: segment) ?? board)
    }
}

/// The page for a board that is not there for this user — whether it does not exist or they
/// are not a member, so a stranger learns nothing of others' boards.
struct NotFoundPage {
    var message = "There is no such board among yours."

    var page: HTMLPage {
        HTMLPage.document(
            title: "Not found · Project Manager",
            body: """
                <h1>Not found</h1>
                <p>\(HTMLPage.escape(message))</p>
                <p><a href="/">Your boards</a></p>
                """)
    }
}
