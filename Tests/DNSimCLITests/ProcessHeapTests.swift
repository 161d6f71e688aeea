import DNSimCLI
import Testing

/// ``ProcessHeap``: the executable's heap settings, and the way to keep the C library's.
struct ProcessHeapTests {
    @Test func theDefaultsAreKeptWhenTheEnvironmentAsks() {
        #expect(ProcessHeap.prepare(environment: ["DNSIM_HEAP": "default"]) == .keptDefaults)
    }

    #if canImport(Glibc)
        /// On glibc the settings take, and any huge-page advice covers whole 2 MiB pages of the
        /// reserve. (How far the heap grows depends on what this test process left free at its
        /// top, so the reserve's size is not pinned here; the bench measures its effect.)
        @Test func onGlibcTheHeapIsPrepared() {
            let outcome = ProcessHeap.prepare(environment: ["DNSIM_HEAP": "tuned"])
            guard case .prepared(let reserve, let hugePageBytes) = outcome else {
                Issue.record("glibc refused the heap settings: \(outcome)")
                return
            }
            #expect(reserve >= 0)
            #expect(hugePageBytes % (2 << 20) == 0)
            #expect(hugePageBytes <= reserve)
        }
    #endif
}
