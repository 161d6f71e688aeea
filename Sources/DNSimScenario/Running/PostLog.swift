import DNSimCore

/// A world's posts as the run makes them: each notification the OS showed (or suppressed),
/// taken from the OS's log as it is posted so that the OS does not hold a device-year of posts
/// and their extras.
///
/// A post's content fetch time is the device's wall clock as the plugin wrote it; it is read
/// against the run's whole clock history when the run is over (``posts(reading:)``), as it was
/// when the worlds turned the OS's log into posts at the end.
struct PostLog {
    private var posts: [WorldOutcome.Post] = []
    /// Each post's content fetch time (wall ms), parallel to ``posts``.
    private var fetchedAtWallMillis: [Int64?] = []

    /// Adds a post whose `contentFetchedAt` is still to be read from `fetchedAtWallMillis`.
    mutating func append(_ post: WorldOutcome.Post, contentFetchedAtWallMillis: Int64?) {
        posts.append(post)
        fetchedAtWallMillis.append(contentFetchedAtWallMillis)
    }

    /// The posts, each fetch time read as the instant `ledger` maps its wall time to.
    mutating func posts(reading ledger: RunLedger) -> [WorldOutcome.Post] {
        for (position, wallMillis) in fetchedAtWallMillis.enumerated() {
            if let wallMillis { posts[position].contentFetchedAt = ledger.trueInstant(forWallMillis: wallMillis) }
        }
        return posts
    }
}
