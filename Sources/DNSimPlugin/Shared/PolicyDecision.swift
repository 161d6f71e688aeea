import DNSimCore
import Synchronization

/// One named decision of a ``PluginPolicy``, as policy files, the policy schema, digests and
/// `dnsim ablate` see it: a dotted key (`android.rollover`), what it decides, its options, the
/// seed claims it embodies, and how to read it from and write it into a policy.
public struct PolicyDecision: Sendable {
    /// The values a decision takes.
    public enum Kind: Sendable {
        /// One of these names.
        case choice([String])
        /// An integer in this range.
        case integer(ClosedRange<Int>)
    }

    /// The key in policy files, `<platform>.<name>`.
    public let key: String
    /// One line: what the decision decides.
    public let summary: String
    /// Its values.
    public let kind: Kind
    /// The seed claims (`os-facts.md` §11) whose plan this decision embodies.
    public let seedClaims: [String]
    private let read: @Sendable (PluginPolicy) -> JSONValue
    private let write: @Sendable (inout PluginPolicy, JSONValue) -> Bool

    /// The platform whose side reads the decision: the key's first component.
    public var platform: String { String(key.prefix { $0 != "." }) }

    /// The decision's value in `policy`: a string for a choice, an integer for a number.
    public func value(in policy: PluginPolicy) -> JSONValue { read(policy) }

    /// Sets the decision in `policy`; returns `false` (leaving it unchanged) when `value` is not
    /// one of its values.
    @discardableResult
    public func set(_ value: JSONValue, in policy: inout PluginPolicy) -> Bool { write(&policy, value) }

    /// What the decision accepts, for messages: `one of "a", "b"` or `an integer from 0 to 60`.
    public var expected: String {
        switch kind {
        case .choice(let names): return "one of " + names.map { "\"\($0)\"" }.joined(separator: ", ")
        case .integer(let range): return "an integer from \(range.lowerBound) to \(range.upperBound)"
        }
    }

    /// A choice decision stored at `path`.
    static func choice<E: RawRepresentable & CaseIterable & Sendable>(
        _ key: String, _ summary: String, claims: [String] = [], _ path: any WritableKeyPath<PluginPolicy, E> & Sendable
    ) -> PolicyDecision where E.RawValue == String {
        PolicyDecision(
            key: key, summary: summary, kind: .choice(E.allCases.map(\.rawValue)), seedClaims: claims,
            read: { .string($0[keyPath: path].rawValue) },
            write: { policy, value in
                guard case .string(let name) = value, let choice = E(rawValue: name) else { return false }
                policy[keyPath: path] = choice
                return true
            })
    }

    /// An integer decision stored at `path`.
    static func integer(
        _ key: String, _ summary: String, claims: [String] = [], range: ClosedRange<Int>,
        _ path: any WritableKeyPath<PluginPolicy, Int> & Sendable
    ) -> PolicyDecision {
        PolicyDecision(
            key: key, summary: summary, kind: .integer(range), seedClaims: claims,
            read: { .integer(Int64($0[keyPath: path])) },
            write: { policy, value in
                guard case .integer(let number) = value, let int = Int(exactly: number), range.contains(int) else { return false }
                policy[keyPath: path] = int
                return true
            })
    }
}

