@testable import DNSimScenario
import Testing

/// The byte walks of ids and occurrence names agree with the walks by characters they stand in for.
struct ByteWalkTests {
    static let ids = [
        "", "a", "android/daily-basic", "/a", "a\\b", "..", "a/..", "../a", "a/../b", "a/.../b", "...", ".", "a/./b", "a//b",
        "a/", "a\nb", "a\u{7F}b", "a\tb", "é/..", "x/é", "a\r\nb", String(repeating: "a", count: 120),
        String(repeating: "a", count: 121), "explore/android-week/seed-18446744073709551615", "a/..\u{301}",
    ]

    @Test func plainASCIIFileNamesAreThoseWithNoProblem() {
        for id in Self.ids {
            let plain = SafeName.isPlainASCIIFileName(id)
            let byCharacters = SafeName.problemAsFileNameByCharacters(id)
            if plain { #expect(byCharacters == nil, "\(id.debugDescription)") }
            #expect(SafeName.problemAsFileName(id) == byCharacters, "\(id.debugDescription)")
            if id.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { #expect(plain == (byCharacters == nil), "\(id.debugDescription)") }
        }
    }

    static let names = ["", "abc", "@", "a@b@c", "a@@", "slot@2026-03-25", "é@x", "a\u{301}@b", "@\u{301}x", "a\r\n@b", "a@\u{301}@c"]

    @Test(arguments: names)
    func prefixesEndingInAtByBytesAreThoseByCharacters(_ name: String) {
        var bytes: [String] = []
        RunResultBuilder.forEachPrefixEndingInAt(name) { bytes.append($0) }
        var characters: [String] = []
        RunResultBuilder.forEachPrefixEndingInAtByCharacters(name) { characters.append($0) }
        #expect(bytes.map { Array($0.utf8) } == characters.map { Array($0.utf8) })
    }

    @Test func prefixesEndingInAt() {
        var prefixes: [String] = []
        RunResultBuilder.forEachPrefixEndingInAt("a@b@c") { prefixes.append($0) }
        #expect(prefixes == ["a@", "a@b@"])
        prefixes = []
        RunResultBuilder.forEachPrefixEndingInAt("@\u{301}x") { prefixes.append($0) }
        #expect(prefixes.isEmpty)
    }
}
