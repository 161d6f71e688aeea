import DNSimCalendar
import DNSimCore

/// The plugin's content server and the path to it: versions published at scripted times, ETags
/// and `304 Not Modified`, a seeded latency, scripted faults, and the seed's timeouts (seed 004
/// §7: content fetch 12 s, ACK 8 s).
///
/// It is part of the device's environment, not of an OS model; the OS models hand it to the app
/// through their HTTP ports and decide whether the device has a network at all.
public final class ContentServer {
    /// A fault the server or the path to it can be put into by a scenario step.
    public enum Fault: String, Sendable, CaseIterable {
        /// Normal service.
        case none
        /// Requests hang: the client gives up at its timeout.
        case timeout
        /// HTTP 5xx.
        case serverError
        /// HTTP 200 with a body that does not parse.
        case malformed
    }

    /// What one content fetch returned.
    public enum FetchResult: Sendable, Equatable {
        /// HTTP 200 with a new version.
        case content(version: Int, etag: String)
        /// HTTP 304: the client's ETag is current.
        case notModified
        /// No answer before the client's 12 s timeout.
        case timedOut
        /// HTTP 5xx.
        case serverError
        /// A body that does not parse.
        case malformed
        /// The device has no network.
        case offline

        /// The outcome's name in traces and metrics.
        public var name: String {
            switch self {
            case .content: return "ok"
            case .notModified: return "notModified"
            case .timedOut: return "timeout"
            case .serverError: return "serverError"
            case .malformed: return "malformed"
            case .offline: return "offline"
            }
        }

        /// Whether the client may treat its content as current afterwards.
        public var isSuccess: Bool {
            switch self {
            case .content, .notModified: return true
            default: return false
            }
        }
    }

    /// The parameters, printed in every report.
    public let parameters: ContentServerParameters
    /// The zone the daily publication time is read in.
    let zone: Zone
    /// When version 1 went up (the scenario start).
    let start: SimInstant
    /// Scripted publications (`publishContent` steps) so far.
    private(set) var manualPublications: [SimInstant] = []
    /// The fault in force.
    public internal(set) var fault = Fault.none

    /// Creates a server.
    public init(parameters: ContentServerParameters, zone: Zone, start: SimInstant) {
        self.parameters = parameters
        self.zone = zone
        self.start = start
    }

    /// The version being served at `instant`: one per daily publication since the epoch of the
    /// scenario (version 1 at the start), plus one per scripted publication.
    ///
    /// Publication instants are derived once per local date and kept in time order (a daily wall
    /// time resolves to non-decreasing instants day after day), so a query is two binary searches;
    /// the version holds from one publication to the next, and a query inside the span between
    /// the publications around the last one asked (a run's fetches and deliveries come in time
    /// order) is answered without a search.
    public func version(at instant: SimInstant) -> Int {
        if let span = versionSpan, span.from <= instant, instant < span.until { return span.version }
        let manual = Self.count(manualPublications, atOrBefore: instant)
        var version = 1 + manual
        var from = manual > 0 ? manualPublications[manual - 1] : SimInstant(millisecondsSinceEpoch: .min)
        var until = manual < manualPublications.count ? manualPublications[manual] : SimInstant(millisecondsSinceEpoch: .max)
        if parameters.newVersionDailyAt != nil {
            extendDailyPublications(through: instant)
            let daily = Self.count(dailyPublications, atOrBefore: instant)
            version += max(0, daily - Self.count(dailyPublications, atOrBefore: start))
            if daily > 0 { from = max(from, dailyPublications[daily - 1]) }
            if daily < dailyPublications.count { until = min(until, dailyPublications[daily]) }
        }
        versionSpan = VersionSpan(from: from, until: until, version: version)
        return version
    }

    /// The version served from `from` until just before `until`: the publications around the
    /// instant last asked about (forgotten when a version is published).
    private struct VersionSpan {
        var from: SimInstant
        var until: SimInstant
        var version: Int
    }
    private var versionSpan: VersionSpan?

    /// Daily publication instants, one per local date from the start's date on, derived as needed.
    private var dailyPublications: [SimInstant] = []

