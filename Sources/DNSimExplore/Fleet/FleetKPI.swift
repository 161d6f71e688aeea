/// The population figures of a fleet tally, with 95 % Wilson score intervals for rates.
///
/// The Wilson interval treats each counted item (an occurrence, a device) as an independent
/// trial. Occurrences of one device are not independent (one force stop loses several), so the
/// occurrence-level intervals are narrower than a device-clustered interval would be; the
/// device-level rate (devices that went silent) has no such caveat.
public enum FleetKPI {
    /// A rate with its interval, in percent.
    public struct Rate: Sendable, Equatable {
        public var successes: Int
        public var trials: Int

        /// The point estimate in percent, or `nil` with no trials.
        public var percent: Double? { trials == 0 ? nil : 100 * Double(successes) / Double(trials) }

        /// The 95 % Wilson score interval in percent.
        public var interval: (low: Double, high: Double)? {
            guard trials > 0 else { return nil }
            let z = 1.959963984540054, n = Double(trials), p = Double(successes) / n
            let denominator = 1 + z * z / n
            let center = (p + z * z / (2 * n)) / denominator
            let half = z * (p * (1 - p) / n + z * z / (4 * n * n)).squareRoot() / denominator
            return (100 * max(0, center - half), 100 * min(1, center + half))
        }

        /// `97.31 % [97.02–97.58]`, or `–` with no trials.
        public var text: String {
            guard let percent, let interval else { return "–" }
            return "\(Self.fixed(percent)) % [\(Self.fixed(interval.low))–\(Self.fixed(interval.high))]"
        }

        /// Two decimals, rounded half up, with no locale.
        static func fixed(_ value: Double) -> String {
            // A tally file edited by hand can make a rate of any size: one past Int64 is shown as such.
            guard let hundredths = Int64(exactly: (value * 100).rounded(.toNearestOrAwayFromZero)) else {
                return value.isNaN ? "–" : value < 0 ? "-∞" : "∞"
            }
            let whole = hundredths / 100, fraction = hundredths % 100
            return "\(whole)." + (fraction < 10 ? "0" : "") + "\(fraction)"
        }
    }

    /// The smallest histogram bound at or under which `fraction` of the deliveries fall, as
    /// text (`≤ 60 s`), or `> 86400 s` for the overflow bucket.
    public static func percentile(_ fraction: Double, of histogram: [Int]) -> String {
        // Summed as doubles (exact below 2^53): a tally file edited by hand cannot overflow them.
        let total = histogram.reduce(0.0) { $0 + Double($1) }
        guard total > 0 else { return "–" }
        let needed = (fraction * total).rounded(.up)
        var running = 0.0
        for (index, count) in histogram.enumerated() {
            running += Double(count)
            if running >= needed {
                return index < FleetTally.latenessBounds.count ? "≤ \(FleetTally.latenessBounds[index]) s" : "> \(FleetTally.latenessBounds.last!) s"
            }
        }
        return "–"
    }
}
