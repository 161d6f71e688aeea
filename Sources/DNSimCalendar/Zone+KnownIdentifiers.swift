import Foundation

extension Zone {
    /// Every zone identifier the toolchain's tz data lists, plus `UTC`, sorted by UTF-8 bytes:
    /// the names a misspelt zone (`Europe/Berln`) is compared with to suggest the one meant.
    ///
    /// The list comes from the ICU data bundled with the toolchain, not from the host, so it is
    /// the same on every machine with the same toolchain. Aliases that ``init(identifier:)``
    /// accepts but the list leaves out (`EST5EDT`) are still valid zones.
    public static let knownIdentifiers: [String] = {
        var names = TimeZone.knownTimeZoneIdentifiers
        if !names.contains("UTC") { names.append("UTC") }
        return names.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }()
}
