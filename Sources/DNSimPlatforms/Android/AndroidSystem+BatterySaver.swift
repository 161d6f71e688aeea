import DNSimCore

extension AndroidSystem {
    /// Battery saver goes on or off (A60). Turning it off, or on, re-checks every alarm and job.
    public func setBatterySaver(_ on: Bool) {
        guard on != isBatterySaverOn else { return }
        isBatterySaverOn = on
        trace("android.power", on ? "batterySaver.on" : "batterySaver.off", rule: .a60)
        recheckPowerRestrictions()
    }

    /// The user puts the app on the battery-optimisation allowlist ("not optimized") or takes it
    /// off (A61).
    public func setPowerAllowlisted(_ allowlisted: Bool) {
        guard allowlisted != isPowerAllowlisted else { return }
        isPowerAllowlisted = allowlisted
        trace("android.power", allowlisted ? "powerAllowlist.added" : "powerAllowlist.removed", rule: .a61)
        if isBatterySaverOn { recheckPowerRestrictions() }
    }

    /// Whether battery saver restricts the app now (A60): on, the app not in the foreground;
    /// the allowlist exempts it (A61), which `why` notes for the trace.
    func batterySaverRestricts() -> (restricts: Bool, exemptByAllowlist: Bool) {
        guard isBatterySaverOn, !isInForeground else { return (false, false) }
        return isPowerAllowlisted ? (false, true) : (true, false)
    }

    /// What battery saver does to a due alarm (A60): `nil` when it lets it fire now; otherwise
    /// until when it holds it (`nil` instant: until battery saver ends or the app comes to the
    /// foreground, which re-checks every alarm).
    func batterySaverHold(_ alarm: AndroidAlarm) -> (until: SimInstant?, rule: OSRule, why: String)? {
        let (restricts, exempt) = batterySaverRestricts()
        if exempt, alarm.method != .setAlarmClock {
            trace(
                "android.alarm", "alarm.batterySaverExempt", rule: .a61, cause: alarm.setRecord,
                [TraceDetail("operation", alarm.operation.description), TraceDetail("why", "battery-optimisation allowlist")])
            return nil
        }
        guard restricts else { return nil }
        switch alarm.method {
        case .setAlarmClock:
            return nil
        case .setExactAndAllowWhileIdle, .setAndAllowWhileIdle:
            return whileIdleQuotaHold(alarm, rule: .a60, context: "battery saver")
        case .set, .setExact, .setWindow:
            return (nil, .a60, "battery saver; deferred until it ends or the app is in the foreground")
        }
    }

    /// Whether battery saver holds the app's jobs now (A60); the allowlist exemption is traced (A61).
    func batterySaverHoldsJob(named name: String) -> Bool {
        let (restricts, exempt) = batterySaverRestricts()
        if exempt {
            trace("android.work", "job.batterySaverExempt", rule: .a61, [TraceDetail("name", name)])
        }
        return restricts
    }

    /// Re-checks every alarm and job against the power restrictions (A60–A62) after one of
    /// them, or the app's foreground state, changed: what they held may run now.
    func recheckPowerRestrictions() {
        requeueAllAlarms()
        requeueAllWork()
    }
}
