import DNSimCalendar
import DNSimCore

/// The clocks a device shows its software, derived from the simulation's true time.
///
/// - The **wall clock** (`System.currentTimeMillis()`, `Date()` — modelled, never read; dnsim-host-ok) is true time plus an offset that
///   a manual clock change or a network (NTP) correction sets (fact T8).
/// - **Elapsed realtime** (`SystemClock.elapsedRealtime()`) counts from boot, runs during sleep,
///   and restarts at zero on every boot (T8, A13).
/// - **Uptime** counts from boot too; dnsim does not model CPU deep sleep, so it equals elapsed
///   realtime. (Stated here so nobody relies on a difference.)
/// - The **time zone** is an IANA id that the user or the network can change at any moment.
public struct DeviceClock: Sendable {
    /// Wall clock minus true time.
    public private(set) var wallOffset: SimDuration = .zero
    /// The true instant of the last boot.
    public private(set) var bootInstant: SimInstant
    /// The device's current time zone.
    public private(set) var zone: Zone

    /// Creates a clock that booted at `bootInstant` with a correct wall clock.
    public init(bootInstant: SimInstant, zone: Zone) {
        self.bootInstant = bootInstant
        self.zone = zone
    }

    /// The wall-clock reading at true time `now`, in ms since the epoch.
    public func wallMillis(at now: SimInstant) -> Int64 { (now + wallOffset).millisecondsSinceEpoch }

    /// The wall-clock reading as an instant (what the device believes the time is).
    public func wallInstant(at now: SimInstant) -> SimInstant { now + wallOffset }

    /// The true instant at which the wall clock will read `wallMillis`, if nobody changes it.
    public func trueInstant(forWallMillis wallMillis: Int64) -> SimInstant {
        SimInstant(millisecondsSinceEpoch: wallMillis) - wallOffset
    }

    /// Milliseconds since the last boot.
    public func elapsedRealtime(at now: SimInstant) -> Int64 { (now - bootInstant).milliseconds }

    /// The local date and time the device shows at true time `now`.
    public func localDateTime(at now: SimInstant) -> LocalDateTime { zone.localDateTime(at: wallInstant(at: now)) }

    /// Sets the wall clock so that it reads `wallMillis` at true time `now`.
    public mutating func setWallClock(to wallMillis: Int64, at now: SimInstant) {
        wallOffset = SimDuration(milliseconds: wallMillis - now.millisecondsSinceEpoch)
    }

    /// Changes the device's zone; the wall clock (UTC) does not move.
    public mutating func setZone(_ zone: Zone) { self.zone = zone }

    /// Restarts the boot-relative clocks at `now`.
    public mutating func boot(at now: SimInstant) { bootInstant = now }
}
