import DNSimCore
import Testing

struct JSONPointerTests {
    @Test func rendersTheRootAsTheEmptyString() {
        #expect(JSONPointer.root.description == "")
        #expect(JSONPointer.root.isRoot)
        #expect(JSONPointer.root.readable == "(document root)")
    }

    @Test func appendsKeysAndIndices() {
        let pointer = JSONPointer.root.appending("steps").appending(3).appending("at")
        #expect(pointer.description == "/steps/3/at")
        #expect(pointer.readable == "/steps/3/at")
        #expect(pointer.tokens == ["steps", "3", "at"])
        #expect(pointer == JSONPointer(tokens: ["steps", "3", "at"]))
        #expect(!pointer.isRoot)
    }

    @Test func escapesTildeAndSlashAsRFC6901Requires() {
        #expect(JSONPointer.root.appending("a/b").description == "/a~1b")
        #expect(JSONPointer.root.appending("m~n").description == "/m~0n")
        #expect(JSONPointer.root.appending("~1").description == "/~01")
        #expect(JSONPointer.root.appending("/~").description == "/~1~0")
        #expect(JSONPointer.root.appending("").description == "/")
        #expect(JSONPointer.root.appending("").appending("").description == "//")
        #expect(JSONPointer.root.appending("ä b").description == "/ä b")
    }

    @Test func isHashable() {
        let pointers: Set = [JSONPointer.root.appending(1), JSONPointer.root.appending("1"), .root]
        #expect(pointers.count == 2)
    }
}
