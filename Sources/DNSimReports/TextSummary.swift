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
        for d in result.deliveries {
            let late = d.latenessMs.map { " (\(HumanDuration.lateness(SimDuration(milliseconds: $0))))" } ?? " (unplanned)"
            out += "  delivered \(d.slot) \(d.localDate) at \(result.iso(d.deliveredAt))\(late)\n"
        }
        for m in result.missed {
            out += "  missed    \(m.slot) \(m.localDate) planned \(result.iso(m.plannedAt)): \(m.reason)\n"
        }
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
