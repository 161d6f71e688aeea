import DNSimCalendar
import DNSimCore
@testable import DNSimPlatforms
import Testing

/// Pins the plugin's content server and the HTTP port to it (seed 004 §7: fetch 12 s, ACK 8 s).
struct ContentServerTests {
    // MARK: Versions

    @Test("ContentServer: version 1 at the start, +1 at each daily 06:00 (local) publication")
    func versionsFollowDailyPublication() {
        let server = ContentServer(parameters: ContentServerParameters(), zone: .utc, start: Device.defaultStart)
        #expect(ContentServerParameters().newVersionDailyAt == LocalTime(hour: 6, minute: 0))
        #expect(server.version(at: Device.defaultStart) == 1)
        #expect(server.version(at: at("2026-03-11T05:59:59.999Z")) == 1)
        #expect(server.version(at: at("2026-03-11T06:00:00Z")) == 2)
        #expect(server.version(at: at("2026-03-13T07:00:00Z")) == 4)
    }

    @Test("ContentServer: a version asked in any order, around publications, is what a new server answers")
    func versionsAskedInAnyOrderAreThoseOfANewServer() {
        let berlin = zone("Europe/Berlin")
        let server = ContentServer(parameters: ContentServerParameters(), zone: berlin, start: Device.defaultStart)
        var random = Xoshiro256StarStar(seed: 9)
        let start = Device.defaultStart.millisecondsSinceEpoch
        for step in 0..<400 {
            // Mostly near the last instant asked (inside or at the edge of its span), some far.
            let instant = SimInstant(millisecondsSinceEpoch: start + random.next(in: 0...(40 * 86_400_000)))
            // Publications come in time order, as the run's steps make them.
            if step % 50 == 49 { server.publish(at: SimInstant(millisecondsSinceEpoch: start + Int64(step) * 8_640_000)) }
            let fresh = ContentServer(parameters: ContentServerParameters(), zone: berlin, start: Device.defaultStart)
            for publication in server.manualPublications { fresh.publish(at: publication) }
            for probe in [instant, instant - .milliseconds(1), instant + .milliseconds(1)] {
                #expect(server.version(at: probe) == fresh.version(at: probe))
            }
        }
    }

    @Test("ContentServer: the daily publication time is local to the server's zone, across DST")
    func dailyPublicationIsLocal() {
        let berlin = zone("Europe/Berlin")
        let server = ContentServer(parameters: ContentServerParameters(), zone: berlin, start: Device.defaultStart)
        #expect(server.version(at: at("2026-03-11T04:59:59Z")) == 1)
        #expect(server.version(at: at("2026-03-11T05:00:00Z")) == 2, "06:00 CET")
        // 2026-03-29 is spring-forward day: 06:00 CEST is 04:00Z.
        #expect(server.version(at: at("2026-03-29T03:59:59Z")) == 19)
        #expect(server.version(at: at("2026-03-29T04:00:00Z")) == 20)
    }

    @Test("ContentServer: a publication time in a DST gap still publishes once that day")
    func dailyPublicationInGap() throws {
        var parameters = ContentServerParameters()
        parameters.newVersionDailyAt = try #require(LocalTime(hour: 2, minute: 30))
        let server = ContentServer(parameters: parameters, zone: zone("Europe/Berlin"), start: at("2026-03-27T12:00:00Z"))
        // 28th, 29th (02:30 does not exist: shifted to 03:30 CEST), 30th, 31st.
        #expect(server.version(at: at("2026-03-31T12:00:00Z")) == 5)
    }

    @Test("ContentServer: a start exactly at the publication time is version 1, not 2")
    func startAtPublicationTime() {
        let start = at("2026-03-10T06:00:00Z")
        let server = ContentServer(parameters: ContentServerParameters(), zone: .utc, start: start)
        #expect(server.version(at: start) == 1)
        #expect(server.version(at: start + .days(1)) == 2)
    }

