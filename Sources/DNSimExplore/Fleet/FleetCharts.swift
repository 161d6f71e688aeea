import DNSimCore

/// The fleet report's charts as standalone SVG documents (no scripts, no external fonts, fixed
/// number formatting, so the bytes are the same on every host): delivery rate with its interval
/// per profile and platform, the lateness distribution per profile and platform, and the delivery
/// rate per device class.
public struct FleetCharts {
    /// The report whose figures are drawn.
    public var report: FleetReport

    /// Creates the charts of a report.
    public init(report: FleetReport) { self.report = report }

    /// The chart files' names under the default prefix (`fleet-…`), in a fixed order (they go
    /// beside the Markdown report).
    public static let fileNames = fileNames(prefix: defaultPrefix)

    /// The prefix of the chart files' names unless the report names another
    /// (``FleetReport/chartPrefix``).
    public static let defaultPrefix = "fleet"

    /// The chart files' names with `prefix`, in a fixed order: `<prefix>-delivery-rate.svg`,
    /// `<prefix>-lateness-cdf.svg`, `<prefix>-delivery-by-class.svg`. Two reports in one
    /// directory (a week's and a year's) keep their charts apart by their prefixes.
    public static func fileNames(prefix: String) -> [String] {
        ["delivery-rate", "lateness-cdf", "delivery-by-class"].map { "\(prefix)-\($0).svg" }
    }

