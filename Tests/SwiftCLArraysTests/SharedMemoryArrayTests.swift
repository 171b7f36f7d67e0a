import SwiftCL
import SwiftCLArrays
import SwiftCLTestSupport
import Testing

@Suite("DeviceArray in shared virtual memory")
struct SharedMemoryArrayTests {
    @Test("expressions, reductions and sorts on arrays in shared virtual memory match the host (sizes 0, 1, odd, large)",
          arguments: TestDevices.svmGranularities, [0, 1, 7, 65_539])
    func operations(svmCase: (device: Device, granularity: SVMGranularity), count: Int) throws {
        let queue = try makeQueue(svmCase.device)
        let values = (0..<count).map { Float(($0 * 37) % 101) - 50 }
        let a = try DeviceArray<Float>(sharedShape: [count], granularity: svmCase.granularity, on: queue)
        try a.assign(try DeviceArray(values, on: queue))
        #expect(a.sharedAllocation?.granularity == svmCase.granularity)
        try a.assign(a * 2 + 1)
        let expected = values.map { $0 * 2 + 1 }
        #expect(try a.toArray() == expected)
        #expect(try a.withHostElements { Array($0) } == expected)
        #expect(try a.sum() == expected.reduce(0, +), "small integers: exact")
        #expect(try a.sorted().toArray() == expected.sorted())
        if count > 4 {
            let view = try a[2..<5]
            #expect(try view.toArray() == Array(expected[2..<5]))
            #expect(try view.withHostElements { Array($0) } == Array(expected[2..<5]))
        }
    }

    @Test("fine grain: the host reads the elements in place, and host writes are seen by the next kernel", arguments: TestDevices.all)
    func inPlace(device: Device) throws {
        guard device.svmCapabilities.contains(.fineGrainBuffer) else { return }
        let queue = try makeQueue(device)
        let a = try DeviceArray<Int32>(sharing: [1, 2, 3, 4, 5], on: queue)
        let allocation = try #require(a.sharedAllocation)
        try a.assign(a * 10)
        // The pointer body sees is the allocation's own memory: no map, no copy.
        let (address, elements) = try a.withHostElements { (UnsafeRawPointer($0.baseAddress), Array($0)) }
        #expect(address == UnsafeRawPointer(allocation.baseAddress) && elements == [10, 20, 30, 40, 50])
        try allocation.withUnsafeMutableBufferPointer { $0[4] = -7 }
        #expect(try (a + 1).evaluated().toArray() == [11, 21, 31, 41, -6])
        // A plain array answers withHostElements through a map.
        let plain = try DeviceArray<Int32>([3, 1, 2], on: queue)
        let plainElements: [Int32] = try plain.withHostElements { Array($0) }
        #expect(plain.sharedAllocation == nil)
        #expect(plainElements == [3, 1, 2])
        #expect(try DeviceArray<Int32>(sharing: [], on: queue).withHostElements { $0.count } == 0)
    }

    @Test("a granularity the device lacks is refused, naming it", arguments: TestDevices.all)
    func refusal(device: Device) throws {
        let queue = try makeQueue(device)
        for granularity in [SVMGranularity.coarseGrain, .fineGrain, .fineGrainWithAtomics]
        where (try? granularity.checkOffered(by: [(device.name, device.svmCapabilities)])) == nil {
            let error = thrownError { _ = try DeviceArray<Float>(sharedShape: [4], granularity: granularity, on: queue) } as? SwiftCLError
            #expect(error?.code == .svmUnsupported && error?.device == device.name)
        }
    }
}
