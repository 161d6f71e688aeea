/// Which version of the plugin's logic a run plays.
///
/// The matrix runs every scenario under each profile so it tells a story: what the code does
/// today, what the seed documents plan, and what a careful engineer would ship.
public enum PluginProfile: String, CaseIterable, Sendable, Hashable {
    /// The code state seed 000 describes: the boot receiver re-arms only alarms still in the
    /// future; `load()` does no recovery; no force-stop detection.
    case asFound = "as-found"
    /// The seeds' plan as written, mistakes included: 24-hour rollover arithmetic (S1),
    /// force-stop detection by "counting" alarms through `FLAG_NO_CREATE` probes (S11), the
    /// symmetric ±10 min `setWindow` fallback (S8), re-arm only on TIME_SET/TIMEZONE_CHANGED (S23).
    case directive
    /// What a careful engineer ships knowing the OS facts: calendar-day rollover, idempotent
    /// re-arm on every start and broadcast, an explicit missed-while-off policy.
    case corrected

    /// One line for reports.
    public var summary: String {
        switch self {
        case .asFound: return "seed 000 code state: boot re-arms future alarms only; no launch recovery"
        case .directive: return "seeds' plan as written: +24 h rollover, alarm counting, ±10 min window"
        case .corrected: return "calendar-day rollover, idempotent re-arm everywhere, explicit missed policy"
        }
    }
}
