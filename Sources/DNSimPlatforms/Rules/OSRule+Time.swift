extension OSRule {
    // The time-library facts (fact sheet §10): how Foundation and java.time turn a wall time into
    // an instant, and how they add a day. They decide where an occurrence lands across DST.

    /// Foundation `.hour, 24` adds 86 400 absolute seconds.
    public static let t1 = OSRule(
        id: "T1",
        summary: "Foundation Calendar.date(byAdding: .hour, value: 24) adds 86 400 absolute seconds: across DST the wall time shifts by the DST delta (09:00 -> 10:00 after spring-forward).",
        source: "swift-foundation Calendar_Gregorian.swift add(_:to:amount:inTimeZone:) (keepWallTime = false for .hour)",
        confidence: .high)
    /// Foundation `.day, 1` keeps the wall time.
    public static let t2 = OSRule(
        id: "T2",
        summary: "Foundation Calendar.date(byAdding: .day, value: 1) keeps the wall-clock time across DST (a repeated hour rewinds to its first occurrence; a nonexistent result moves past the gap).",
        source: "swift-foundation Calendar_Gregorian.swift add(_:to:amount:inTimeZone:) (keepWallTime = true for .day)",
        confidence: .high)
    /// Foundation matching policies in a gap.
    public static let t3 = OSRule(
        id: "T3",
        summary: "Foundation nextDate(after:matching:matchingPolicy:): a nonexistent wall time resolves by the policy: .nextTimePreservingSmallerComponents 02:37 -> 03:37, .nextTime -> 03:00, .previousTimePreservingSmallerComponents -> 01:37, .strict -> a day where it exists.",
        source: "developer.apple.com/documentation/foundation/calendar/matchingpolicy",
        confidence: .high)
    /// Foundation repeated-time policy.
    public static let t4 = OSRule(
        id: "T4",
        summary: "Foundation Calendar.RepeatedTimePolicy: a repeated (ambiguous) wall time resolves to its .first or .last occurrence.",
        source: "developer.apple.com/documentation/foundation/calendar/repeatedtimepolicy",
        confidence: .high)
    /// `Date + TimeInterval` is absolute.
    public static let t5 = OSRule(
        id: "T5",
        summary: "Date + TimeInterval adjusts absolute time only; adding 86 400 s crosses DST like T1.",
        source: "developer.apple.com/documentation/foundation/date/+=(_:_:)",
        confidence: .high)
    /// java.time atZone in a gap and an overlap.
    public static let t6 = OSRule(
        id: "T6",
        summary: "java.time LocalDateTime.atZone: in a gap the wall time moves later by the gap length (02:30 -> 03:30); in an overlap the earlier offset is used.",
        source: "java.time.ZonedDateTime javadoc (of, ofLocal); LocalDateTime.atZone",
        confidence: .high)
    /// java.time plusDays vs plusHours.
    public static let t7 = OSRule(
        id: "T7",
        summary: "java.time plusDays works on the local time-line (wall time kept, gap forward, overlap keeps the offset); plusHours and millisecond arithmetic work on the instant time-line (exact elapsed time).",
        source: "java.time.ZonedDateTime javadoc (plusDays, plusHours)",
        confidence: .high)
    /// Wall clock vs monotonic clock.
    public static let t8 = OSRule(
        id: "T8",
        summary: "The wall clock (currentTimeMillis, Date()) is UTC and jumps when the clock is set; elapsedRealtime / systemUptime is monotonic since boot and restarts at zero at every boot.",  // dnsim-host-ok: names the platform APIs, reads nothing
        source: "AlarmManager constants; SystemClock javadoc; Apple ProcessInfo.systemUptime",
        confidence: .high)

    /// The time-library rules, in id order.
    public static let timeCatalogue: [OSRule] = [t1, t2, t3, t4, t5, t6, t7, t8]
}
