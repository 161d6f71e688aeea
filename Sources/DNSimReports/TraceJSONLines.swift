import DNSimCalendar
import DNSimCore
import DNSimScenario

/// The trace as JSON Lines: one compact object per record, keys sorted.
///
/// Fields: `id`, `t` (ms since the epoch, true time), `at` (ISO-8601 in the device zone),
/// `subsystem`, `kind`, `rule` (when an OS rule decided it), `cause` (the id of the record that
/// caused it, when known), `details` (an object of strings).
public enum TraceJSONLines {
    /// Renders every record, one per line, each line ending in a newline. The run must have
    /// kept its trace (``RunOptions/keepTrace``).
    public static func render(_ result: RunResult) -> String {
        assert(result.traceKept, "the trace was not kept: run with RunOptions(keepTrace: true)")
        var out = ""
        for record in result.trace {
            var object = JSONObject([
                ("id", .integer(Int64(record.id))), ("t", .integer(record.time.millisecondsSinceEpoch)),
                ("at", .string(result.iso(record.time))), ("subsystem", .string(record.subsystem)),
                ("kind", .string(record.kind)),
            ])
            if let rule = record.rule { object["rule"] = .string(rule) }
            if record.cause >= 0 { object["cause"] = .integer(Int64(record.cause)) }
            if !record.details.isEmpty {
                // A key repeated in one record (a list of occurrences) is joined with "; ".
                var details = JSONObject()
                for detail in record.details {
                    if case .string(let earlier)? = details[detail.key] {
                        details[detail.key] = .string(earlier + "; " + detail.value)
                    } else {
                        details[detail.key] = .string(detail.value)
                    }
                }
                object["details"] = .object(details)
            }
            out += JSONWriter.string(.object(object), style: .compact) + "\n"
        }
        return out
    }
}
