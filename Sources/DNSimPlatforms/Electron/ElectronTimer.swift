import DNSimCore

/// One timer the running Electron process set, with what its callback captures (`Tag`: the
/// app's ``ElectronApplication/TimerTag``).
struct ElectronTimer<Tag> {
    var id: Int32
    var tag: Tag
    /// When it was due when set (true time); lateness is measured from here.
    var due: SimInstant
    /// When it is planned to fire (later than ``due`` after a sleep).
    var fireAt: SimInstant
    var handle: EventHandle?
}
