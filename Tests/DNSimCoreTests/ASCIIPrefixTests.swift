import DNSimCore
import Testing

struct ASCIIPrefixTests {
    @Test(
        "hasASCIIPrefix agrees with hasPrefix, including a combining mark or LF joining the prefix's last character",
        arguments: [
            ("dn-s1-2026-03-02", "dn-"), ("dn-", "dn-"), ("dn", "dn-"), ("", "dn-"), ("x", ""), ("Dn-s1", "dn-"),
            ("dn-\u{301}x", "dn-"), ("dn-é", "dn-"), ("dn-\u{1F600}", "dn-"), ("a\r\nb", "a\r"), ("a\rb", "a\r"),
            ("dn-s1-x", "dn-s1"), ("dn-s10-x", "dn-s1"), ("other-1", "dn-"),
        ])
    func agreesWithHasPrefix(string: String, prefix: String) {
        #expect(string.hasASCIIPrefix(prefix) == string.hasPrefix(prefix))
    }
}