    /// Whether `prefix` can name chart files: 1 to 64 ASCII letters, digits, `-`, `_` or `.`,
    /// not starting with `.` or `-` (a plain file name in the report's directory, never a path).
    public static func isValidPrefix(_ prefix: String) -> Bool {
        let bytes = Array(prefix.utf8)
        guard (1...64).contains(bytes.count), bytes[0] != UInt8(ascii: "."), bytes[0] != UInt8(ascii: "-") else { return false }
        return bytes.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."):
                true
            default:
                false
            }
        }
    }

    /// File name → SVG text, in the order of ``fileNames(prefix:)``, named with the report's
    /// ``FleetReport/chartPrefix``.
    public var files: [(name: String, text: String)] {
        Array(zip(Self.fileNames(prefix: report.chartPrefix), [deliveryRate, latenessCDF, deliveryByClass]))
    }

    /// Profile colours (colour-blind safe: Okabe–Ito).
    static let palette = ["#D55E00", "#E69F00", "#0072B2", "#009E73", "#CC79A7", "#56B4E9"]

    func colour(ofProfile profile: String) -> String {
        Self.palette[(report.tally.profiles.firstIndex(of: profile) ?? 0) % Self.palette.count]
    }

    /// Grouped bars (one group per platform, one bar per profile) with 95 % whiskers.
    var deliveryRate: String {
        let rows = report.platformRows
        let platforms = Self.unique(rows.map(\.label))
        let profiles = report.tally.profiles
        var svg = SVG(width: 720, height: 360, title: "Delivery rate by profile and platform (95 % Wilson interval)")
        let plot = (x: 70.0, y: 40.0, width: 620.0, height: 250.0)
        svg.percentAxis(plot)
        let groupWidth = plot.width / Double(max(platforms.count, 1))
        let barWidth = groupWidth * 0.8 / Double(max(profiles.count, 1))
        for (g, platform) in platforms.enumerated() {
            let groupX = plot.x + Double(g) * groupWidth + groupWidth * 0.1
            svg.text(groupX + groupWidth * 0.4, plot.y + plot.height + 20, platform, anchor: "middle")
            for (p, profile) in profiles.enumerated() {
                guard let row = rows.first(where: { $0.profile == profile && $0.label == platform }) else { continue }
                let rate = FleetReport.deliveryRate(row.group)
                guard let percent = rate.percent, let interval = rate.interval else { continue }
                let x = groupX + Double(p) * barWidth
                let y = plot.y + plot.height * (1 - percent / 100)
                svg.rect(x + 2, y, barWidth - 4, plot.y + plot.height - y, fill: colour(ofProfile: profile), label: "\(profile) \(platform): \(rate.text)")
                let middle = x + barWidth / 2
                let low = plot.y + plot.height * (1 - interval.low / 100), high = plot.y + plot.height * (1 - interval.high / 100)
                svg.line(middle, low, middle, high, stroke: "#000000")
                svg.line(middle - 4, low, middle + 4, low, stroke: "#000000")
                svg.line(middle - 4, high, middle + 4, high, stroke: "#000000")
            }
        }
        svg.legend(profiles.map { ($0, colour(ofProfile: $0)) }, x: plot.x, y: plot.y + plot.height + 45)
        return svg.text
    }

    /// The share of deliveries at most each histogram bound late, one step line per profile and
    /// platform (dashed per platform).
    var latenessCDF: String {
        let bounds = FleetTally.latenessBounds
        var svg = SVG(width: 720, height: 380, title: "Deliveries at most this late (cumulative, per profile and platform)")
        let plot = (x: 70.0, y: 40.0, width: 620.0, height: 250.0)
        svg.percentAxis(plot)
        let step = plot.width / Double(bounds.count)
        for (index, bound) in bounds.enumerated() where index % 2 == 0 || index == bounds.count - 1 {
            svg.text(plot.x + Double(index) * step + step / 2, plot.y + plot.height + 18, Self.shortDuration(bound), anchor: "middle")
        }
        svg.text(plot.x + plot.width / 2, plot.y + plot.height + 36, "lateness (at most)", anchor: "middle")
        let dashes = ["", "6,3", "2,3", "8,3,2,3"]
        let platforms = Self.unique(report.platformRows.map(\.label))
        for row in report.platformRows {
            let total = row.group.lateness.reduce(0, +)
            guard total > 0 else { continue }
            var running = 0
            var points: [(Double, Double)] = []
            for index in bounds.indices {
                running += row.group.lateness[index]
                points.append((plot.x + Double(index) * step + step / 2, plot.y + plot.height * (1 - Double(running) / Double(total))))
            }
            let dash = dashes[(platforms.firstIndex(of: row.label) ?? 0) % dashes.count]
            svg.polyline(points, stroke: colour(ofProfile: row.profile), dash: dash, label: "\(row.profile) \(row.label)")
        }
        svg.legend(report.tally.profiles.map { ($0, colour(ofProfile: $0)) }, x: plot.x, y: plot.y + plot.height + 58)
        svg.text(plot.x + 330, plot.y + plot.height + 70, "line style: " + platforms.enumerated().map { "\($0.element) " + ["solid", "dashed", "dotted", "dash-dot"][$0.offset % 4] }.joined(separator: ", "))
        return svg.text
    }

    /// Horizontal bars: delivery rate per device class and profile, with whiskers.
    var deliveryByClass: String {
        let classes = Self.unique(report.classRows.map(\.label))
        let profiles = report.tally.profiles
        let rowHeight = 14.0, gap = 10.0
        let height = 60 + Double(classes.count) * (Double(profiles.count) * rowHeight + gap) + 50
        var svg = SVG(width: 720, height: height, title: "Delivery rate by device class (user habit), 95 % Wilson interval")
        let plot = (x: 190.0, y: 40.0, width: 500.0)
        var y = plot.y
        for tick in stride(from: 0, through: 100, by: 20) {
            let x = plot.x + plot.width * Double(tick) / 100
            svg.line(x, plot.y - 4, x, height - 50, stroke: "#DDDDDD")
            svg.text(x, height - 36, "\(tick) %", anchor: "middle")
        }
        for name in classes {
            svg.text(plot.x - 8, y + Double(profiles.count) * rowHeight / 2 + 4, name, anchor: "end")
            for profile in profiles {
                if let row = report.classRows.first(where: { $0.profile == profile && $0.label == name }),
                    let percent = FleetReport.deliveryRate(row.group).percent, let interval = FleetReport.deliveryRate(row.group).interval
                {
                    svg.rect(plot.x, y + 1, plot.width * percent / 100, rowHeight - 2, fill: colour(ofProfile: profile), label: "\(profile) \(name): \(FleetReport.deliveryRate(row.group).text)")
                    let middle = y + rowHeight / 2
                    svg.line(plot.x + plot.width * interval.low / 100, middle, plot.x + plot.width * interval.high / 100, middle, stroke: "#000000")
                }
                y += rowHeight
            }
            y += gap
        }
        svg.legend(profiles.map { ($0, colour(ofProfile: $0)) }, x: plot.x, y: height - 16)
        return svg.text
    }

    static func unique(_ items: [String]) -> [String] {
        var seen: Set<String> = []
        return items.filter { seen.insert($0).inserted }
    }

    static func shortDuration(_ seconds: Int64) -> String {
        if seconds < 60 { return "\(seconds) s" }
        if seconds < 3600 { return "\(seconds / 60) min" }
        return "\(seconds / 3600) h"
    }
}

