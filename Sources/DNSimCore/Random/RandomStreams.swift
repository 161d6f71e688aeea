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
}
