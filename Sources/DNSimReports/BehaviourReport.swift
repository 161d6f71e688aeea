import DNSimCalendar
import DNSimCore
import DNSimPlugin
import DNSimScenario

/// The Markdown behaviour report of one run: summary and verdict, parameters, expectations,
/// a Mermaid timeline, the OS rules touched, and the event log.
public enum BehaviourReport {
    /// The most event-log lines printed before the log is cut (the JSON Lines trace has all).
    public static let eventLogLimit = 400

    /// Renders the report. The run must have kept its trace (``RunOptions/keepTrace``): the
    /// timeline and the event log are drawn from it.
    public static func render(_ result: RunResult) -> String {
        assert(result.traceKept, "the trace was not kept: run with RunOptions(keepTrace: true)")
        let scenario = result.scenario
        var out = ""
        out.reserveCapacity(8_192 + 160 * min(result.trace.count, eventLogLimit))
        out += "# \(scenario.title)\n\n"
        out += "`\(scenario.id)` · platform **\(scenario.platform.rawValue)** · policy **\(scenario.policy.name)** (`\(scenario.policy.digest)`)"
        out += " · seed \(scenario.seed) · dnsim \(DNSimVersion.current)\n\n"
        if !scenario.description.isEmpty { out += scenario.description + "\n\n" }

        out += "## Summary\n\n"
        let passed = result.expectations.filter(\.passed).count
        out += "**Verdict: \(result.passed ? "✅ pass" : "❌ fail")** — \(passed) of \(result.expectations.count)"
        out += " expectations hold.\n\n"
        let verdict = result.verdict
        if verdict.kind != .pass {
            out += "- Matrix verdict: \(MarkdownText.cell(MatrixReport.verdictCell(result))) (\(verdict.asExpected ? "as expected" : "not as expected"))\n"
        }
        out += "- Seed row: \(scenario.row.isEmpty ? "—" : scenario.row)\n"
        out += "- Run: \(result.iso(scenario.startInstant)) → \(result.iso(scenario.endInstant))\n"
        out += "- Notifications shown: \(result.deliveries.count); missed: \(result.missed.count);"
        out += " suppressed: \(result.suppressed.count); reported missed by the plugin: \(result.pluginReportedMissed)\n"
        out += "- API errors: \(result.errors.isEmpty ? "none" : result.errors.map(\.code).joined(separator: ", "))\n"
        out += "- Trace digest: `\(result.traceDigest)` (\(result.traceRecordCount) records, \(result.eventCount) events)\n\n"
        out += "**OS expected:** \(scenario.osExpected)\n\n**Plugin expected:** \(scenario.pluginExpected)\n\n"

        out += "## Parameters\n\n| parameter | value |\n|---|---|\n"
        for (key, value) in result.parameters { out += "| \(key) | \(MarkdownText.cell(value)) |\n" }

        out += "\n## Expectations\n\n| check | assertion | seed claim | result | observed |\n|---|---|---|---|---|\n"
        for e in result.expectations {
            let label = e.description.isEmpty ? e.id : "\(e.id): \(e.description)"
            out += "| \(MarkdownText.cell(label)) | \(e.assertion) | \(e.seedClaim ?? "") | "
            out += "\(e.passed ? "✅ pass" : "❌ fail") | \(MarkdownText.cell(e.observed)) |\n"
        }

        out += "\n## Deliveries\n\n"
        if result.deliveries.isEmpty {
            out += "None.\n"
        } else {
            out += "| slot | local date | planned | delivered | lateness |\n|---|---|---|---|---:|\n"
            for d in result.deliveries {
                out += "| \(d.slot) | \(d.localDate) | \(d.plannedAt.map(result.iso) ?? "—") | \(result.iso(d.deliveredAt)) |"
                out += " \(d.latenessMs.map { HumanDuration.lateness(SimDuration(milliseconds: $0)) } ?? "unplanned") |\n"
            }
        }
        if !result.missed.isEmpty || !result.suppressed.isEmpty {
            out += "\n## Missed and suppressed\n\n| outcome | slot | local date | planned | reason |\n|---|---|---|---|---|\n"
            for (label, list) in [("missed", result.missed), ("suppressed", result.suppressed), ("skipped", result.skipped)] {
                for o in list {
                    out += "| \(label) | \(o.slot) | \(o.localDate) | \(result.iso(o.plannedAt)) | \(MarkdownText.cell(o.reason)) |\n"
                }
            }
        }

        let f = result.freshness
        out += "\n## Freshness\n\n| figure | value |\n|---|---:|\n"
        out += "| prefetch attempts | \(f.prefetchAttempts) |\n| new content (200) | \(f.prefetchSuccesses) |\n"
        out += "| not modified (304) | \(f.prefetchNotModified) |\n| timeouts (12 s) | \(f.prefetchTimeouts) |\n"
        out += "| other failures | \(f.prefetchFailures) |\n"
        out += "| hit rate at T–lead | \(f.hitRatePercent.map { "\($0)%" } ?? "—") (\(f.prefetchHitsAtTLead) of \(f.occurrencesPlanned)) |\n"
        out += "| deliveries: fresh / cached / static | \(f.deliveriesFresh) / \(f.deliveriesCached) / \(f.deliveriesStatic) |\n"
        out += "| stale deliveries (older than TTL) | \(f.staleDeliveries) |\n"
        out += "| telemetry: scheduled / shown / error / skipped | \(f.telemetry["scheduled"] ?? 0) / \(f.telemetry["shown"] ?? 0) / \(f.telemetry["error"] ?? 0) / \(f.telemetry["skipped"] ?? 0) |\n"
        out += "| ACKs delivered / failed (8 s) | \(f.acksDelivered) / \(f.acksFailed) |\n"
        out += "| content age at fire: max / mean ms | \(f.maxContentAgeMs.map { String($0) } ?? "—") / \(f.meanContentAgeMs.map { String($0) } ?? "—") |\n"
        out += "\n## Timeline\n\n" + MermaidTimeline.render(result) + "\n"

        out += "## OS rules touched\n\n"
        // Written in rule order, never in dictionary order (each id's order worked out once).
        let rules = result.ruleCounts.keys.map { (order: ruleOrder($0), id: $0) }
            .sorted { $0.order != $1.order ? $0.order < $1.order : $0.id < $1.id }.map(\.id)
        if rules.isEmpty {
            out += "None.\n"
        } else {
            out += "| rule | records | fact |\n|---|---:|---|\n"
            for rule in rules {
                let n = result.ruleCounts[rule] ?? 0
                let summary = RuleCatalogue.summary(of: rule)
                out += "| [\(rule)](../../docs/models/rules.md#\(rule.lowercased())) | \(n) | \(MarkdownText.cell(summary)) |\n"
            }
        }

        out += "\n## Event log\n\n| # | local time | subsystem | event | rule | cause | details |\n|---:|---|---|---|---|---:|---|\n"
        // Written as UTF-8 bytes, piece by piece, and joined to the report once: this loop
        // writes most of the report's bytes, and appending to a long string costs far more per
        // piece than appending to a byte array.
        var log: [UInt8] = []
        log.reserveCapacity(160 * min(result.trace.count, eventLogLimit))
        func put(_ text: String) { log.append(contentsOf: text.utf8) }
        var details = ""
        for record in result.trace.prefix(eventLogLimit) {
            let local = result.zone(at: record.time).localDateTime(at: record.time)
            details.removeAll(keepingCapacity: true)
            for (index, detail) in record.details.enumerated() {
                if index > 0 { details += ", " }
                details += detail.key
                details += "="
                details += detail.value
            }
            put("| ")
            put(String(record.id))
            put(" | ")
            put(local.description)
            put(" | ")
            put(record.subsystem)
            put(" | ")
            put(record.kind)
            put(" | ")
            put(record.rule ?? "")
            put(" | ")
            if record.cause >= 0 { put(String(record.cause)) }
            put(" | ")
            put(MarkdownText.cell(details))
            put(" |\n")
        }
        out += String(decoding: log, as: UTF8.self)
        if result.traceRecordCount > eventLogLimit {
            out += "\n… \(result.traceRecordCount - eventLogLimit) more records; run with `--trace FILE` for all of them.\n"
        }
        return out
    }

    /// Sorts `A2` before `A10` and Android before iOS.
    static func ruleOrder(_ id: String) -> (String, Int) {
        (String(id.prefix { $0.isLetter }), Int(id.drop { $0.isLetter }) ?? 0)
    }
}
