import Foundation

/// One case of `Fixtures/dst-cases.json`: daily fires across a real transition, computed
/// independently with Python zoneinfo from IANA tzdata.
struct DSTCase: Decodable, Sendable {
    struct Transition: Decodable, Sendable {
        var kind: String
        var utc: String
        var offsetBefore: String
        var offsetAfter: String

        enum CodingKeys: String, CodingKey {
            case kind, utc
            case offsetBefore = "offset_before"
            case offsetAfter = "offset_after"
        }
    }

    var id: String
    var zone: String
    var wallTime: String
    var startLocalDate: String
    var days: Int
    var firesCalendarDay: [String]
    var firesCalendarDayLocal: [String]
    var firesAdd24h: [String]
    var firesAdd24hLocal: [String]
    var gapDays: [String]
    var foldDays: [String]
    var divergentIndices: [Int]
    var duplicateInstantIndices: [Int]
    var transitionsInWindow: [Transition]

    enum CodingKeys: String, CodingKey {
        case id, zone, days
        case wallTime = "wall_time"
        case startLocalDate = "start_local_date"
        case firesCalendarDay = "fires_calendar_day"
        case firesCalendarDayLocal = "fires_calendar_day_local"
        case firesAdd24h = "fires_add_24h"
        case firesAdd24hLocal = "fires_add_24h_local"
        case gapDays = "gap_days"
        case foldDays = "fold_days"
        case divergentIndices = "divergent_indices"
        case duplicateInstantIndices = "duplicate_instant_indices"
        case transitionsInWindow = "transitions_in_window"
    }
}

/// The decoded fixture file.
struct DSTFixture: Decodable, Sendable {
    var caseCount: Int
    var semantics: [String: String]
    var cases: [DSTCase]

    enum CodingKeys: String, CodingKey {
        case semantics, cases
        case caseCount = "case_count"
    }

    /// `Fixtures/dst-cases.json` next to this source file.
    static let url = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()
        .appendingPathComponent("Fixtures")
        .appendingPathComponent("dst-cases.json")

    /// Reads and decodes the fixture.
    static func load() throws -> DSTFixture {
        try JSONDecoder().decode(DSTFixture.self, from: Data(contentsOf: url))
    }

    /// The fixture, or `nil` when it cannot be read (a dedicated test then fails).
    static let shared: DSTFixture? = try? load()

    /// Every case id, in file order; the arguments of the per-case test.
    static var caseIDs: [String] { shared?.cases.map(\.id) ?? [] }

    /// The case with `id`.
    static func testCase(_ id: String) -> DSTCase? {
        shared?.cases.first { $0.id == id }
    }
}