extension PluginPolicy {
    /// Every decision, in the order policy files, reports and `dnsim ablate` list them.
    public static let decisions: [PolicyDecision] = [
        .choice(
            "android.rollover", "How the next occurrence is computed: +24 h (seed 003) or the next local date's wall time.",
            claims: ["S1"], \.android.rollover),
        .integer("android.windowDays", "How many days of each slot are armed ahead (1: a chain).", range: 1...14, \.android.windowDays),
        .choice("android.exactAlarm", "The AlarmManager call for exact alarms.", claims: ["S7"], \.android.exactAlarm),
        .choice(
            "android.inexactFallback", "The AlarmManager call without the exact-alarm permission.", claims: ["S8"],
            \.android.inexactFallback),
        .choice("android.ttl", "How stale content is kept from the user (seed 004 §4).", claims: ["S29"], \.android.ttl),
        .choice("android.staleActionDefault", "The stale action unless the app sets one.", \.android.staleActionDefault),
        .choice(
            "android.missedAtDelivery", "Whether a delivery reports its slot's earlier unfired occurrences as missed.",
            \.android.missedAtDelivery),
        .choice(
            "android.lateAlarm", "Whether an alarm the OS held past the midpoint to the slot's next occurrence is still posted.",
            \.android.lateAlarm),
        .choice("android.launchRecovery", "What load() does at an app launch.", \.android.launchRecovery),
        .choice("android.bootRecovery", "What the BOOT_COMPLETED receiver does.", claims: ["S23"], \.android.bootRecovery),
        .choice("android.recovery", "How a recovery places each slot's next occurrence.", \.android.recovery),
        .choice(
            "android.forceStopDetection", "How the plugin concludes the app was force-stopped.", claims: ["S11"],
            \.android.forceStopDetection),
        .integer(
            "android.missedGraceMinutes", "Minutes within which a passed occurrence is still delivered late.",
            claims: ["S30"], range: 0...60, \.android.missedGraceMinutes),
        .choice("android.restore", "Whether one unreadable stored record stops the whole restore.", \.android.restore),
        .choice(
            "android.directBoot", "Whether the schedule is re-armed before the first unlock (A33).", claims: ["S23"],
            \.android.directBoot),
        .choice(
            "android.timeChangeReceivers", "TIME_SET and TIMEZONE_CHANGED receivers.", claims: ["S23"],
            \.android.timeChangeReceivers),
        .choice("android.packageReplacedReceiver", "The MY_PACKAGE_REPLACED receiver (A35).", \.android.packageReplacedReceiver),
        .choice(
            "android.exactPermissionReceiver", "The exact-alarm permission state receiver (A24).",
            \.android.exactPermissionReceiver),

        .choice("ios.trigger", "What is armed per slot: one repeating trigger or dated one-shot requests.", \.ios.trigger),
        .choice("ios.rollover", "How later days are placed: +24 h (seed 003) or each local date's wall time.", claims: ["S1"], \.ios.rollover),
        .integer("ios.windowDays", "Days of dated requests per slot, at most.", range: 1...64, \.ios.windowDays),
        .choice("ios.windowSizing", "Whether the window is shrunk to fit the 64 pending requests (I1).", claims: ["S22"], \.ios.windowSizing),
        .choice("ios.ttl", "How stale content is kept from the user (seed 004 §4).", claims: ["S29"], \.ios.ttl),
        .choice("ios.staleActionDefault", "The stale action unless the app sets one.", \.ios.staleActionDefault),
        .choice("ios.permissionCheck", "Whether scheduling is refused without authorization.", \.ios.permissionCheck),
        .choice(
            "ios.launchRecovery", "What runs at launch and resume.", claims: ["S6", "S15", "S27"], \.ios.launchRecovery),
        .choice("ios.refreshAction", "What the BGAppRefresh handler does after its fetch.", claims: ["S13"], \.ios.refreshAction),
        .choice(
            "ios.bgTaskMissCheck", "What load() does about a BGAppRefresh not run 15 min after its earliest date.",
            claims: ["S18"], \.ios.bgTaskMissCheck),
        .choice(
            "ios.timeChangeCallbacks", "What the app does on a clock, zone or day change notification (I13).",
            claims: ["S3", "S5"], \.ios.timeChangeCallbacks),
        .choice(
            "ios.zoneChangeCheck", "Seed 003's launch-time comparison of the stored time zone.", claims: ["S5"],
            \.ios.zoneChangeCheck),
        .choice("ios.timeJumpCheck", "Seed 003's launch-time clock-jump check.", claims: ["S4"], \.ios.timeJumpCheck),
        .choice("ios.restore", "Whether one unreadable stored record stops the whole restore.", \.ios.restore),
        .choice(
            "ios.travel", "Whether a slot already shown today is shown again after a westward zone change or a clock set back (I4).",
            \.ios.travel),
        .choice(
            "ios.ttlHorizon", "Which instant baked content must still be fresh at: the occurrence's, or the latest its wall time can fall on after a westward move (I4, I6).",
            \.ios.ttlHorizon),

        .choice("electron.rollover", "How the next occurrence is computed: +24 h (seed 003) or the next local date's wall time.", claims: ["S1"], \.electron.rollover),
        .choice("electron.ttl", "How stale content is kept from the user (seed 004 §4).", claims: ["S29"], \.electron.ttl),
        .choice("electron.staleActionDefault", "The stale action unless the app sets one.", \.electron.staleActionDefault),
        .integer(
            "electron.missedGraceMinutes", "Minutes within which a passed occurrence is still shown late.", claims: ["S30"],
            range: 0...60, \.electron.missedGraceMinutes),
        .choice("electron.launchRecovery", "What app.whenReady() does.", \.electron.launchRecovery),
        .choice("electron.timerCheck", "Whether a fired timer is judged against the wall clock (E3).", \.electron.timerCheck),
    ]

    /// The decision with this key.
    public static func decision(_ key: String) -> PolicyDecision? { decisions.first { $0.key == key } }

    /// The decisions whose values differ between `self` and `other`, in ``decisions`` order.
    public func differences(from other: PluginPolicy) -> [PolicyDecision] {
        Self.decisions.filter { $0.value(in: self) != $0.value(in: other) }
    }

    /// The decisions' values as one JSON object, keyed by decision (no name, no comments): what
    /// the digest is taken of.
    public var canonicalJSON: String {
        JSONWriter.string(.object(JSONObject(Self.decisions.map { (key: $0.key, value: $0.value(in: self)) })), style: .compact)
    }

    /// FNV-1a 64 of ``canonicalJSON``, 16 hex digits: two policies that decide everything alike
    /// have the same digest, whatever their names and comments.
    ///
    /// Computed once per distinct policy in a process (a process-wide memo): reports,
    /// results and matrix rows quote it for every run.
    public var digest: String {
        if let known = Self.digestMemo.withLock({ $0[self] }) { return known }
        let digest = FNV1a.hex(FNV1a.hash64(canonicalJSON))
        Self.digestMemo.withLock { memo in
            // Exploration and ablation make many policies; keep the memo small.
            if memo.count >= 256 { memo.removeAll() }
            memo[self] = digest
        }
        return digest
    }

    /// The digests already computed, by policy.
    private static let digestMemo = Mutex<[PluginPolicy: String]>([:])
}
