/// The version of Project Manager that `pm --version` and `pm-server --version` print: one
/// number for both, since they are built, installed and upgraded together.
public enum ProductVersion {
    /// The version, `MAJOR.MINOR.PATCH`.
    public static let current = "0.1.0"
}
