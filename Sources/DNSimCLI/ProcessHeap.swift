#if canImport(Glibc)
import Glibc
#endif

/// How the `dnsim` process sets up its heap before it runs anything: a host-process setting at
/// the executable's edge, which changes no output (the simulator reads nothing of the host).
///
/// A device-year run touches some 10–25 MiB of heap that it builds up a little at a time. With
/// glibc's defaults that costs a page fault per 4 KiB page as the heap grows (4 000–6 000 per
/// run, measured at 7–11 ms of system time against 60–160 ms of work), and larger blocks are
/// mapped and unmapped afresh each time an array doubles past 128 KiB. On Linux with glibc,
/// ``prepare(environment:)`` therefore:
/// - keeps blocks up to 32 MiB in the heap (`M_MMAP_THRESHOLD`), never hands freed memory back
///   below 128 MiB (`M_TRIM_THRESHOLD`), and grows the heap 64 MiB at a time (`M_TOP_PAD`): the
///   effect of glibc's `glibc.malloc.mmap_threshold`, `trim_threshold` and `top_pad` tunables;
/// - grows the heap once, up front, and asks the kernel for transparent huge pages over that
///   reserve (`madvise(MADV_HUGEPAGE)`, honoured when
///   `/sys/kernel/mm/transparent_hugepage/enabled` is `madvise` or `always`): what
///   `glibc.malloc.hugetlb=1` does. A 2 MiB page is faulted in once instead of 512 small ones.
///   The stretch of the reserve below its first whole huge page is taken by one block that is
///   never used, so that the run's blocks start on huge pages. A device-year then takes
///   600–1 200 page faults, some 550 of them the executable's own loading.
///
/// The reserve is address space: only the pages a run touches are resident, in 2 MiB steps, so
/// peak resident memory rises by a few MiB (a 50-slot device-year: 30 → 35 MiB). Other
/// platforms and C libraries are left as they are. `DNSIM_HEAP=default` in the environment
/// leaves glibc's defaults too.
public enum ProcessHeap {
    /// How far the heap grows at a time, and the size of the up-front reserve.
    static let growth = 64 << 20

    /// What ``prepare(environment:)`` did.
    public enum Outcome: Equatable, Sendable {
        /// Nothing: `DNSIM_HEAP=default` asked for the C library's defaults.
        case keptDefaults
        /// Nothing: not glibc on Linux, or the C library refused a setting.
        case unavailable
        /// The settings are made and the heap has `reserve` bytes free at its top, of which
        /// `hugePageBytes` (whole 2 MiB pages) are advised for transparent huge pages (0 when
        /// the kernel refused the advice).
        case prepared(reserve: Int, hugePageBytes: Int)
    }

    /// Sets up the heap as described above, unless `environment` has `DNSIM_HEAP=default`.
    /// Call it once, first thing, from the executable.
    @discardableResult
    public static func prepare(environment: [String: String]) -> Outcome {
        guard environment["DNSIM_HEAP"] != "default" else { return .keptDefaults }
        #if canImport(Glibc)
            // `mallopt` is not in the Glibc module: it is found by name, as the C library exports
            // it. So are `malloc` and `free` here: the optimizer would drop a direct call pair
            // whose block is never used, and this one is made only for its effect on the heap.
            typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
            typealias Malloc = @convention(c) (Int) -> UnsafeMutableRawPointer?
            typealias Free = @convention(c) (UnsafeMutableRawPointer?) -> Void
            guard let malloptSymbol = dlsym(nil, "mallopt"), let mallocSymbol = dlsym(nil, "malloc"),
                let freeSymbol = dlsym(nil, "free")
            else { return .unavailable }
            let mallopt = unsafeBitCast(malloptSymbol, to: Mallopt.self)
            // <malloc.h>: M_TRIM_THRESHOLD -1, M_TOP_PAD -2, M_MMAP_THRESHOLD -3.
            guard mallopt(-3, 32 << 20) == 1, mallopt(-1, 128 << 20) == 1, mallopt(-2, Int32(growth)) == 1 else { return .unavailable }
            // One block under the mapping threshold makes the heap grow now, by it and the pad;
            // freed, it leaves that much free at the heap's top, where the next blocks are cut.
            guard let start = sbrk(0), let block = unsafeBitCast(mallocSymbol, to: Malloc.self)(8 << 20) else { return .unavailable }
            unsafeBitCast(freeSymbol, to: Free.self)(block)
            guard let end = sbrk(0) else { return .unavailable }
            let reserve = end - start
            let hugePage = 2 << 20
            let first = (Int(bitPattern: start) + hugePage - 1) & ~(hugePage - 1)
            let last = Int(bitPattern: end) & ~(hugePage - 1)
            guard last > first, let region = UnsafeMutableRawPointer(bitPattern: first) else {
                return .prepared(reserve: reserve, hugePageBytes: 0)
            }
            // Advice only: a kernel without transparent huge pages refuses it, and nothing changes.
            let advised = madvise(region, last - first, MADV_HUGEPAGE) == 0
            // The heap's top starts where the block did, below the first whole huge page: a block
            // kept over that stretch (untouched but for its header) makes the next ones start
            // on huge pages.
            let below = first - Int(bitPattern: block)
            if advised, below > 4096 { _ = unsafeBitCast(mallocSymbol, to: Malloc.self)(below - 64) }
            return .prepared(reserve: reserve, hugePageBytes: advised ? last - first : 0)
        #else
            return .unavailable
        #endif
    }
}
