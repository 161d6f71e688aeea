import DNSimCore

extension AndroidSystem {
    /// The user sets the app's battery use to "Restricted" (`true`) or lifts it (A62); lifting it
    /// re-checks every alarm and job, so what it held runs now.
    public func setBackgroundRestricted(_ restricted: Bool) {
        guard restricted != isBackgroundRestricted else { return }
        isBackgroundRestricted = restricted
        trace("android.power", restricted ? "backgroundRestriction.on" : "backgroundRestriction.off", rule: .a62)
        recheckPowerRestrictions()
    }

    /// Whether background restriction applies now (A62): restricted, in the background, not on
    /// the battery-optimisation allowlist.
    var backgroundRestrictionApplies: Bool { isBackgroundRestricted && !isInForeground && !isPowerAllowlisted }

    /// What background restriction does to a due alarm (A62): alarm clocks fire; every other
    /// alarm waits, with no instant (a lift or a launch re-checks every alarm).
    func backgroundRestrictionHold(_ alarm: AndroidAlarm) -> (until: SimInstant?, rule: OSRule, why: String)? {
        guard backgroundRestrictionApplies, alarm.method != .setAlarmClock else { return nil }
        return (nil, .a62, "background restricted; deferred until the restriction is lifted or the app is in the foreground")
    }

    /// Whether background restriction holds the app's jobs now (A62).
    var backgroundRestrictionHoldsJobs: Bool { backgroundRestrictionApplies }
}
