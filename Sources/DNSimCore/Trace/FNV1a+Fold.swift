import Synchronization

extension FNV1a {
    /// The FNV-1a fold of one fixed byte string, done in one step instead of one per byte.
    ///
    /// Folding a byte is `h = (h ^ b) &* prime`, and `h ^ b` only changes the low 8 bits:
    /// `h ^ b == h &+ d` with `d = ((h & 0xFF) ^ b) - (h & 0xFF)`. The low 8 bits of the next
    /// state depend only on the low 8 bits of this one and on `b` (a product's low bits depend
    /// only on its factors' low bits), so over a whole string every `d` is fixed by the bytes
    /// and the starting state's low byte. Unrolled, the fold of `n` bytes is
    /// `h &* prime^n &+ addend[h & 0xFF]`: a multiply, an add and a table look-up (256 words,
    /// worked out once per string), with exactly the value of folding the bytes one by one.
    ///
    /// A trace folds the same few dozen header texts (subsystem, kind and rule) into its digest
    /// for every record, each a chain of ~30 dependent multiplies one by one.
    ///
    /// The table lives in memory the fold allocates and frees, so a caller that holds a fold
    /// alive (the process-wide ones live as long as the process) can fold through a
    /// ``Step``, a plain value, without counting references at every use.
    public final class Fold: @unchecked Sendable {
        /// `prime` to the power of the string's length.
        public let multiplier: UInt64
        /// By the starting state's low byte: what the string's bytes add (256 words, written
        /// once in `init`, read-only after: safe to share across threads).
        private let addends: UnsafeMutablePointer<UInt64>

        /// The fold of `bytes`.
        public init(bytes: some Collection<UInt8>) {
            var power: UInt64 = 1
            for _ in bytes { power = power &* FNV1a.prime }
            multiplier = power
            addends = .allocate(capacity: 256)
            for low in 0..<256 {
                var hash = UInt64(low)
                for byte in bytes { FNV1a.update(&hash, byte: byte) }
                addends[low] = hash &- UInt64(low) &* power
            }
        }

        deinit { addends.deallocate() }

        /// `hash` with the string's bytes folded into it.
        @inline(__always)
        public func apply(to hash: UInt64) -> UInt64 { step.apply(to: hash) }

        /// The fold as a plain value, valid while the fold lives.
        public var step: Step { Step(multiplier: multiplier, addends: UnsafePointer(addends)) }

        /// A ``Fold``'s multiplier and table as a plain value: folding through it counts no
        /// references. Valid only while its fold lives.
        public struct Step {
            /// The fold's ``Fold/multiplier``.
            public let multiplier: UInt64
            /// The fold's table.
            public let addends: UnsafePointer<UInt64>

            /// `hash` with the string's bytes folded into it.
            @inline(__always)
            public func apply(to hash: UInt64) -> UInt64 {
                hash &* multiplier &+ addends[Int(truncatingIfNeeded: hash & 0xFF)]
            }
        }

        /// The process-wide fold of `text`'s UTF-8 bytes, worked out on first use. Runs on many
        /// threads write the same few headers: each fold is made once per process, and a
        /// caller keeps the ones it uses in front of this (one lock per new header). A shared fold
        /// lives as long as the process, so its ``step`` is valid for good.
        public static func shared(_ text: String) -> Fold {
            registry.withLock { folds in
                if let fold = folds[text] { return fold }
                let fold = Fold(bytes: Array(text.utf8))
                folds[text] = fold
                return fold
            }
        }

        private static let registry = Mutex<[String: Fold]>([:])
    }
}
