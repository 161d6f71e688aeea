import DNSimCore
import Testing

/// ``RandomAccessCollection/partitioningIndex(where:)``: the first element of the second partition.
struct PartitioningIndexTests {
    @Test func findsTheFirstElementOfTheSecondPartitionForEveryBoundary() {
        for count in 0...9 {
            let values = Array(0..<count)
            for boundary in 0...count {
                #expect(values.partitioningIndex { $0 >= boundary } == boundary, "count \(count), boundary \(boundary)")
            }
        }
    }

    @Test func worksOnSlicesWithTheirOwnIndices() {
        let values = [1, 3, 3, 3, 7, 9]
        let slice = values[2...]
        #expect(slice.partitioningIndex { $0 > 3 } == 4)
        #expect(values.partitioningIndex { $0 > 3 } == 4)
        #expect(values.partitioningIndex { $0 > 100 } == values.endIndex)
    }
}
