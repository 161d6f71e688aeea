/// Byte-wise comparisons of strings by their UTF-8 encoding, as JSON keys and dnsim's sorted
/// outputs require (not Swift's canonical-equivalence `String` comparison).
///
/// Both operands are read through `withUTF8`, which is free for native strings (literals and
/// strings built in Swift), so a comparison is a `memcmp`-style loop over two buffers.
public enum UTF8Bytes {
    /// Whether `lhs` and `rhs` have the same UTF-8 bytes (`==` on `String` asks whether they
    /// are canonically equivalent, which can hold for different bytes).
    @inline(__always)
    public static func equal(_ lhs: String, _ rhs: String) -> Bool {
        // The count of a native string's UTF-8 view is stored: most unequal keys differ in length.
        lhs.utf8.count == rhs.utf8.count && compare(lhs, rhs) == 0
    }

    /// Whether the UTF-8 bytes of `lhs` sort strictly before those of `rhs`.
    @inline(__always)
    static func precedes(_ lhs: String, _ rhs: String) -> Bool {
        compare(lhs, rhs) < 0
    }

    /// Negative, zero or positive as the UTF-8 bytes of `lhs` sort before, equal or after those
    /// of `rhs` (a shorter prefix sorts first).
    public static func compare(_ lhs: String, _ rhs: String) -> Int {
        var left = lhs
        var right = rhs
        return left.withUTF8 { a in
            right.withUTF8 { b in
                let common = min(a.count, b.count)
                var position = 0
                while position < common {
                    let x = a[position]
                    let y = b[position]
                    if x != y { return x < y ? -1 : 1 }
                    position += 1
                }
                return a.count == b.count ? 0 : (a.count < b.count ? -1 : 1)
            }
        }
    }
}
