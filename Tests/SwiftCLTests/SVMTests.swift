import Dispatch
import Foundation
import Synchronization
import SwiftCL
import SwiftCLTestSupport
import Testing

/// A node of a linked list the host builds in shared virtual memory and a kernel walks: OpenCL C lays it out as
/// `float value; uint tag; global struct node *next;` (16 bytes on a 64-bit device).
struct ListNode: BitwiseCopyable {
    var value: Float
    var tag: UInt32
    var next: UInt64
}

/// A type with no stored bytes (size 0, stride 1).
struct NoBytes: BitwiseCopyable {}

/// Every device with the SVM granularities it offers.
let svmCases = TestDevices.svmGranularities

@Suite("Shared virtual memory: SVMBuffer, pointers in data, map, copy, fill")
struct SVMTests {
    static let kernels = """
    typedef struct node { float value; uint tag; global struct node *next; } node;
    kernel void scale(global float *v, float k) { size_t i = get_global_id(0); v[i] = v[i] * k + (float)i; }
    kernel void walk(global const node *head, global float *sums, global uint *visits)
    {
        // Work-item w sums the list from its w-th node to the end, through the stored pointers.
        const global node *n = head + get_global_id(0);
        float s = 0.0f; uint count = 0;
        while (n) { s += n->value; count++; n = n->next; }
        sums[get_global_id(0)] = s; visits[get_global_id(0)] = count;
    }
    """