    @Test("ContentServer: each publish(at:) adds one version from that instant; no daily time means no daily versions")
    func manualPublications() {
        var parameters = ContentServerParameters()
        parameters.newVersionDailyAt = nil
        let server = ContentServer(parameters: parameters, zone: .utc, start: Device.defaultStart)
        let first = Device.defaultStart + .hours(1)
        server.publish(at: first)
        server.publish(at: first + .hours(1))
        #expect(server.version(at: first - .milliseconds(1)) == 1)
        #expect(server.version(at: first) == 2)
        #expect(server.version(at: first + .hours(1)) == 3)
        #expect(server.version(at: Device.defaultStart + .days(30)) == 3)
    }

    // MARK: Fetch

    @Test("A version's ETag is \"v<version>\", quotes included")
    func etagSpellsTheVersion() {
        for version in [0, 1, 9, 10, 365, 99_999, 1_000_000_007, -3, Int.max, Int.min + 1] {
            #expect(ContentServer.etag(of: version) == "\"v\(version)\"")
        }
    }

    @Test("fetchContent(ifNoneMatch:) returns .content, then .notModified for the same ETag, then the next version")
    func fetchWithETag() throws {
        let device = Device()
        let server = device.attachContentServer()

        let (first, _) = device.context.httpClient.fetchContent(ifNoneMatch: nil)
        #expect(first == .content(version: 1, etag: "\"v1\""))
        guard case .content(_, let etag) = first else { return }
        let (second, _) = device.context.httpClient.fetchContent(ifNoneMatch: etag)
        #expect(second == .notModified)
        #expect(second.isSuccess)

        try device.run(until: at("2026-03-11T06:00:00Z"))
        #expect(device.context.httpClient.fetchContent(ifNoneMatch: etag).0 == .content(version: 2, etag: "\"v2\""))
        server.publish(at: device.now)
        #expect(device.context.httpClient.fetchContent(ifNoneMatch: "\"v2\"").0 == .content(version: 3, etag: "\"v3\""))

        let fetches = device.records("content.fetch")
        #expect(fetches.compactMap { $0.detail("result") } == ["ok", "notModified", "ok", "ok"])
        #expect(fetches.compactMap { $0.detail("version") } == ["1", "2", "3"])
        #expect(fetches.allSatisfy { $0.subsystem == "network" && $0.rule == nil })
    }

