import DNSimCalendar
import DNSimCore
import DNSimPlatforms

extension IOSDailyNotificationPlugin {
    /// What the last complete re-arming pass (``armAll(context:pending:)``) read and left behind.
    ///
    /// A pass is a function of the pending list, the slots, the zone, the freshness rules and
    /// the store's armed list (the policy and build are the plugin's own and fixed; the clock
    /// matters only for a request the pass would add). A pass that ended with every request of
    /// every window pending, as added, leaves a state in which the same pass would remove
    /// nothing (its surplus is gone), add nothing (every request is held) and note nothing new:
    /// so a later pass that finds all of its inputs as this one left them only writes each
    /// slot's `armed` record, as the full pass would. The app reopened with nothing changed (a
    /// second launch in a day; the launch's reconcile and the midnight time change the system
    /// held for it, I13) is such a pass.
    ///
    /// Like ``windowMemos`` it is in-process state: a new process starts without it.
    struct PassMemo {
        /// The pending list as the pass left it (`getPendingNotificationRequests`).
        var pending: [IOSNotificationRequest]
        /// The slots the pass armed.
        var slots: [PluginStore.Slot]
        /// The device's zone during the pass.
        var zone: Zone
        /// The freshness rules in force.
        var rules: FreshnessPolicy
        /// ``IOSPluginStore/armedRevision`` after the pass.
        var armedRevision: Int
        /// The number of requests in each slot's window, in the order of ``slots``.
        var windowSizes: [Int]

        /// Whether a pass with these inputs would find everything as this pass left it. The
        /// lists compare in constant time while they are the very arrays the pass saw (the
        /// system's pending list is kept between changes).
        func isUnchanged(
            pending: [IOSNotificationRequest], slots: [PluginStore.Slot], zone: Zone, rules: FreshnessPolicy, armedRevision: Int
        ) -> Bool {
            self.armedRevision == armedRevision && self.zone == zone && self.rules == rules && self.slots == slots
                && self.pending == pending
        }
    }

    /// Whether a full pass over `slots` with the pending list `listed` would remove, add and
    /// note nothing, each slot's window having the size in `windowSizes`: what a pass that
    /// finds ``PassMemo`` unchanged takes for granted. Checked in debug builds only (it may
    /// compute and keep a slot's window, a cache).
    func passWouldChangeNothing(
        slots: [PluginStore.Slot], listed: [IOSNotificationRequest], windowSizes: [Int], context: Context
    ) -> Bool {
        let pending = IOSPendingSnapshot(listed)
        let days = windowDays(others: pending.others, context: context)
        let store = context.withStorage { $0 }
        var named: Set<String> = []
        for (slot, size) in zip(slots, windowSizes) {
            let window = windowRequests(for: slot, context: context, days: days)
            guard window.count == size else { return false }
            for entry in window {
                let identifier = entry.request.identifier
                guard pending.holds(entry.request), store.isArmed(identifier), store.armedDue(identifier) == entry.due else {
                    return false
                }
                named.insert(identifier)
            }
        }
        return slots.count == windowSizes.count
            && listed.allSatisfy { !$0.identifier.hasASCIIPrefix(IOSPluginBuild.requestPrefix) || named.contains($0.identifier) }
    }
}
