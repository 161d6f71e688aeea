/// The content-freshness rules shared by every platform (seed 004): one fetch per slot at
/// T–lead, content rendered before arming, and TTL-at-fire.
public struct FreshnessPolicy: Sendable, Hashable {
    /// What to do with an occurrence whose content would be older than the TTL at its time.
    public enum StaleAction: String, Sendable, CaseIterable {
        /// Do not arm (or, where app code runs at delivery, do not post) it — seed 004 as written.
        case skip
        /// Deliver it with the static template only, never with the stale content.
        case fallback
    }

    /// The verdict for one occurrence.
    public enum Verdict: String, Sendable {
        /// Content exists and is within the TTL at the occurrence's time.
        case fresh
        /// No content was ever fetched: the static template is all there is.
        case noContent
        /// Content exists but would be older than the TTL at the occurrence's time.
        case stale
    }

    /// Content older than this at fire time is stale (`ttlSeconds`).
    public var ttlSeconds: Int64
    /// What happens to a stale occurrence.
    public var staleAction: StaleAction
    /// Minutes before each slot at which the single prefetch attempt runs (`prefetchLeadMinutes`).
    public var prefetchLeadMinutes: Int

    /// Creates a policy.
    /// The default TTL is 48 h: with 24 h, the seed's "skip arming when stale" would never arm
    /// tomorrow's occurrence of a today-and-tomorrow window (claim S29 in the seed-claims audit).
    public init(ttlSeconds: Int64 = 172_800, staleAction: StaleAction = .skip, prefetchLeadMinutes: Int = 5) {
        self.ttlSeconds = ttlSeconds
        self.staleAction = staleAction
        self.prefetchLeadMinutes = prefetchLeadMinutes
    }

    /// TTL-at-fire (seed 004 §4): `(whenMs − fetchedAt) > ttlSeconds·1000 → stale`.
    public func verdict(runAt: Int64, fetchedAt: Int64?) -> Verdict {
        guard let fetchedAt else { return .noContent }
        return runAt - fetchedAt > ttlSeconds * 1000 ? .stale : .fresh
    }

    /// The policy as printed key–value pairs.
    public var described: [(String, String)] {
        [
            ("plugin.ttlSeconds", String(ttlSeconds)), ("plugin.staleAction", staleAction.rawValue),
            ("plugin.prefetchLeadMinutes", String(prefetchLeadMinutes)),
        ]
    }
}