    @Test("Faults: a timeout takes exactly 12 s; serverError and malformed are failures")
    func faults() throws {
        let device = Device()
        let server = device.attachContentServer()

        server.setFault(.timeout)
        let (timedOut, took) = device.context.httpClient.fetchContent(ifNoneMatch: nil)
        #expect(timedOut == .timedOut)
        #expect(took == .seconds(12))
        #expect(!timedOut.isSuccess)
        #expect(device.records("content.fetch").last?.detail("tookMillis") == "12000")

        for fault in [ContentServer.Fault.serverError, .malformed] {
            server.setFault(fault)
            let (result, took) = device.context.httpClient.fetchContent(ifNoneMatch: nil)
            #expect(result == (fault == .serverError ? .serverError : .malformed))
            #expect(!result.isSuccess)
            #expect((100...800).contains(took.milliseconds))
        }

        server.setFault(.none)
        #expect(device.context.httpClient.fetchContent(ifNoneMatch: nil).0 == .content(version: 1, etag: "\"v1\""))
        #expect(device.records("content.fetch").compactMap { $0.detail("result") } == [
            "timeout", "serverError", "malformed", "ok",
        ])
    }

    @Test("Offline: no network, or Doze outside a maintenance window, makes Android's httpClient offline")
    func offline() throws {
        let device = Device(parameters: .doze(spacing: [.hours(1)], jitterPercent: 0))
        device.attachContentServer()

        device.system.setNetworkAvailable(false)
        let (down, took) = device.context.httpClient.fetchContent(ifNoneMatch: nil)
        #expect(down == .offline)
        #expect(took == .zero)
        device.system.setNetworkAvailable(true)
        #expect(device.context.httpClient.fetchContent(ifNoneMatch: nil).0.isSuccess)

        device.system.setDeviceIdle(true)
        #expect(device.context.httpClient.fetchContent(ifNoneMatch: nil).0 == .offline)
        try device.run(for: .hours(1))
        #expect(device.system.doze.inMaintenanceWindow)
        #expect(device.context.httpClient.fetchContent(ifNoneMatch: nil).0.isSuccess, "online in a window")
        try device.run(for: .minutes(5))
        #expect(device.context.httpClient.fetchContent(ifNoneMatch: nil).0 == .offline)
        #expect(device.records("content.fetch").compactMap { $0.detail("result") } == [
            "offline", "ok", "offline", "ok", "offline",
        ])
    }

    @Test("Offline: with no content server attached every fetch is offline")
    func noServerIsOffline() {
        let device = Device()
        let (result, took) = device.context.httpClient.fetchContent(ifNoneMatch: nil)
        #expect(result == .offline)
        #expect(took == .zero)
    }

    @Test("Latency lies within [latencyMinMs, latencyMaxMs] and is deterministic per seed")
    func latency() throws {
        var parameters = ContentServerParameters()
        parameters.latencyMinMs = 200
        parameters.latencyMaxMs = 300
        func latencies(seed: UInt64) throws -> [Int64] {
            let device = Device(seed: seed)
            device.attachContentServer(parameters)
            var out: [Int64] = []
            for _ in 0..<40 {
                out.append(device.context.httpClient.fetchContent(ifNoneMatch: nil).1.milliseconds)
                try device.run(for: .minutes(7))
            }
            return out
        }
        let first = try latencies(seed: 5)
        #expect(first.allSatisfy { (200...300).contains($0) })
        #expect(Set(first).count > 10, "drawn, not constant")
        #expect(try latencies(seed: 5) == first)
        #expect(try latencies(seed: 6) != first)
    }

    @Test("A latency past the 12 s timeout is a timeout of exactly 12 s")
    func latencyPastTimeout() {
        var parameters = ContentServerParameters()
        parameters.latencyMinMs = 13_000
        parameters.latencyMaxMs = 14_000
        let device = Device()
        device.attachContentServer(parameters)
        let (result, took) = device.context.httpClient.fetchContent(ifNoneMatch: nil)
        #expect(result == .timedOut)
        #expect(took == .seconds(12))
    }

    // MARK: Acknowledge

    @Test("acknowledge: fails fast when offline and records telemetry.ack with its payload")
    func acknowledge() throws {
        let device = Device()
        let server = device.attachContentServer()
        let payload = [TraceDetail("id", "n1")]

        device.system.setNetworkAvailable(false)
        device.context.httpClient.acknowledge(payload)
        device.system.setNetworkAvailable(true)
        device.context.httpClient.acknowledge(payload)
        server.setFault(.timeout)
        device.context.httpClient.acknowledge(payload)
        server.setFault(.serverError)
        device.context.httpClient.acknowledge(payload)

        let acks = device.records("telemetry.ack")
        #expect(acks.count == 4)
        #expect(acks.compactMap { $0.detail("delivered") } == ["false", "true", "false", "false"])
        #expect(acks.allSatisfy { $0.detail("id") == "n1" && $0.subsystem == "network" })
        let took = acks.compactMap { $0.detail("tookMillis").flatMap(Int64.init) }
        #expect(took.count == 4)
        #expect(took[0] == 0, "offline fails fast")
        #expect((100...800).contains(took[1]))
        #expect(took[2] == 8_000, "the ACK timeout")
        #expect((100...800).contains(took[3]))
    }

    @Test("acknowledge in Doze outside a window is offline for Android")
    func acknowledgeInDoze() {
        let device = Device()
        device.attachContentServer()
        device.system.setDeviceIdle(true)
        device.context.httpClient.acknowledge([])
        let ack = device.records("telemetry.ack").first
        #expect(ack?.detail("delivered") == "false")
        #expect(ack?.detail("tookMillis") == "0")
    }
}
