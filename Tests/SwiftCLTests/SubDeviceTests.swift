import SwiftCL
import SwiftCLKernels
import SwiftCLTestSupport
import Testing

@Suite("Sub-devices")
struct SubDeviceTests {
    static let partitionable = TestDevices.all.filter { $0.partitionMaxSubDevices > 1 && $0.partitionKinds.contains(.equally) }

    @Test("PoCL's CPU device can be partitioned (so the sub-device tests below run on CI)")
    func somethingPartitions() {
        #expect(!Self.partitionable.isEmpty, "no device supports partitioning equally")
    }

    @Test("one ND-range split over two sub-device queues gives the verified result", arguments: partitionable)
    func splitRange(device: Device) async throws {
        let parts = try device.partition(.equally(computeUnits: 1))
        #expect(parts.count >= 2)
        #expect(parts.allSatisfy { $0.parent == device && $0.computeUnits == 1 })
        let context = try Context(devices: Array(parts.prefix(2)))
        let q0 = try ComputeQueue(device: parts[0], context: context)
        let q1 = try ComputeQueue(device: parts[1], context: context)
        let n = 100_003
        let a = ramp(n), b = ramp(n, scale: 3)
        let add = try AddArraysCL.AddArrays(context: context)
        let bufferA = try Buffer(copying: a, context: context)
        let bufferB = try Buffer(copying: b, context: context)
        let bufferC = try Buffer<Float>(count: n, context: context)
        async let first: Void = q0.run { cl in try add(cl, NDRange(n / 2), a: bufferA, b: bufferB, c: bufferC) }
        async let second: Void = q1.run { cl in try add(cl, NDRange(n - n / 2, offset: n / 2), a: bufferA, b: bufferB, c: bufferC) }
        try await first
        try await second
        #expect(try await q0.run { cl in try cl.read(bufferC) } == AddArraysCL.AddArrays.reference(a, b))
    }

    @Test("partition by counts, and requests the device cannot honour", arguments: partitionable)
    func partitionRequests(device: Device) throws {
        if device.partitionKinds.contains(.byCounts) {
            let parts = try device.partition(.counts([1, 1]))
            #expect(parts.map(\.computeUnits) == [1, 1])
        }
        #expect(throws: SwiftCLError.self) { _ = try device.partition(.equally(computeUnits: 0)) }
        #expect(throws: SwiftCLError.self) { _ = try device.partition(.equally(computeUnits: device.computeUnits + 1)) }
        #expect(throws: SwiftCLError.self) { _ = try device.partition(.counts([])) }
        #expect(throws: SwiftCLError.self) { _ = try device.partition(.counts(Array(repeating: 1, count: device.partitionMaxSubDevices + 1))) }
        #expect(try device.partition(.equally(computeUnits: 1)).count >= 2, "still usable")
    }
}