    @Test("the device's capabilities are read, and the three granularities are offered or refused accordingly",
          arguments: TestDevices.all)
    func capabilities(device: Device) throws {
        // PoCL's CPU device offers coarse- and fine-grain buffers with atomics (CL_DEVICE_SVM_CAPABILITIES 0xb).
        if device.type.contains(.cpu), device.platform.name.contains("Portable") {
            #expect(device.svmCapabilities.isSuperset(of: [.coarseGrainBuffer, .fineGrainBuffer, .atomics]), "\(device.svmCapabilities)")
        }
        let context = try Context(devices: [device])
        for granularity in [SVMGranularity.coarseGrain, .fineGrain, .fineGrainWithAtomics] {
            let offered = (try? granularity.checkOffered(by: [(device.name, device.svmCapabilities)])) != nil
            if offered {
                let svm = try SVMBuffer<Float>(count: 3, granularity: granularity, context: context)
                #expect(svm.count == 3 && svm.byteCount == 12)
            } else {
                #expect(throws: SwiftCLError.self) { _ = try SVMBuffer<Float>(count: 3, granularity: granularity, context: context) }
            }
        }
        // A refusal names the device, what was asked and what it offers.
        let error = thrownError { try SVMGranularity.fineGrainWithAtomics.checkOffered(by: [("old GPU", [.coarseGrainBuffer])]) } as? SwiftCLError
        #expect(error?.code == .svmUnsupported)
        #expect(error?.description.contains("old GPU") == true && error?.description.contains("fine-grain buffer with atomics") == true
                && error?.description.contains("coarse-grain buffer") == true, "\(String(describing: error))")
        #expect((thrownError { try SVMGranularity.coarseGrain.checkOffered(by: [("1.2 device", [])]) } as? SwiftCLError)?.description
            .contains("none") == true)
        // Bad counts are refused before anything is allocated.
        #expect((thrownError { _ = try SVMBuffer<Float>(count: 0, context: context) } as? SwiftCLError)?.code == .invalidCount)
        #expect((thrownError { _ = try SVMBuffer<Float>(count: Int.max, context: context) } as? SwiftCLError)?.code == .sizeOverflow)
        #expect((thrownError { _ = try SVMBuffer<UInt8>(count: device.maxMemoryAllocationBytes + 1, context: context) } as? SwiftCLError)?
            .code == .allocationTooLarge)
    }

    @Test("a kernel writes an SVMBuffer; the host reads it in place (fine grain) or through a map (coarse grain)",
          arguments: svmCases, [1, 7, 1000, 65_537])
    func kernelAndHost(deviceAndGranularity: (Device, SVMGranularity), count: Int) throws {
        let (device, granularity) = deviceAndGranularity
        let queue = try makeQueue(device)
        let scale = try queue.context.program(source: Self.kernels, name: "svm.cl").kernel(named: "scale")
        let svm = try SVMBuffer<Float>(count: count, granularity: granularity, context: queue.context)
        let input = (0..<count).map { Float($0 % 97) - 3 }
        let expected = input.enumerated().map { $0.element * 2 + Float($0.offset) }
        if granularity == .coarseGrain {
            #expect((thrownError { try svm.withUnsafeMutableBufferPointer { _ in } } as? SwiftCLError)?.code == .svmHostAccess)
            try queue.sync { cl in try cl.withMapped(svm) { _ = $0.update(fromContentsOf: input) } }
        } else {
            try svm.withUnsafeMutableBufferPointer { _ = $0.update(fromContentsOf: input) }
        }
        let mapped = try queue.sync { cl in
            try cl.launch(scale, NDRange(count), svm, Float(2))
            return try cl.withMapped(svm) { Array($0) }
        }
        #expect(mapped == expected)
        if granularity != .coarseGrain {
            // Fine grain: after the queue finished, the host reads the same memory without a map or a copy.
            try queue.sync { cl in try cl.launch(scale, NDRange(count), svm, Float(1)) }
            let direct = try svm.withUnsafeMutableBufferPointer { Array($0) }
            #expect(direct == expected.enumerated().map { $0.element + Float($0.offset) })
        }
    }

    @Test("a linked list built on the host in two allocations is walked on the device through its stored pointers",
          arguments: svmCases.filter { $0.1 != .coarseGrain }, [1, 2, 17, 1001])
    func linkedList(deviceAndGranularity: (Device, SVMGranularity), length: Int) throws {
        let (device, granularity) = deviceAndGranularity
        #expect(device.addressBits == 64, "the node layout assumes 64-bit device pointers")
        let queue = try makeQueue(device)
        let walk = try queue.context.program(source: Self.kernels, name: "svm.cl").kernel(named: "walk")
        // Node k lives in `even` (k even) or `odd` (k odd) at index k / 2; each points at node k + 1, the last at NULL.
        let even = try SVMBuffer<ListNode>(count: (length + 1) / 2, granularity: granularity, context: queue.context)
        let odd = try SVMBuffer<ListNode>(count: Swift.max(length / 2, 1), granularity: granularity, context: queue.context)
        func address(_ k: Int) throws -> UInt64 { k == length ? 0 : try (k % 2 == 0 ? even : odd).address(of: k / 2) }
        let values = (0..<length).map { Float(($0 * 37) % 101) * 0.25 }
        for k in 0..<length {
            let node = ListNode(value: values[k], tag: UInt32(k), next: try address(k + 1))
            try (k % 2 == 0 ? even : odd).withUnsafeMutableBufferPointer { $0[k / 2] = node }
        }
        // Work-items start at the first few nodes of `even` (consecutive there: nodes 0, 2, 4, …).
        let starts = Swift.min(even.count, 4)
        let sums = try Buffer<Float>(count: starts, context: queue.context), visits = try Buffer<UInt32>(count: starts, context: queue.context)
        let (deviceSums, deviceVisits) = try queue.sync { cl in
            try cl.launch(walk, NDRange(starts), arguments: [even, sums, visits], reaching: [odd])
            return (try cl.read(sums), try cl.read(visits))
        }
        for w in 0..<starts {
            let first = 2 * w
            let expected = values[first...].reduce(Float(0), +)
            #expect(deviceVisits[w] == UInt32(length - first), "start \(w)")
            #expect(abs(deviceSums[w] - expected) <= 1e-5 * Swift.max(1, abs(expected)), "start \(w): \(deviceSums[w]) vs \(expected)")
        }
        // A pointer into the middle of an allocation is an argument too.
        if even.count > 1 {
            let fromSecond = try queue.sync { cl in
                try cl.launch(walk, NDRange(1), arguments: [try even.pointer(at: 1), sums, visits], reaching: [odd])
                return try cl.read(visits)[0]
            }
            #expect(fromSecond == UInt32(length - 2))
        }
    }

    @Test("the DocC article's linked list: 1 → 2 → 10 across two allocations", arguments: svmCases.filter { $0.1 == .fineGrain }.map(\.0))
    func articleExample(device: Device) throws {
        let queue = try makeQueue(device)
        let walk = try queue.context.program(source: Self.kernels, name: "svm.cl").kernel(named: "walk")
        // OpenCL C: typedef struct node { float value; uint tag; global struct node *next; } node;
        let first = try SVMBuffer<ListNode>(count: 2, granularity: .fineGrain, context: queue.context)
        let second = try SVMBuffer<ListNode>(count: 1, granularity: .fineGrain, context: queue.context)
        try first.withUnsafeMutableBufferPointer { nodes in
            nodes[0] = ListNode(value: 1, tag: 0, next: try second.address(of: 0))
            nodes[1] = ListNode(value: 10, tag: 1, next: 0)
        }
        try second.withUnsafeMutableBufferPointer { nodes in
            nodes[0] = ListNode(value: 2, tag: 2, next: try first.address(of: 1))
        }
        let sums = try Buffer<Float>(count: 1, context: queue.context), visits = try Buffer<UInt32>(count: 1, context: queue.context)
        let total = try queue.sync { cl in
            try cl.launch(walk, NDRange(1), arguments: [first, sums, visits], reaching: [second])
            return try cl.read(sums)[0]
        }
        // total == 13: 1 → 2 → 10
        #expect(total == 13)
    }

    @Test("copies and fills between allocations, ranges checked before anything is enqueued", arguments: svmCases, [1, 13, 4099])
    func copyAndFill(deviceAndGranularity: (Device, SVMGranularity), count: Int) throws {
        let (device, granularity) = deviceAndGranularity
        let queue = try makeQueue(device)
        let a = try SVMBuffer<Int32>(count: count, granularity: granularity, context: queue.context)
        let b = try SVMBuffer<Int32>(count: count + 2, granularity: granularity, context: queue.context)
        let result = try queue.sync { cl in
            try cl.fill(a, with: 7)
            try cl.fill(b, with: -1)
            try cl.copy(from: a, at: 0, to: b, at: 2)
            return try cl.withMapped(b) { Array($0) }
        }
        #expect(result == [-1, -1] + [Int32](repeating: 7, count: count))
        _ = try queue.sync { cl in
            #expect((thrownError { try cl.copy(from: b, at: 0, to: a, at: 0) } as? SwiftCLError) == nil, "copies min(counts)")
            #expect((thrownError { try cl.copy(from: a, at: 1, to: b, at: 0, count: count) } as? SwiftCLError)?.code == .rangeOutOfBounds)
            #expect((thrownError { try cl.copy(from: a, at: 0, to: b, at: 3, count: count) } as? SwiftCLError)?.code == .rangeOutOfBounds)
            #expect((thrownError { try cl.copy(from: a, at: -1, to: b, at: 0, count: 1) } as? SwiftCLError)?.code == .rangeOutOfBounds)
        }
        // A 12-byte element is filled through a map (OpenCL takes power-of-two patterns only).
        let triples = try SVMBuffer<SIMD3<Float>>(count: count, granularity: granularity, context: queue.context)
        let filled = try queue.sync { cl in
            try cl.fill(triples, with: SIMD3(1, 2, 3))
            return try cl.withMapped(triples) { Array($0) }
        }
        #expect(filled.allSatisfy { $0 == SIMD3(1, 2, 3) })
        // An element without bytes (stride 1, size 0) fills with its padding.
        let empties = try SVMBuffer<NoBytes>(count: count, granularity: granularity, context: queue.context)
        try queue.sync { cl in try cl.fill(empties, with: NoBytes()) }
    }

    @Test("arguments are checked: element type, pointer range, context; the queue stays usable", arguments: svmCases.prefix(1).map(\.0))
    func argumentChecks(device: Device) throws {
        let queue = try makeQueue(device)
        let scale = try queue.context.program(source: Self.kernels, name: "svm.cl").kernel(named: "scale")
        let ints = try SVMBuffer<Int32>(count: 4, context: queue.context)
        let floats = try SVMBuffer<Float>(count: 4, context: queue.context)
        try queue.sync { cl in
            let wrongType = thrownError { try cl.launch(scale, NDRange(4), ints, Float(1)) } as? SwiftCLError
            #expect(wrongType?.code == .argumentType, "\(String(describing: wrongType))")
            #expect(wrongType?.description.contains("SVM") == true)
            #expect((thrownError { try cl.launch(scale, NDRange(4), try floats.pointer(at: 4), Float(1)) } as? SwiftCLError)?.code == .argumentType,
                    "no room for one float at the end")
            try cl.launch(scale, NDRange(4), floats, Float(1))
        }
        #expect((thrownError { _ = try floats.pointer(at: 5) } as? SwiftCLError)?.code == .rangeOutOfBounds)
        #expect((thrownError { _ = try floats.pointer(at: -1) } as? SwiftCLError)?.code == .rangeOutOfBounds)
        for extreme in [Int.max, Int.min, Int.max - 1] {
            #expect((thrownError { _ = try floats.pointer(at: extreme) } as? SwiftCLError)?.code == .rangeOutOfBounds)
            #expect((thrownError { _ = try floats.address(of: extreme) } as? SwiftCLError)?.code == .rangeOutOfBounds)
            try queue.sync { cl in
                #expect((thrownError { try cl.copy(from: floats, at: extreme, to: floats, at: 0, count: 1) } as? SwiftCLError)?.code == .rangeOutOfBounds)
                #expect((thrownError { try cl.copy(from: floats, at: 0, to: floats, at: extreme, count: 1) } as? SwiftCLError)?.code == .rangeOutOfBounds)
                #expect((thrownError { try cl.copy(from: floats, at: 0, to: floats, at: 0, count: extreme) } as? SwiftCLError)?.code == .rangeOutOfBounds)
            }
        }
        let other = try SVMBuffer<Float>(count: 4, context: try Context(devices: [device]))
        try queue.sync { cl in
            #expect((thrownError { try cl.launch(scale, NDRange(4), other, Float(1)) } as? SwiftCLError)?.code == .contextMismatch)
            #expect((thrownError { try cl.fill(other, with: 1) } as? SwiftCLError)?.code == .contextMismatch)
            #expect((thrownError { try cl.launch(scale, NDRange(4), arguments: [floats, Float(1)], reaching: [other]) } as? SwiftCLError)?
                .code == .contextMismatch)
        }
    }

    @Test("an SVMBuffer dropped while its kernel is queued stays alive until the kernel completes", arguments: svmCases.prefix(1).map(\.0))
    func lifetime(device: Device) throws {
        let queue = try makeQueue(device)
        let scale = try queue.context.program(source: Self.kernels, name: "svm.cl").kernel(named: "scale")
        let box = WeakSVM()
        let gate = DispatchSemaphore(value: 0)
        let (_, completion) = try queue.submit { cl in
            // A host command holds the queue until the test lets it go (PoCL runs native kernels).
            if device.supportsNativeKernels {
                _ = try cl.hostCommand(using: [], label: "gate") { _ in gate.wait() }
            }
            let svm = try SVMBuffer<Float>(count: 1 << 16, granularity: .coarseGrain, context: queue.context)
            box.svm = svm
            try cl.launch(scale, NDRange(1 << 16), svm, Float(2))
        }
        if device.supportsNativeKernels { #expect(box.svm != nil, "kept alive by the queued launch") }
        gate.signal()
        try completion.wait()
        // The keep-alive list is released as the commands complete; give the completion callback a moment.
        for _ in 0..<200 where box.svm != nil { usleep(5_000) }
        #expect(box.svm == nil, "freed once the kernel completed")
    }

    /// A weak reference the test's closures share.
    private final class WeakSVM: @unchecked Sendable {
        weak var svm: SVMBuffer<Float>?
    }
}

