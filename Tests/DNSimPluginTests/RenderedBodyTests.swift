import DNSimPlugin
import Testing

/// ``PluginStore/Slot/renderedBody(_:version:)`` is the body with its content marker, exactly
/// as the concatenation it replaced spelled it.
struct RenderedBodyTests {
    @Test func isTheBodyWithItsContentMarker() {
        for body in ["", "b", "Daily reminder", "a body longer than a small string holds", "caf\u{E9}", "e\u{301}"] {
            for version in ["0", "7", "12345678901234567890", ""] {
                let expected = body.isEmpty ? "[content v\(version)]" : body + " [content v\(version)]"
                let rendered = PluginStore.Slot.renderedBody(body, version: version)
                #expect(Array(rendered.utf8) == Array(expected.utf8), "\(body) v\(version)")
            }
        }
    }
}
