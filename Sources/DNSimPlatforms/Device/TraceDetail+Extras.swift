import DNSimCore

extension TraceDetail {
    /// The detail `extra.<key>` for an Intent extra, a notification's `userInfo` entry or a
    /// work request's input.
    static func extra(_ pair: StringPair) -> TraceDetail {
        .extra(pair.key, pair.value)
    }
}
