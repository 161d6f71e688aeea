import DNSimCore

/// An OS model that writes its decisions to the run's trace.
protocol TraceWriting: AnyObject {
    /// The engine whose trace and clock the model uses.
    var sim: Simulator<DeviceEvent> { get }
}

// The `trace` methods are always inlined into the model that calls them: there `self.sim` is
// the concrete model's stored engine, read without the protocol witness's retain and release
// (440 000 records of an Android year; 1.2 % of its instructions).
extension TraceWriting {
    /// Calls `body` with the engine and its recorder, borrowed for the call: neither is
    /// retained and released around it, as a plain read of each would be (every record of a
    /// run comes here). The model holds its engine, and the engine its recorder, for as long
    /// as the model lives.
    @inline(__always)
    func withRecorder<R>(_ body: (Simulator<DeviceEvent>, TraceRecorder) -> R) -> R {
        Unmanaged.passUnretained(sim)._withUnsafeGuaranteedRef { sim in
            Unmanaged.passUnretained(sim.trace)._withUnsafeGuaranteedRef { trace in body(sim, trace) }
        }
    }

    /// Records what the OS did at the current time, naming the rule that decided it; the cause
    /// defaults to the record that caused the event being dispatched. `tag` is the value of a
    /// detail such a record may be counted by
    /// (``TraceRecorder/record(at:subsystem:kind:rule:cause:details:summary:extras:tag:)``).
    ///
    /// An OS record's summary (what indexes read of it) is the extras of the item it is about
    /// (``trace(_:_:rule:cause:_:extras:_:)``): one written without extras has an empty one, so a
    /// run that keeps no trace builds none of its details to look for an occurrence.
    @discardableResult @inline(__always)
    func trace(
        _ subsystem: String, _ kind: String, rule: OSRule? = nil, cause: Int32? = nil,
        _ details: @autoclosure () -> [TraceDetail] = [], tag: String? = nil
    ) -> Int32 {
        withRecorder { sim, trace in
            trace.record(
                at: sim.now, subsystem: subsystem, kind: kind, rule: rule?.id, cause: cause ?? sim.currentCause,
                details: details(), summary: [], tag: tag)
        }
    }

    /// Records what happened with a summary: the few of `details` that indexes read, which a
    /// run that keeps no trace builds instead of all of them when that is all it reads, and the
    /// `tag` such a record may be counted by
    /// (``TraceRecorder/record(at:subsystem:kind:rule:cause:details:summary:extras:tag:)``).
    @discardableResult @inline(__always)
    func trace(
        _ subsystem: String, _ kind: String, rule: OSRule? = nil, cause: Int32? = nil,
        _ details: @autoclosure () -> [TraceDetail], summary: @autoclosure () -> [TraceDetail], tag: String? = nil
    ) -> Int32 {
        withRecorder { sim, trace in
            trace.record(
                at: sim.now, subsystem: subsystem, kind: kind, rule: rule?.id, cause: cause ?? sim.currentCause,
                details: details(), summary: summary(), tag: tag)
        }
    }

    /// Records what the OS did about an item that carries extras (an Intent's extras, a
    /// request's `userInfo`): its details are `details`, an `extra.<key>` detail per pair, then
    /// `more`. A run that keeps no trace and reads only the extras builds no detail: the record
    /// reaches its observer with the item's extras as they are (``TraceRecord/extras``).
    @discardableResult @inline(__always)
    func trace(
        _ subsystem: String, _ kind: String, rule: OSRule? = nil, cause: Int32? = nil,
        _ details: @autoclosure () -> [TraceDetail], extras: [StringPair], _ more: @autoclosure () -> [TraceDetail] = []
    ) -> Int32 {
        withRecorder { sim, trace in
            trace.record(
                at: sim.now, subsystem: subsystem, kind: kind, rule: rule?.id, cause: cause ?? sim.currentCause,
                details: .details(details(), extras: extras, more()), extras: extras)
        }
    }
}

extension AndroidSystem: TraceWriting {}
extension IOSSystem: TraceWriting {}
extension ElectronSystem: TraceWriting {}
