import DNSimCore

/// App Standby Buckets (A39): how recently the user used the app, which sets quotas on battery.
public enum AndroidStandbyBucket: String, Sendable, CaseIterable {
    /// In use now or very recently: no limits.
    case active
    /// Used regularly.
    case workingSet
    /// Used often but not daily.
    case frequent
    /// Rarely used.
    case rare
    /// Restricted (API 30+; entered after 8 days without use on 13+, A41).
    case restricted

    /// The alarm quota on battery (A40): at most `count` alarms per `window`; `nil` = unlimited.
    public var alarmQuota: (count: Int, window: SimDuration)? {
        switch self {
        case .active: return nil
        case .workingSet: return (10, .hours(1))
        case .frequent: return (2, .hours(1))
        case .rare: return (1, .hours(1))
        case .restricted: return (1, .days(1))
        }
    }

    /// Every bucket's quotas in one printable line (A40's values, "subject to change").
    public static var quotaTable: String {
        allCases.map { bucket in
            let alarms = bucket.alarmQuota.map { "\($0.count)/\($0.window)" } ?? "unlimited"
            let jobs = bucket.jobSpacing.map { "1 per \($0)" } ?? "unlimited"
            return "\(bucket.rawValue): alarms \(alarms), jobs \(jobs)"
        }.joined(separator: "; ")
    }

    /// How long a job must wait after the app's previous job on battery (A40: one 10-minute
    /// execution window per 2 h / 8 h / 24 h; restricted once a day); `nil` = no wait.
    public var jobSpacing: SimDuration? {
        switch self {
        case .active: return nil
        case .workingSet: return .hours(2)
        case .frequent: return .hours(8)
        case .rare, .restricted: return .hours(24)
        }
    }
}
