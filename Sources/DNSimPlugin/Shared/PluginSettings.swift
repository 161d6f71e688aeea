/// Settings the app changes at run time through `configure` / `updateSettings`; each one, when
/// set, overrides the build's default. Kept in the plugin's store, so they survive restarts.
public struct PluginSettings: Sendable, Equatable {
    /// Overrides ``FreshnessPolicy/ttlSeconds``.
    public var ttlSeconds: Int64?
    /// Overrides ``FreshnessPolicy/staleAction``.
    public var staleAction: FreshnessPolicy.StaleAction?
    /// Overrides ``FreshnessPolicy/prefetchLeadMinutes``.
    public var prefetchLeadMinutes: Int?

    /// No overrides.
    public init(ttlSeconds: Int64? = nil, staleAction: FreshnessPolicy.StaleAction? = nil, prefetchLeadMinutes: Int? = nil) {
        self.ttlSeconds = ttlSeconds
        self.staleAction = staleAction
        self.prefetchLeadMinutes = prefetchLeadMinutes
    }

    /// `updateSettings(changes)`: the given fields replace the current ones; the rest stay.
    public mutating func merge(_ changes: PluginSettings) {
        if let value = changes.ttlSeconds { ttlSeconds = value }
        if let value = changes.staleAction { staleAction = value }
        if let value = changes.prefetchLeadMinutes { prefetchLeadMinutes = value }
    }

    /// `policy` with these settings applied.
    public func applied(to policy: FreshnessPolicy) -> FreshnessPolicy {
        var result = policy
        if let ttlSeconds { result.ttlSeconds = ttlSeconds }
        if let staleAction { result.staleAction = staleAction }
        if let prefetchLeadMinutes { result.prefetchLeadMinutes = prefetchLeadMinutes }
        return result
    }
}
