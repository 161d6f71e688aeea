import DNSimCalendar

extension PluginStore {
    /// One occurrence of a slot: the key the store's history is indexed by.
    struct Occurrence: Hashable, Sendable {
        /// The slot id.
        var slot: String
        /// The occurrence's local date.
        var localDate: LocalDate
    }
}
