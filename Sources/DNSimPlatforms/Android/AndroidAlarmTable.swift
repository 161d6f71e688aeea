import DNSimCore

/// The alarms AlarmManager holds, keyed as the system keys them: at most one per PendingIntent
/// identity (request code + `filterEquals`), so setting an equal PendingIntent replaces (A12).
///
/// Iteration follows the order the alarms were set (a replacement goes to the end), as the
/// trace requires; lookup by identity or by the position a due event carries is O(1), and so is
/// removal (amortised), however many alarms a run has set.
struct AndroidAlarmTable {
    /// Where a held alarm stands in the table, for the calls that look an alarm up and then
    /// change it: valid while that alarm (``serial``) is held, whatever else is set or removed.
    /// A due event carries its alarm's position (``AndroidEvent/alarmDue(slot:serial:)``), so
    /// firing finds the alarm without a look-up by serial.
    struct Position: Equatable {
        /// The alarm's slot in the table (``InsertionOrderedMap/slot(forKey:)``): it keeps it
        /// while held, and another alarm may take it after.
        let slot: Int32
        /// The serial of the alarm held there.
        let serial: Int32
    }

    private var byIdentity = InsertionOrderedMap<AndroidPendingIntent.Identity, AndroidAlarm>()

    /// The alarms, in the order they were set.
    var alarms: [AndroidAlarm] { byIdentity.values }
    /// How many alarms are held.
    var count: Int { byIdentity.count }

    /// The alarm held for `identity`.
    subscript(identity: AndroidPendingIntent.Identity) -> AndroidAlarm? { byIdentity[identity] }

    /// The alarm held at `position`.
    subscript(position: Position) -> AndroidAlarm { check(position, byIdentity.value(inSlot: Int(position.slot))) }

    /// Where the alarm held for `identity` stands.
    @inline(__always)
    func position(of identity: AndroidPendingIntent.Identity) -> Position? {
        byIdentity.slot(forKey: identity).map { slot in Position(slot: Int32(slot), serial: byIdentity.read(inSlot: slot) { $0.serial }) }
    }

    /// `position` if the alarm it names is still held there (its slot holds that serial), else
    /// `nil`: the alarm was removed since, and the slot may hold another.
    func stillHeld(_ position: Position) -> Position? {
        byIdentity.readIfLive(inSlot: Int(position.slot)) { $0.serial } == position.serial ? position : nil
    }

    /// Holds `alarm` for its identity, after every other alarm, and returns where it stands.
    /// `replacing` is where the alarm that identity held stands (``position(of:)``), `nil`
    /// when it held none: that alarm is dropped (a replacement goes to the end, A12).
    @discardableResult
    mutating func set(_ alarm: consuming AndroidAlarm, replacing held: Position?) -> Position {
        // The alarm is taken into the table, not copied.
        let serial = alarm.serial
        if let held {
            assert(
                byIdentity.read(inSlot: Int(held.slot)) { $0.operation.identity } == alarm.operation.identity,
                "the position of another identity's alarm")
            let replaced = byIdentity.moveToEnd(alarm, inSlot: Int(held.slot))
            precondition(replaced.serial == held.serial, "a stale alarm position")
            return Position(slot: held.slot, serial: serial)
        }
        let identity = alarm.operation.identity
        return Position(slot: Int32(byIdentity.appendAbsent(alarm, for: identity)), serial: serial)
    }

    /// Removes and returns the alarm held at `position`.
    mutating func remove(at position: Position) -> AndroidAlarm {
        check(position, byIdentity.remove(inSlot: Int(position.slot)))
    }

    /// Mutates the alarm held at `position` in place (not its serial or operation).
    mutating func update(at position: Position, _ body: (inout AndroidAlarm) -> Void) {
        byIdentity.update(inSlot: Int(position.slot)) { alarm in
            precondition(alarm.serial == position.serial, "a stale alarm position")
            body(&alarm)
        }
    }

    /// `alarm`, checked to be the one `position` names.
    private func check(_ position: Position, _ alarm: consuming AndroidAlarm) -> AndroidAlarm {
        precondition(alarm.serial == position.serial, "a stale alarm position")
        return alarm
    }

    /// Removes and returns the alarm held for `identity`.
    mutating func remove(_ identity: AndroidPendingIntent.Identity) -> AndroidAlarm? {
        byIdentity.removeValue(forKey: identity)
    }

    /// Removes the alarms that satisfy `shouldRemove`; returns them in the order they were set.
    @discardableResult
    mutating func removeAll(where shouldRemove: (AndroidAlarm) -> Bool) -> [AndroidAlarm] {
        byIdentity.removeAll(where: shouldRemove)
    }

    /// Removes every alarm.
    mutating func removeAll() {
        // The app sets its alarms again after a force stop or a reboot: the storage is kept.
        byIdentity.removeAll(keepingCapacity: true)
    }

    /// Mutates every alarm in place, in the order they were set, telling `body` where each
    /// stands; `body` must not reach the table.
    mutating func updateEach(_ body: (Position, inout AndroidAlarm) -> Void) {
        byIdentity.updateEachInSlot { slot, alarm in body(Position(slot: Int32(slot), serial: alarm.serial), &alarm) }
    }
}
