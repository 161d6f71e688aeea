extension FreshnessPolicy {
    /// The default policy of a profile: the seeds' plan skips stale occurrences (seed 004 §4);
    /// `corrected` falls back to the static template, so a failed prefetch never costs the user
    /// the notification and never shows stale content; `as-found` (seed 000) enforces no TTL.
    public static func `default`(for profile: PluginProfile) -> FreshnessPolicy {
        FreshnessPolicy(staleAction: profile == .corrected ? .fallback : .skip)
    }

    /// Whether the profile enforces the TTL at all.
    public static func enforcesTTL(_ profile: PluginProfile) -> Bool { profile != .asFound }
}
