import DNSimCalendar
import DNSimCore
import DNSimPlugin
import DNSimScenario

/// The human-readable default output of `dnsim run`.
public enum TextSummary {
    /// Renders a short summary: verdict, deliveries, missed, expectations.
    public static func render(_ result: RunResult) -> String {
        let s = result.scenario
        var out = "\(s.id) [\(s.platform.rawValue), profile \(s.policy.name), seed \(s.seed)]: "
        out += result.passed ? "PASS\n" : "FAIL\n"
        out += "  \(s.title)\n"
        out += "  shown \(result.deliveries.count), missed \(result.missed.count), suppressed \(result.suppressed.count),"
        out += " plugin-reported missed \(result.pluginReportedMissed), errors \(result.errors.count)\n"
        let f = result.freshness
        out += "  freshness: prefetch \(f.prefetchAttempts) (200: \(f.prefetchSuccesses), 304: \(f.prefetchNotModified),"
        out += " timeouts: \(f.prefetchTimeouts), failures: \(f.prefetchFailures)), hit rate \(f.hitRatePercent.map { "\($0)%" } ?? "—"),"
        out += " fresh/cached/static \(f.deliveriesFresh)/\(f.deliveriesCached)/\(f.deliveriesStatic), stale \(f.staleDeliveries)\n"
        // A line per delivery and per missed occurrence (a device-year has tens of thousands),
        // written as bytes: interpolating each line and appending it to a growing string cost
        // more than the rest of the summary.
        var lines: [UInt8] = []
        lines.reserveCapacity(result.deliveries.count * 72 + result.missed.count * 120)
        func put(_ text: String) { lines.append(contentsOf: text.utf8) }
        for d in result.deliveries {
            put("  delivered ")
            put(d.slot)
            put(" ")
            put(d.localDate)
            put(" at ")
            result.appendISO(d.deliveredAt, to: &lines)
            if let lateness = d.latenessMs {
                put(" (")
                put(HumanDuration.lateness(SimDuration(milliseconds: lateness)))
                put(")\n")
            } else {
                put(" (unplanned)\n")
            }
        }
        for m in result.missed {
            put("  missed    ")
            put(m.slot)
            put(" ")
            put(m.localDate)
            put(" planned ")
            result.appendISO(m.plannedAt, to: &lines)
            put(": ")
            put(m.reason)
            put("\n")
        }
        out += String(decoding: lines, as: UTF8.self)
        for e in result.errors { out += "  error     \(e.call) at \(result.iso(e.at)): \(e.code)\n" }
        for e in result.expectations {
            out += "  [\(e.passed ? "pass" : "FAIL")] \(e.id): \(e.observed)"
            if !e.passed, let claim = e.seedClaim { out += " — exposes seed claim \(claim)" }
            out += "\n"
        }
        out += "  trace digest \(result.traceDigest), \(result.eventCount) events\n"
        return out
    }
}
