/// Named, independent random streams derived from one run seed.
///
/// Each subsystem asks for its own stream by name (`"android.doze"`, `"ios.bgtask"`). A stream's
/// seed is `seed ^ FNV-1a(name)` expanded through ``SplitMix64``, so adding a subsystem, or
/// changing how many draws another subsystem makes, never perturbs this one's draws.
public struct RandomStreams: Sendable {
    /// The run seed.
    public let seed: UInt64

    /// Creates the streams of one run.
    public init(seed: UInt64) { self.seed = seed }

    /// A fresh generator for `name`; the same name always gives the same sequence.
    public func stream(named name: String) -> Xoshiro256StarStar {
        Xoshiro256StarStar(seed: seed ^ FNV1a.hash64(name))
    }

    /// The prefix of numbered stream names (`<prefix>.<number>…`), folded once: a stream drawn
    /// at every delivery (a fetch, an ACK) need not fold its prefix's text again each time.
    public struct NamePrefix: Sendable {
        /// FNV-1a of `<prefix>.`.
        let hash: UInt64

        /// The prefix `prefix` (the names are `prefix`, a `.`, then the numbers).
        public init(_ prefix: String) {
            var hash = FNV1a.offsetBasis
            FNV1a.update(&hash, with: prefix)
            FNV1a.update(&hash, byte: UInt8(ascii: "."))
            self.hash = hash
        }
    }

    /// The stream named `<prefix>.<number>` (``stream(named:_:)-(String,_)``), of a prefix
    /// folded once.
    public func stream(named prefix: NamePrefix, _ number: Int64) -> Xoshiro256StarStar {
        var hash = prefix.hash
        FNV1a.update(&hash, decimal: number)
        return Xoshiro256StarStar(seed: seed ^ hash)
    }

    /// The stream named `<prefix>.<first>.<second>` (``stream(named:_:_:)-(String,_,_)``), of a
    /// prefix folded once.
    public func stream(named prefix: NamePrefix, _ first: Int64, _ second: Int64) -> Xoshiro256StarStar {
        var hash = prefix.hash
        FNV1a.update(&hash, decimal: first)
        FNV1a.update(&hash, byte: UInt8(ascii: "."))
        FNV1a.update(&hash, decimal: second)
        return Xoshiro256StarStar(seed: seed ^ hash)
    }

    /// The stream named `<prefix>.<number>`, without building the name (streams drawn once per
    /// occurrence are named after a serial or an instant).
    public func stream(named prefix: String, _ number: Int64) -> Xoshiro256StarStar {
        stream(named: NamePrefix(prefix), number)
    }

    /// The stream named `<prefix>.<first>.<second>`, without building the name.
    public func stream(named prefix: String, _ first: Int64, _ second: Int64) -> Xoshiro256StarStar {
        stream(named: NamePrefix(prefix), first, second)
    }
}
