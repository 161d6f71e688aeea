/// Every decision that distinguishes one version of the plugin's logic from another, named.
///
/// The plugin's code asks its policy, never a profile name: "which rollover arithmetic?",
/// "what runs at launch?", "which receivers are declared?". The three profiles are presets of
/// this value (``PluginPolicy/preset(_:)``), shipped as `profiles/<name>.json` with a comment
/// per decision citing the seed passage or OS fact behind it; a plugin team describes its own
/// code the same way (`dnsim run … --policy FILE`, `extends` + overrides).
///
/// Decisions are grouped by platform, and a platform's side reads only its own group, so the
/// groups are independent: flipping an Android decision can change only Android runs. Each
/// decision's options say what they mean, where they come from, and which seed claim
/// (`os-facts.md` §11) the seeds' option exposes.
public struct PluginPolicy: Sendable, Hashable {
    /// The policy's name: a preset's profile name (`as-found`, `directive`, `corrected`) or the
    /// name a user policy file gives. Printed in every report; ignored by the digest.
    public var name: String
    /// The Android side's decisions.
    public var android: Android
    /// The iOS side's decisions.
    public var ios: IOS
    /// The Electron side's decisions.
    public var electron: Electron

    /// Creates a policy from its parts.
    public init(name: String, android: Android, ios: IOS, electron: Electron) {
        self.name = name
        self.android = android
        self.ios = ios
        self.electron = electron
    }

    // MARK: - Shared option types

    /// How stale content is kept from the user (seed 004 §4 "TTL-at-fire").
    public enum TTLEnforcement: String, Sendable, CaseIterable {
        /// No TTL at all: whatever content was fetched is shown, however old. Seed 000 describes
        /// a ContentCache "with TTL" but no code that checks it at fire.
        case none
        /// Seed 004 §4 as written: "If (T − fetchedAt) > ttlSeconds → skip arming": a stale
        /// occurrence is not armed at all, whatever the stale action; only a later successful
        /// fetch arms it again. Exposes S29 (tomorrow is always stale when a today-and-tomorrow
        /// window is armed with TTL ≤ 24 h + lead).
        case skipArming
        /// Stale content is never shown; the stale action (skip, or the static template) decides
        /// the occurrence. Checked at fire where app code runs at delivery (Android receiver,
        /// Electron timer), and per occurrence when arming on iOS (no app code at delivery, I6).
        case staleAction
    }

    /// Whether a stored record that no longer deserializes stops the whole restore.
    public enum RestoreTolerance: String, Sendable, CaseIterable {
        /// A throwing deserializer: one unreadable record and nothing is restored (the seeds and
        /// seed 000's code say nothing about it).
        case strict
        /// Skip the unreadable record, restore the rest, and say so.
        case skipCorrupt
    }

    /// Whether a receiver is in the manifest.
    public enum Declaration: String, Sendable, CaseIterable {
        /// Not declared: the broadcast never reaches the app.
        case absent
        /// Declared.
        case declared
    }
}