    /// Derives daily publications until one lies after `instant`.
    private func extendDailyPublications(through instant: SimInstant) {
        guard let time = parameters.newVersionDailyAt else { return }
        while dailyPublications.last.map({ $0 <= instant }) ?? true {
            let date = zone.localDateTime(at: start).date.adding(days: dailyPublications.count)
            guard let publication = DailyOccurrence.instant(on: date, at: time, in: zone) else { return }
            dailyPublications.append(publication)
        }
    }

    /// How many of the time-ordered `instants` are at or before `instant`.
    private static func count(_ instants: [SimInstant], atOrBefore instant: SimInstant) -> Int {
        instants.partitioningIndex { $0 > instant }
    }

    /// Publishes a new version now.
    public func publish(at instant: SimInstant) {
        manualPublications.append(instant)
        versionSpan = nil
    }

    /// Puts the server into a fault (or back to normal).
    public func setFault(_ fault: Fault) { self.fault = fault }

    /// One conditional GET (`If-None-Match`), and how long it took.
    func fetch(
        at instant: SimInstant, ifNoneMatch: String?, online: Bool,
        random: inout Xoshiro256StarStar
    ) -> (FetchResult, SimDuration) {
        guard online else { return (.offline, .zero) }
        let latency = SimDuration(milliseconds: random.next(in: parameters.latencyMinMs...parameters.latencyMaxMs))
        switch fault {
        case .timeout: return (.timedOut, parameters.fetchTimeout)
        case .serverError: return (.serverError, latency)
        case .malformed: return (.malformed, latency)
        case .none:
            if latency > parameters.fetchTimeout { return (.timedOut, parameters.fetchTimeout) }
            let version = version(at: instant)
            let etag = Self.etag(of: version)
            return ifNoneMatch == etag ? (.notModified, latency) : (.content(version: version, etag: etag), latency)
        }
    }

    /// The ETag of `version`: `"v<version>"`, quotes included (a strong validator), made in one
    /// buffer (every fetch makes one; interpolated, it took three allocations' worth of work).
    static func etag(of version: Int) -> String {
        let digits = DecimalDigits.count(Int64(version))
        return String(ascii: digits + 3) { start in
            start[0] = UInt8(ascii: "\"")
            start[1] = UInt8(ascii: "v")
            _ = DecimalDigits.write(Int64(version), to: start + 2)
            start[digits + 2] = UInt8(ascii: "\"")
        }
    }

    /// A fire-and-forget ACK: whether it arrived before the 8 s timeout.
    func acknowledge(online: Bool, random: inout Xoshiro256StarStar) -> (delivered: Bool, SimDuration) {
        guard online, fault != .timeout else { return (false, online ? parameters.ackTimeout : .zero) }
        let latency = SimDuration(milliseconds: random.next(in: parameters.latencyMinMs...parameters.latencyMaxMs))
        return latency > parameters.ackTimeout ? (false, parameters.ackTimeout) : (fault == .none, latency)
    }
}

/// The content server's parameters.
public struct ContentServerParameters: Sendable, Hashable {
    /// When a new version is published each day (local time in the scenario zone); `nil` = never.
    public var newVersionDailyAt: LocalTime? = LocalTime(hour: 6, minute: 0)
    /// The least response latency in ms (seeded uniform draw).
    public var latencyMinMs: Int64 = 100
    /// The most response latency in ms.
    public var latencyMaxMs: Int64 = 800
    /// The client's content-fetch timeout (seed 004 §7: 12 s).
    public var fetchTimeout = SimDuration.seconds(12)
    /// The client's ACK timeout (seed 004 §7: 8 s).
    public var ackTimeout = SimDuration.seconds(8)

    /// Creates the defaults.
    public init() {}

    /// The parameters as printed key–value pairs.
    public var described: [(String, String)] {
        [
            ("server.newVersionDailyAt", newVersionDailyAt?.description ?? "never"),
            ("server.latencyMs", "\(latencyMinMs)-\(latencyMaxMs)"),
            ("server.fetchTimeout", fetchTimeout.description), ("server.ackTimeout", ackTimeout.description),
        ]
    }
}
