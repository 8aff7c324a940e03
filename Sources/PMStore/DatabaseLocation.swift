/// Where the database lives: `--database PATH`, else `PM_DATABASE`, else the XDG data
/// directory (`$XDG_DATA_HOME/projectmanager/projects.sqlite`, else
/// `~/.local/share/projectmanager/projects.sqlite`).
public enum DatabaseLocation {
    /// The database file's path, from the option and the process environment.
    public static func path(option: String?, environment: [String: String]) -> String {
        if let option, !option.isEmpty { return option }
        if let path = environment["PM_DATABASE"], !path.isEmpty { return path }
        return dataDirectory(environment: environment) + "/projects.sqlite"
    }

    /// The folder for this product's files under the XDG data directory.
    public static func dataDirectory(environment: [String: String]) -> String {
        if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") {
            return xdg + "/projectmanager"
        }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? "."
        return home + "/.local/share/projectmanager"
    }
}
