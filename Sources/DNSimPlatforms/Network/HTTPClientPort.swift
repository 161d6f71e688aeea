import DNSimCore

/// The app's HTTP client (OkHttp / URLSession / Electron `net`): a conditional GET of the
/// plugin's content and a fire-and-forget ACK, through whatever network the device has.
///
/// Calls complete before they return, so runs stay deterministic; the time a call took is
/// reported in the trace and by the result, and a background worker counts it as run time.
///
/// Like the app contexts that hand it out, a port lives for the length of one call and never
/// outlives the system that made it (which holds the server and the recorder): it refers to
/// them unretained, so making one counts no references.
public struct HTTPClientPort {
    let server: Unmanaged<ContentServer>?
    let now: SimInstant
    let online: Bool
    let trace: Unmanaged<TraceRecorder>
    let streams: RandomStreams
    let cause: Int32

    /// Creates the port for a call made at `now`; `server` and `trace` must outlive it.
    init(server: ContentServer?, now: SimInstant, online: Bool, trace: TraceRecorder, streams: RandomStreams, cause: Int32) {
        self.server = server.map { Unmanaged.passUnretained($0) }
        self.now = now
        self.online = online
        self.trace = Unmanaged.passUnretained(trace)
        self.streams = streams
        self.cause = cause
    }

    /// The random streams of fetches (`network.fetch.<ms>`) and ACKs (`network.ack.<ms>.<n>`).
    private static let fetchStream = RandomStreams.NamePrefix("network.fetch")
    private static let ackStream = RandomStreams.NamePrefix("network.ack")

    /// `GET /content` with `If-None-Match`; 12 s timeout (seed 004 §7).
    public func fetchContent(ifNoneMatch etag: String?) -> (ContentServer.FetchResult, SimDuration) {
        guard let server else { return (.offline, .zero) }
        return server._withUnsafeGuaranteedRef { server in
            trace._withUnsafeGuaranteedRef { fetchContent(from: server, ifNoneMatch: etag, trace: $0) }
        }
    }

    /// ``fetchContent(ifNoneMatch:)`` from `server`, recorded in `trace`.
    private func fetchContent(
        from server: ContentServer, ifNoneMatch etag: String?, trace: TraceRecorder
    ) -> (ContentServer.FetchResult, SimDuration) {
        var random = streams.stream(named: Self.fetchStream, now.millisecondsSinceEpoch)
        let (result, took) = server.fetch(at: now, ifNoneMatch: etag, online: online, random: &random)
        let outcome = TraceDetail("result", result.name)
        func details() -> [TraceDetail] {
            var details = [outcome, TraceDetail("tookMillis", took.milliseconds)]
            if case .content(let version, _) = result { details.append(TraceDetail("version", version)) }
            return details
        }
        // A run that keeps no trace reads only the result (its summary, and its tag).
        trace.record(
            at: now, subsystem: "network", kind: "content.fetch", cause: cause, details: details(), summary: [outcome], tag: result.name)
        return (result, took)
    }

    /// A fire-and-forget ACK with an 8 s timeout (seed 004 §7); the payload is traced.
    public func acknowledge(_ payload: [TraceDetail]) {
        acknowledge(count: payload.count, payload)
    }

    /// ``acknowledge(_:)`` of a payload of `count` details that is built only if the trace
    /// reads it (a run that keeps no trace reads only whether the ACK arrived).
    public func acknowledge(count: Int, _ payload: @autoclosure () -> [TraceDetail]) {
        guard let server else { return }
        server._withUnsafeGuaranteedRef { server in
            trace._withUnsafeGuaranteedRef { acknowledge(to: server, count: count, payload(), trace: $0) }
        }
    }

    /// ``acknowledge(count:_:)`` to `server`, recorded in `trace`.
    private func acknowledge(
        to server: ContentServer, count: Int, _ payload: @autoclosure () -> [TraceDetail], trace: TraceRecorder
    ) {
        var random = streams.stream(named: Self.ackStream, now.millisecondsSinceEpoch, Int64(count))
        let (delivered, took) = server.acknowledge(online: online, random: &random)
        let outcome = TraceDetail("delivered", delivered ? "true" : "false")
        trace.record(
            at: now, subsystem: "network", kind: "telemetry.ack", cause: cause,
            details: [outcome, TraceDetail("tookMillis", took.milliseconds)] + payload(), summary: [outcome], tag: outcome.value)
    }
}