/// A minimal SVG writer with fixed number formatting.
struct SVG {
    private var body: [String] = []
    let width: Double, height: Double

    init(width: Double, height: Double, title: String) {
        self.width = width
        self.height = height
        body.append("<title>\(Self.escape(title))</title>")
        body.append("<rect x=\"0\" y=\"0\" width=\"\(Self.number(width))\" height=\"\(Self.number(height))\" fill=\"#FFFFFF\"/>")
        text(width / 2, 22, title, anchor: "middle", size: 15)
    }

    var text: String {
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(Self.number(width))\" height=\"\(Self.number(height))\" "
            + "viewBox=\"0 0 \(Self.number(width)) \(Self.number(height))\" font-family=\"sans-serif\" font-size=\"12\">\n"
            + body.map { "  " + $0 }.joined(separator: "\n") + "\n</svg>\n"
    }

    mutating func text(_ x: Double, _ y: Double, _ content: String, anchor: String = "start", size: Int = 12) {
        body.append("<text x=\"\(Self.number(x))\" y=\"\(Self.number(y))\" text-anchor=\"\(anchor)\" font-size=\"\(size)\">\(Self.escape(content))</text>")
    }

    mutating func line(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, stroke: String) {
        body.append("<line x1=\"\(Self.number(x1))\" y1=\"\(Self.number(y1))\" x2=\"\(Self.number(x2))\" y2=\"\(Self.number(y2))\" stroke=\"\(stroke)\" stroke-width=\"1\"/>")
    }

    mutating func rect(_ x: Double, _ y: Double, _ width: Double, _ height: Double, fill: String, label: String) {
        body.append(
            "<rect x=\"\(Self.number(x))\" y=\"\(Self.number(y))\" width=\"\(Self.number(max(0, width)))\" height=\"\(Self.number(max(0, height)))\" fill=\"\(fill)\"><title>\(Self.escape(label))</title></rect>")
    }

    mutating func polyline(_ points: [(Double, Double)], stroke: String, dash: String, label: String) {
        let coordinates = points.map { "\(Self.number($0.0)),\(Self.number($0.1))" }.joined(separator: " ")
        let dashAttribute = dash.isEmpty ? "" : " stroke-dasharray=\"\(dash)\""
        body.append("<polyline points=\"\(coordinates)\" fill=\"none\" stroke=\"\(stroke)\" stroke-width=\"2\"\(dashAttribute)><title>\(Self.escape(label))</title></polyline>")
    }

    /// A 0–100 % vertical axis with grid lines.
    mutating func percentAxis(_ plot: (x: Double, y: Double, width: Double, height: Double)) {
        for tick in stride(from: 0, through: 100, by: 20) {
            let y = plot.y + plot.height * (1 - Double(tick) / 100)
            line(plot.x, y, plot.x + plot.width, y, stroke: "#DDDDDD")
            text(plot.x - 6, y + 4, "\(tick) %", anchor: "end")
        }
        line(plot.x, plot.y, plot.x, plot.y + plot.height, stroke: "#000000")
    }

    mutating func legend(_ items: [(String, String)], x: Double, y: Double) {
        var left = x
        for (name, colour) in items {
            body.append("<rect x=\"\(Self.number(left))\" y=\"\(Self.number(y - 10))\" width=\"12\" height=\"12\" fill=\"\(colour)\"/>")
            text(left + 16, y, name)
            left += 24 + Double(name.count) * 7
        }
    }

    /// One decimal, no locale, no exponent.
    static func number(_ value: Double) -> String {
        // Coordinates come from rates in 0…100 % for any tally `fleet` writes; one edited by hand
        // can push them anywhere, and they are clamped rather than trap.
        let tenths = Int64(exactly: (value * 10).rounded(.toNearestOrAwayFromZero)) ?? (value < 0 ? -1_000_000_000 : 1_000_000_000)
        let sign = tenths < 0 ? "-" : ""
        let magnitude = tenths.magnitude
        return magnitude % 10 == 0 ? "\(sign)\(magnitude / 10)" : "\(sign)\(magnitude / 10).\(magnitude % 10)"
    }

    static func escape(_ text: String) -> String { XMLText.escape(text) }
}
