import DNSimCore

extension FleetTally {
    /// The version of the tally file (`dnsim fleet --out`, `dnsim merge`).
    ///
    /// History: 1 — first version. 2 — `onTime` counts deliveries within 10 minutes on Android
    /// while the app lacks SCHEDULE_EXACT_ALARM (seed 004's "else ±10 m"; 1 counted 1 minute
    /// everywhere), and worlds' network time corrections no longer add up: a version 1 shard
    /// would count differently, so `dnsim merge` refuses to mix the two. 3 — `missed` (and so
    /// `planned`) no longer counts a second occurrence of a slot's date that was already shown,
    /// suppressed or skipped, and a plugin skip dated a day from the run's planned reading is
    /// a skip, not a miss.
    public static let formatVersion: Int64 = 3

    /// The counts a group writes, in this order, by name.
    static var countNames: [(String, WritableKeyPath<Group, Int>)] {
        [
        ("devices", \.devices), ("errors", \.errors), ("silentDevices", \.silentDevices), ("planned", \.planned),
        ("delivered", \.delivered), ("onTime", \.onTime), ("missed", \.missed), ("missedReported", \.missedReported),
        ("duplicates", \.duplicates), ("prefetchPlanned", \.prefetchPlanned), ("prefetchHits", \.prefetchHits),
        ("fresh", \.fresh), ("cached", \.cached), ("static", \.staticContent), ("stale", \.stale),
        ("contentAgeSeconds", \.contentAgeSeconds), ("contentAgeCount", \.contentAgeCount),
        ]
    }

    /// The tally as JSON: exact integer counts only, so a merge of shards is the unsharded tally.
    public var json: JSONValue {
        var root = JSONObject()
        root["formatVersion"] = .integer(Self.formatVersion)
        root["spec"] = .object(["id": .string(specID), "digest": .string(FNV1a.hex(specDigest))])
        root["days"] = days.map { .integer(Int64($0)) } ?? .null
        root["profiles"] = .array(profiles.map { .string($0) })
        root["fleetSize"] = .integer(Int64(fleetSize))
        root["shard"] = .object(["index": .integer(Int64(shard.index)), "of": .integer(Int64(shard.of))])
        root["latenessBoundsSeconds"] = .array(Self.latenessBounds.map { .integer($0) })
        root["groups"] = .array(
            groups.keys.sorted().map { key in
                let group = groups[key]!
                var object = JSONObject()
                object["profile"] = .string(group.profile)
                object["class"] = .string(group.deviceClass)
                object["platform"] = .string(group.platform)
                var counts = JSONObject()
                for (name, path) in Self.countNames { counts[name] = .integer(Int64(group[keyPath: path])) }
                object["counts"] = .object(counts)
                object["lateness"] = .array(group.lateness.map { .integer(Int64($0)) })
                object["worst"] = .array(
                    group.worst.map { .object(["device": .integer(Int64($0.device)), "missed": .integer(Int64($0.missed))]) })
                return .object(object)
            })
        return .object(root)
    }

