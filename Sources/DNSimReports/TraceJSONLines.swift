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
        var json = JSONStreamWriter(style: .compact, capacity: 4096 + 200 * result.trace.count)
        var details: [(key: String, value: String)] = []
        var timestamps = ISO8601.Writer()
        for record in result.trace {
            // The members in sorted key order: at, cause, details, id, kind, rule, subsystem, t.
            json.beginObject()
            json.key("at")
            json.string(reserving: ISO8601.maximumWrittenLength) { result.writeISO(record.time, to: $0, with: &timestamps) }
            if record.cause >= 0 {
                json.key("cause")
                json.integer(Int64(record.cause))
            }
            if !record.details.isEmpty {
                json.key("details")
                collect(record.details, into: &details)
                json.beginObject()
                for detail in details {
                    json.key(detail.key)
                    json.string(detail.value)
                }
                json.endObject()
            }
            json.key("id")
            json.integer(Int64(record.id))
            json.key("kind")
            json.string(record.kind)
            if let rule = record.rule {
                json.key("rule")
                json.string(rule)
            }
            json.key("subsystem")
            json.string(record.subsystem)
            json.key("t")
            json.integer(record.time.millisecondsSinceEpoch)
            json.endObject()
            json.endLine()
        }
        return json.text
    }

    /// The details of one record as the members of its `details` object, replacing what
    /// `members` held: keys compared and sorted by their UTF-8 bytes (as ``JSONObject`` and
    /// ``JSONWriter`` have them); a key repeated in one record (a list of occurrences) has its
    /// values joined with "; " in order.
    static func collect(_ recordDetails: [TraceDetail], into members: inout [(key: String, value: String)]) {
        members.removeAll(keepingCapacity: true)
        for detail in recordDetails {
            let key = detail.key
            if let position = members.firstIndex(where: { $0.key.utf8.elementsEqual(key.utf8) }) {
                members[position].value += "; " + detail.value
            } else {
                members.append((key: key, value: detail.value))
            }
        }
        members.sort { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
    }
}
