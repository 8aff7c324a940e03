import Foundation

/// Where a sign-in may send the browser afterwards: only a path on this server, so a link to
/// the sign-in page cannot forward a freshly signed-in user to another site.
enum SafeRedirect {
    /// `next` when it is a path on this server (`/boards/team`), else `/`.
    static func path(_ next: String?) -> String {
        guard let next, next.hasPrefix("/"), !next.hasPrefix("//"), !next.hasPrefix("/\\"),
            next.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value != 0x7F && $0 != "\\" }), next.count <= 2000
        else { return "/" }
        return next
    }

    /// The sign-in page that sends the browser on to `path` once signed in.
    static func signIn(then path: String) -> String {
        var value = CharacterSet.urlQueryAllowed
        value.remove(charactersIn: "&=+?#")
        return "/?next=" + (path.addingPercentEncoding(withAllowedCharacters: value) ?? "/")
    }
}