@Suite("Shared virtual memory: atomics from the host and the device at once")
struct SVMAtomicsTests {
    @Test("a kernel and the host add to one fine-grain counter with atomics, the host while the kernel is in flight; none is lost",
          arguments: TestDevices.svmGranularities.filter { $0.1 == .fineGrainWithAtomics }.map(\.0))
    func hostAndDevice(device: Device) throws {
        let queue = try makeQueue(device)
        var options = BuildOptions()
        options.raw = ["-cl-std=CL3.0"]
        let add = try queue.context.program(source: """
            // Host-visible scope where the compiler has it; PoCL 3.1 lacks the feature macro, and its device scope is the
            // CPU's own atomics, which the host's share.
            #ifdef __opencl_c_atomic_scope_all_devices
            #define SWIFTCL_SCOPE memory_scope_all_svm_devices
            #else
            #define SWIFTCL_SCOPE memory_scope_device
            #endif
            kernel void add(global atomic_int *counter, uint times)
            {
                for (uint t = 0; t < times; t++) atomic_fetch_add_explicit(counter, 1, memory_order_relaxed, SWIFTCL_SCOPE);
            }
            """, name: "svm-atomics.cl", options: options).kernel(named: "add")
        let counter = try SVMBuffer<Int32>(count: 1, granularity: .fineGrainWithAtomics, context: queue.context)
        try counter.withUnsafeMutableBufferPointer { $0[0] = 0 }
        let (items, times, hostAdds) = (64, 20_000, 200_000)
        let (_, done) = try queue.submit { cl in try cl.launch(add, NDRange(items), counter, UInt32(times)) }
        // The host adds while the kernel is in flight (how much they overlap is up to the scheduler; the sum must hold
        // either way), to the same address, with atomics of its own (`Atomic<Int32>` laid over it).
        let atomic = counter.baseAddress.bindMemory(to: Atomic<Int32>.self, capacity: 1)
        for _ in 0..<hostAdds { atomic.pointee.wrappingAdd(1, ordering: .relaxed) }
        try done.wait()
        #expect(atomic.pointee.load(ordering: .sequentiallyConsistent) == Int32(items * times + hostAdds))
    }
}
