import DNSimCore

/// One timer the running Electron process set.
struct ElectronTimer {
    var id: Int32
    var tag: String
    /// When it was due when set (true time); lateness is measured from here.
    var due: SimInstant
    /// When it is planned to fire (later than ``due`` after a sleep).
    var fireAt: SimInstant
    var handle: EventHandle?
}