    /// Reads a tally file written by ``json``; `file` names it in messages.
    public static func decode(_ bytes: [UInt8], file: String) throws(FleetError) -> FleetTally {
        do {
            let json = try JSONParser.parse(bytes)
            var root = try JSONObjectReader(json, at: .root, expected: "a fleet tally object")
            let version = try root.int64("formatVersion")
            guard version == formatVersion else {
                throw FleetError("\(file): at /formatVersion: expected \(formatVersion), found \(version)")
            }
            var spec = try root.object("spec")
            let id = try spec.string("id")
            let digestText = try spec.string("digest")
            guard let digest = UInt64(digestText, radix: 16) else { throw FleetError("\(file): at /spec/digest: expected 16 hex digits, found \"\(digestText)\"") }
            try spec.finish()
            // `fleet` without `--days` writes null (each class's own span).
            let days = try root.optionalInt64("days", allowingNull: true, expected: "null or a number of days from 1").map(Int.init)
            if let days, days < 1 { throw FleetError("\(file): at /days: expected null or a number of days from 1, found \(days)") }
            let profiles = try root.array("profiles").map { item throws(JSONDecodingError) -> String in
                guard case .string(let name) = item.value else {
                    throw JSONDecodingError(pointer: item.pointer, expected: "a profile name", found: "\(item.value)")
                }
                return name
            }
            let fleetSize = Int(try root.int64("fleetSize"))
            guard (1...maximumDevices).contains(fleetSize) else {
                throw FleetError("\(file): at /fleetSize: expected a number of devices from 1 to \(maximumDevices), found \(fleetSize)")
            }
            var shardReader = try root.object("shard")
            let shard = (index: Int(try shardReader.int64("index")), of: Int(try shardReader.int64("of")))
            guard (1...maximumDevices).contains(shard.of), (1...shard.of).contains(shard.index) else {
                throw FleetError("\(file): at /shard: expected K of N with 1 ≤ K ≤ N ≤ \(maximumDevices), found \(shard.index) of \(shard.of)")
            }
            try shardReader.finish()
            root.markKnown("latenessBoundsSeconds")
            var tally = FleetTally(specID: id, specDigest: digest, days: days, profiles: profiles, fleetSize: fleetSize, shard: shard)
            for item in try root.array("groups") {
                var reader = try JSONObjectReader(item.value, at: item.pointer, expected: "a group object")
                var group = Group(profile: try reader.string("profile"), deviceClass: try reader.string("class"), platform: try reader.string("platform"))
                var counts = try reader.object("counts")
                for (name, path) in countNames { group[keyPath: path] = try count(counts.int64(name), at: "\(item.pointer)/counts/\(name)", file) }
                try counts.finish()
                let lateness = try reader.array("lateness")
                guard lateness.count == latenessBounds.count + 1 else {
                    throw FleetError("\(file): at \(item.pointer)/lateness: expected \(latenessBounds.count + 1) buckets, found \(lateness.count)")
                }
                // The closures' errors (a JSONDecodingError or a FleetError) are worded below.
                group.lateness = try lateness.map { entry throws -> Int in
                    guard case .integer(let value) = entry.value else {
                        throw FleetError("\(file): at \(entry.pointer): expected a count (an integer from 0), found \(entry.value)")
                    }
                    return try count(value, at: "\(entry.pointer)", file)
                }
                group.worst = try reader.array("worst").map { entry throws -> Worst in
                    var worst = try JSONObjectReader(entry.value, at: entry.pointer, expected: "a device object")
                    let device = try worst.int64("device")
                    guard (0..<Int64(fleetSize)).contains(device) else {
                        throw FleetError("\(file): at \(entry.pointer)/device: expected a device index below \(fleetSize), found \(device)")
                    }
                    return Worst(device: Int(device), missed: try count(worst.int64("missed"), at: "\(entry.pointer)/missed", file))
                }
                try reader.finish()
                tally.add(group)
            }
            try root.finish()
            return tally
        } catch let error as FleetError {
            throw error
        } catch let error as JSONDecodingError {
            throw FleetError("\(file): at \(error.pointer.readable): expected \(error.expected), found \(error.found)")
        } catch {
            throw FleetError("\(file): expected a fleet tally (dnsim fleet --out), found \(error)")
        }
    }

    /// The most devices a fleet has (`dnsim fleet --devices`), and so the most shards.
    public static let maximumDevices = 100_000_000

    /// A count read from a tally file: an integer from 0.
    private static func count(_ value: Int64, at pointer: String, _ file: String) throws(FleetError) -> Int {
        guard value >= 0 else { throw FleetError("\(file): at \(pointer): expected a count (an integer from 0), found \(value)") }
        return Int(value)
    }

    /// The tally of the whole fleet from every one of its shards (each exactly once).
    public static func merge(_ shards: [(file: String, tally: FleetTally)]) throws(FleetError) -> FleetTally {
        guard let first = shards.first?.tally else { throw FleetError("merge: expected tally files, found none") }
        let of = first.shard.of
        var seen = Set<Int>()
        var merged = FleetTally(
            specID: first.specID, specDigest: first.specDigest, days: first.days, profiles: first.profiles,
            fleetSize: first.fleetSize, shard: (1, 1))
        for (file, tally) in shards {
            guard tally.specDigest == first.specDigest, tally.days == first.days, tally.profiles == first.profiles,
                tally.fleetSize == first.fleetSize, tally.shard.of == of
            else {
                throw FleetError("\(file): expected a shard of the same fleet as \(shards[0].file) (spec, --devices, --days, --profiles and N of --shard K/N), found another")
            }
            guard seen.insert(tally.shard.index).inserted else {
                throw FleetError("\(file): expected each shard once, found shard \(tally.shard.index)/\(of) again")
            }
            for key in tally.groups.keys.sorted() {
                let group = tally.groups[key]!
                if let sum = merged.groups[key], !sum.canAdd(group) {
                    throw FleetError("\(file): at /groups: expected counts that add up within 64 bits, found \(key)'s too large to add to the other shards'")
                }
                merged.add(group)
            }
        }
        guard seen.count == of else {
            // Name the first few missing (N may be large: stop after five).
            var missing: [String] = []
            var index = 1
            while missing.count < 5, index <= of {
                if !seen.contains(index) { missing.append("\(index)/\(of)") }
                index += 1
            }
            let more = of - seen.count - missing.count
            throw FleetError("merge: expected shards 1..\(of), missing \(missing.joined(separator: ", "))" + (more > 0 ? " and \(more) more" : ""))
        }
        return merged
    }
}

/// A fleet input problem (bad tally file, incomplete merge), with its message.
public struct FleetError: Error, CustomStringConvertible, Sendable {
    /// The message.
    public var description: String
    init(_ description: String) { self.description = description }
}
