/// The version of dnsim, printed by `--version` and written into every report.
public enum DNSimVersion {
    /// The current version.
    public static let current = "0.1.0"
}
