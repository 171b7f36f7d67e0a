import SwiftCL
import SwiftCLFFT
import SwiftCLTestSupport
import Testing

/// Issue 40: FFT shapes and batches at every integer boundary, and outputs over their inputs' memory.
@Suite("FFT under adversarial input")
struct FFTAdversarialTests {
    @Test("extreme shapes and batches: a typed FFTError at once, or the transform runs (lengths near Int.max judged in microseconds)")
    func extremeShapes() throws {
        let queue = try ComputeQueue(preferring: [.gpu, .cpu])
        let data = try Buffer<SIMD2<Float>>(count: 64, context: queue.context)
        let lengths = [Int.min, -1, 0, 1, 2, 17, 64, 65, 1 << 31, (1 << 61) - 1, Int.max / 2, Int.max - 1, Int.max]
        let batches = [Int.min, -1, 0, 1, 2, Int.max]
        var (ran, refused) = (0, 0)
        let clock = ContinuousClock()
        let started = clock.now
        for shape in lengths.map({ [$0] }) + lengths.map({ [$0, 2] }) + lengths.map({ [2, $0, 2] }) {
            for batch in batches {
                do {
                    try queue.sync { cl in _ = try cl.fft(inPlace: data, shape: shape, batch: batch, engine: .clfft) }
                    ran += 1
                } catch is FFTError {
                    refused += 1
                }
            }
        }
        print("FFT shapes: \(ran + refused) inputs, \(ran) ran, \(refused) typed refusals")
        #expect(ran > 0 && refused > 0)
        // A liveness bound, not a timing: trial division of 2^61 − 1 used to run ~10^9 steps.
        #expect(clock.now - started < .seconds(120))
        #expect(performing: { try queue.sync { cl in _ = try cl.fft(inPlace: data, shape: [(1 << 61) - 1], engine: .clfft) } },
                throws: { ($0 as? FFTError)?.code == .unsupportedLength && "\($0)".contains("above 65536") })
        #expect(performing: { try queue.sync { cl in _ = try cl.fft(inPlace: data, shape: [2, 17 << 27], engine: .clfft) } },
                throws: { "\($0)".contains("the prime factor 17") })
    }

    @Test("an output over the input's memory through another buffer object is refused; the data is unchanged", arguments: TestDevices.all)
    func overlappingOutput(device: Device) throws {
        let queue = try makeQueue(device)
        // Sub-buffers start at multiples of the device's base-address alignment (128 bytes on PoCL, 512 on NVIDIA):
        // `a` complex elements, at least 16.
        let a = max(16, device.memoryBaseAddressAlignmentBits / 8 / MemoryLayout<SIMD2<Float>>.stride)
        let host = simd(fftSignal(4 * a, seed: 9), as: Float.self)
        let data = try Buffer(copying: host, context: queue.context)
        let sameMemory = try data.reinterpreted(as: SIMD2<Float>.self)
        let shifted = try data[a..<(3 * a)]
        let reals = try data.reinterpreted(as: Float.self)
        let refusals: [(String, (ComputeEncoder) throws -> Void)] = [
            ("complex into a reinterpretation", { cl in _ = try cl.fft(data, into: sameMemory, shape: [a]) }),
            ("complex into an overlapping sub-buffer", { cl in _ = try cl.fft(data, into: shifted, shape: [2 * a]) }),
            ("real into its own memory", { cl in _ = try cl.realFFT(reals, into: data, shape: [2 * a]) }),
            ("inverse real into its own memory", { cl in _ = try cl.inverseRealFFT(data, into: reals, shape: [a]) }),
        ]
        for (name, body) in refusals {
            let error = thrownError { try queue.sync(body) }
            #expect((error as? FFTError)?.code == .invalidArgument && "\(error.map { "\($0)" } ?? "")".contains("shares memory"), "\(name)")
        }
        #expect(try queue.sync { cl in try cl.read(data) } == host)
        // Disjoint halves of one buffer through sub-buffers are fine, and so is one buffer in place.
        let (first, second) = (try data[0..<a], try data[a..<(2 * a)])
        try queue.sync { cl in
            _ = try cl.fft(first, into: second, shape: [a])
            _ = try cl.fft(inPlace: first, shape: [a])
        }
        let after = try queue.sync { cl in try cl.read(data) }
        for k in 0..<a { #expect(abs(after[k].x - after[a + k].x) <= 1e-4 && abs(after[k].y - after[a + k].y) <= 1e-4) }
    }

    @Test("two buffers over one shared-virtual-memory allocation, or over overlapping wrapped host memory, are one memory: refused",
          arguments: TestDevices.all)
    func overlappingSharedMemory(device: Device) throws {
        let queue = try makeQueue(device)
        let host = simd(fftSignal(64, seed: 4), as: Float.self)
        if (try? SVMGranularity.coarseGrain.checkOffered(by: [(device.name, device.svmCapabilities)])) != nil {
            let allocation = try SVMBuffer<SIMD2<Float>>(count: 64, context: queue.context)
            let a = try Buffer(sharing: allocation), b = try Buffer(sharing: allocation)
            try queue.sync { cl in try cl.write(a, from: host) }
            let error = thrownError { try queue.sync { cl in _ = try cl.fft(a, into: b, shape: [64]) } }
            #expect((error as? FFTError)?.code == .invalidArgument && "\(error.map { "\($0)" } ?? "")".contains("shares memory"),
                    "\(String(describing: error))")
            #expect(try queue.sync { cl in try cl.read(a) } == host, "nothing ran")
        }
        // Wrapped host memory: the second buffer starts 16 elements into the first's 64.
        let memory = UnsafeMutableBufferPointer<SIMD2<Float>>.allocate(capacity: 96)
        defer { memory.deallocate() }
        _ = memory.initialize(from: host + host[0..<32])
        try withExtendedLifetime(memory) {
            let first = try Buffer.unsafeWrapping(UnsafeMutableBufferPointer(rebasing: memory[0..<64]), context: queue.context)
            let second = try Buffer.unsafeWrapping(UnsafeMutableBufferPointer(rebasing: memory[16..<80]), context: queue.context)
            let apart = try Buffer.unsafeWrapping(UnsafeMutableBufferPointer(rebasing: memory[64..<96]), context: queue.context)
            let error = thrownError { try queue.sync { cl in _ = try cl.fft(first, into: second, shape: [64]) } }
            #expect((error as? FFTError)?.code == .invalidArgument, "\(String(describing: error))")
            // Disjoint wrapped memory is two memories: allowed.
            let half = try Buffer.unsafeWrapping(UnsafeMutableBufferPointer(rebasing: memory[0..<32]), context: queue.context)
            try queue.sync { cl in _ = try cl.fft(half, into: apart, shape: [32]) }
        }
    }
}
