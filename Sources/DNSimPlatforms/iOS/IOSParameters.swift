import DNSimCalendar
import DNSimCore

/// iOS behaviours that Apple does not document or that devices vary, as printed parameters.
public struct IOSParameters: Sendable, Hashable {
    /// Which requests the system keeps when more than 64 are pending (I1).
    public enum KeepPolicy: String, Sendable, CaseIterable {
        /// The soonest-firing 64 (the legacy UILocalNotification guide).
        case soonest
        /// The 64 most recently added: the default, as a reproduction app observed it
        /// (flutter_local_notifications #2275, openradar 38065340; #200 saw the first one lost).
        case lastAdded
        /// None of the pending requests fires while more than 64 are pending (one report,
        /// flutter_local_notifications #2312, that its maintainer could not reproduce).
        case noneFire
    }

    /// What happens to a calendar notification whose time passes while the device is off.
    public enum MissedWhileOffPolicy: String, Sendable, CaseIterable {
        /// It is not shown (the former assumption; no source says so).
        case drop
        /// It is shown right after boot: the default (I24, flutter_local_notifications #1696 and
        /// #2263, where the maintainer says native iOS behaves so).
        case deliverAtBoot
    }

    /// The pending-request limit (I1).
    public var pendingLimit = 64
    /// The keep policy past the limit (I1).
    public var keepPolicy = KeepPolicy.lastAdded
    /// How a calendar trigger resolves a nonexistent local time (I5, undocumented).
    public var nonexistentTimePolicy = GapPolicy.shiftForward
    /// How a calendar trigger resolves a repeated local time (I5, undocumented).
    public var repeatedTimePolicy = FoldPolicy.earlier
    /// Delivery drift: each delivery moves by a seeded amount within ± this (S6's ±180 s as an option; default 0).
    public var deliveryDriftMillis: Int64 = 0
    /// Missed-while-off behaviour (I24; field-failures REBOOT-STRADDLE-IOS).
    public var missedWhileOff = MissedWhileOffPolicy.deliverAtBoot
    /// Whether non-repeating time-interval requests survive a reboot (S16; default true).
    public var timeIntervalSurvivesReboot = true
    /// Chance (percent) that the system ever runs a submitted refresh request (I15).
    public var refreshRunPercent = 70
    /// Least delay after earliestBeginDate before a refresh runs (I15).
    public var refreshDelayMin = SimDuration.minutes(5)
    /// Most delay after earliestBeginDate before a refresh runs (I15).
    public var refreshDelayMax = SimDuration.hours(4)
    /// Chance (percent), at most, of running when the user has not opened the app for a week (usage shaping).
    public var unusedAppRefreshRunPercent = 20
    /// The refresh task budget (I16; S20's 30 s).
    public var refreshBudget = SimDuration.seconds(30)
    /// Chance (percent) that the expiration handler fires early, at half the budget (I17).
    public var earlyExpiryPercent = 0

    /// Creates the defaults.
    public init() {}

    /// The parameters as printed key–value pairs.
    public var described: [(String, String)] {
        [
            ("ios.pendingLimit", String(pendingLimit)), ("ios.keepPolicy", keepPolicy.rawValue),
            ("ios.nonexistentTimePolicy", nonexistentTimePolicy.rawValue),
            ("ios.repeatedTimePolicy", repeatedTimePolicy.rawValue),
            ("ios.deliveryDriftMillis", String(deliveryDriftMillis)), ("ios.missedWhileOff", missedWhileOff.rawValue),
            ("ios.timeIntervalSurvivesReboot", String(timeIntervalSurvivesReboot)),
            ("ios.refreshRunPercent", String(refreshRunPercent)),
            ("ios.refreshDelayMin", refreshDelayMin.description), ("ios.refreshDelayMax", refreshDelayMax.description),
            ("ios.unusedAppRefreshRunPercent", String(unusedAppRefreshRunPercent)),
            ("ios.refreshBudget", refreshBudget.description), ("ios.earlyExpiryPercent", String(earlyExpiryPercent)),
        ]
    }
}

extension GapPolicy {
    /// The Foundation `Calendar.MatchingPolicy` that resolves a nonexistent time the same way (T3).
    public var foundationName: String {
        switch self {
        case .shiftForward: return "nextTimePreservingSmallerComponents"
        case .nextValidInstant: return "nextTime"
        case .skip: return "strict"
        }
    }
}

extension FoldPolicy {
    /// The Foundation `Calendar.RepeatedTimePolicy` that resolves a repeated time the same way (T4).
    public var foundationName: String { self == .earlier ? "first" : "last" }
}
