import Foundation
import SwiftCL
@testable import SwiftCLFFT
import SwiftCLTestSupport
import Testing

/// Shapes no other suite transforms, so each is new to the process here: 1-D mixed radix, 2-D, 3-D with a unit axis,
/// and 2¹⁶ points (between 2¹⁵ and 2¹⁹: measured on one thread and on all).
private let planningShapes: [(shape: [Int], batch: Int)] = [([1155], 3), ([37, 6], 1), ([2, 3, 1], 2), ([1 << 16], 1)]

@Suite("FFTW's plans: estimated at first use, measured in the background, the fastest chosen")
struct HostFFTPlanningTests {
    static let devices = TestDevices.all.filter { fftEngines($0).contains(.hostFFT) }

    @Test("a new shape's first transforms and those after its plans are chosen agree with the host DFT, in both precisions",
          arguments: devices, planningShapes.indices)
    func firstAndChosen(device: Device, shapeIndex: Int) throws {
        let (shape, batch) = planningShapes[shapeIndex]
        try transforms(Float.self, device: device, shape: shape, batch: batch)
        try transforms(Double.self, device: device, shape: shape, batch: batch)
    }

    /// Forward and inverse complex transforms out of place and in place, and a real pair, each before and after
    /// ``FFTEngine/waitForHostPlans()``.
    private func transforms<T: FFTScalar & Sendable>(_: T.Type, device: Device, shape: [Int], batch: Int) throws {
        let host = try #require(HostFFT.library(for: T.self), "FFTW for \(T.self) is installed where CI runs")
        let queue = try makeQueue(device)
        let size = shape.reduce(1, *), last = shape[shape.count - 1], half = size / last * (last / 2 + 1)
        let signal = fftSignal(size * batch, seed: UInt64(size + batch))
        let forward = HostDFT.batched(signal, shape: shape, batch: batch, sign: -1)
        let data = try Buffer(copying: simd(signal, as: T.self), context: queue.context)
        let spectrum = try Buffer<SIMD2<T>>(count: size * batch, context: queue.context)
        let back = try Buffer<SIMD2<T>>(count: size * batch, context: queue.context)
        let inPlace = try Buffer(copying: simd(signal, as: T.self), context: queue.context)
        let reals = try Buffer(copying: signal.map { T($0.re) }, context: queue.context)
        let halves = try Buffer<SIMD2<T>>(count: half * batch, context: queue.context)
        let realBack = try Buffer<T>(count: size * batch, context: queue.context)
        for pass in ["first use", "chosen plans"] {
            let (complex, inverse, transformedInPlace, real) = try queue.sync { cl in
                try cl.copy(from: data, to: inPlace)
                try cl.fft(data, into: spectrum, shape: shape, batch: batch, engine: .hostFFT)
                try cl.fft(spectrum, into: back, shape: shape, batch: batch, direction: .inverse, engine: .hostFFT)
                try cl.fft(inPlace, into: inPlace, shape: shape, batch: batch, engine: .hostFFT)
                try cl.realFFT(reals, into: halves, shape: shape, batch: batch, engine: .hostFFT)
                try cl.inverseRealFFT(halves, into: realBack, shape: shape, batch: batch, engine: .hostFFT)
                return (try cl.read(spectrum), try cl.read(back), try cl.read(inPlace), try cl.read(realBack))
            }
            let tolerance = fftTolerance(T.self)
            #expect(relativeError(pairs(complex), forward) <= tolerance, "\(pass): forward")
            #expect(relativeError(pairs(inverse), signal) <= tolerance, "\(pass): inverse")
            #expect(relativeError(pairs(transformedInPlace), forward) <= tolerance, "\(pass): in place")
            #expect(relativeError(real.map { (Double($0), 0) }, signal.map { ($0.re, 0) }) <= tolerance, "\(pass): real pair")
            FFTEngine.waitForHostPlans()
            // Every plan of the shape is chosen now: the complex pair, in place, the real pair.
            let plans = host.plans(shape: shape, batch: batch)
            #expect(plans.count == 5 && plans.allSatisfy(\.chosen), "\(plans)")
            // Below 2¹⁵ points every candidate runs on one thread (FFTW's threads cost more than they share there).
            if size * batch < 1 << 15 { #expect(plans.allSatisfy { $0.threads == 1 }, "\(plans)") }
        }
    }

    @Test("a command that captured a plan the table has since replaced runs it; the plan goes after the command",
          arguments: devices)
    func replacedPlanInFlight(device: Device) throws {
        let host = try #require(HostFFT.single)
        let queue = try makeQueue(device)
        let shape = [3 * 7 * 13], batch = 2
        let signal = fftSignal(shape[0] * batch, seed: 41)
        let data = try Buffer(copying: simd(signal, as: Float.self), context: queue.context)
        let output = try Buffer<SIMD2<Float>>(count: signal.count, context: queue.context)
        _ = try queue.sync { cl in try cl.fft(data, into: output, shape: shape, batch: batch, engine: .hostFFT) }
        FFTEngine.waitForHostPlans()
        let key = HostFFT.PlanKey(kind: .complexToComplex, shape: shape, batch: batch, forward: true, inPlace: false)
        weak var captured: HostFFTPlan?
        captured = host.table.withLock { $0.entries[key]?.plan }
        #expect(captured != nil)
        // A command behind a gate captures the chosen plan; then the table takes another.
        let gate = try UserEvent(context: queue.context)
        try queue.sync { cl in try cl.fill(output, with: SIMD2(.nan, .nan)) }
        let pending = try queue.submit { cl in
            try cl.waiting(for: [gate.event]) { try cl.fft(data, into: output, shape: shape, batch: batch, engine: .hostFFT) }
        }
        let geometry = try FFTGeometry(.complexToComplex, shape: shape, batch: batch, routine: "test")
        let replacement = try host.planner.withLock { _ throws(FFTError) in
            try host.makePlan(geometry, forward: true, inPlace: false, measured: false, threads: 1, routine: "test")
        }
        host.install(HostFFTPlan(replacement, origin: .first, threads: 1, library: host), for: key)
        #expect(captured != nil, "the pending command holds the replaced plan")
        // Retired plans are destroyed here; the captured one is not retired while the command holds it.
        host.planner.withLock { _ in host.destroyRetired() }
        try gate.complete()
        let result = try queue.sync { cl in
            try cl.wait(for: [pending.completion])
            return try cl.read(output)
        }
        #expect(relativeError(pairs(result), HostDFT.batched(signal, shape: shape, batch: batch, sign: -1)) <= fftTolerance(Float.self))
        // The completion thread lets the command's objects go a moment after it completes (10 s bound the wait).
        let deadline = ContinuousClock.now + .seconds(10)
        while captured != nil, ContinuousClock.now < deadline { usleep(10_000) }
        #expect(captured == nil, "the replaced plan is let go once its command has run")
    }

    @Test("threads planning new shapes at once while the worker measures others each get a right result", arguments: devices)
    func concurrentNewShapes(device: Device) throws {
        let host = try #require(HostFFT.single)
        // Twelve lengths no other test uses, three per thread, each transformed twice.
        let lengths = [2 * 3 * 7 * 11, 4 * 5 * 13, 8 * 3 * 17, 2 * 5 * 7 * 7, 9 * 11 * 2, 16 * 23, 3 * 5 * 29, 4 * 7 * 19,
                       2 * 9 * 31, 6 * 37, 10 * 41, 12 * 43]
        let failures = Locked<[String]>([])
        DispatchQueue.concurrentPerform(iterations: 4) { thread in
            do {
                let queue = try makeQueue(device)
                for length in lengths[(thread * 3)..<(thread * 3 + 3)] {
                    let (signal, data, output) = try complexOperands(length, seed: UInt64(length), on: queue)
                    for pass in 0..<2 {
                        let result = try queue.sync { cl in
                            try cl.fft(data, into: output, shape: [length], engine: .hostFFT)
                            return try cl.read(output)
                        }
                        let error = relativeError(pairs(result), HostDFT.transform(signal, sign: -1))
                        if error > fftTolerance(Float.self) { failures.withLock { $0.append("\(length) pass \(pass): \(error)") } }
                    }
                }
            } catch {
                failures.withLock { $0.append("\(error)") }
            }
        }
        #expect(failures.withLock { $0 } == [])
        FFTEngine.waitForHostPlans()
        for length in lengths {
            let key = HostFFT.PlanKey(kind: .complexToComplex, shape: [length], batch: 1, forward: true, inPlace: false)
            let entry = host.table.withLock { $0.entries[key] }
            #expect(entry?.chosen == true && entry?.plan.threads == 1, "\(length)")
        }
    }

    @Test("async code awaits the chosen plans without blocking a thread", arguments: devices)
    func awaitedChoice(device: Device) async throws {
        let host = try #require(HostFFT.single)
        let (queue, shape) = (try makeQueue(device), [3 * 11 * 19])
        let (signal, data, output) = try complexOperands(shape[0], seed: 47, on: queue)
        let result = try await queue.run { cl in
            try cl.fft(data, into: output, shape: shape, engine: .hostFFT)
            return try cl.read(output)
        }
        #expect(relativeError(pairs(result), HostDFT.transform(signal, sign: -1)) <= fftTolerance(Float.self))
        await FFTEngine.hostPlansChosen()
        let plans = host.plans(shape: shape, batch: 1)
        #expect(plans.count == 1 && plans.allSatisfy(\.chosen), "\(plans)")
    }

    @Test("with measured-first planning a new shape's first transform waits for its chosen plan", arguments: devices)
    func measuredFirst(device: Device) throws {
        let host = try #require(HostFFT.single)
        let (queue, shape) = (try makeQueue(device), [5 * 11 * 17])
        let (signal, data, output) = try complexOperands(shape[0], seed: 43, on: queue)
        let before = FFTEngine.hostPlanning
        FFTEngine.hostPlanning = .measuredFirst
        defer { FFTEngine.hostPlanning = before }
        let key = HostFFT.PlanKey(kind: .complexToComplex, shape: shape, batch: 1, forward: true, inPlace: false)
        let result = try queue.sync { cl in
            try cl.fft(data, into: output, shape: shape, engine: .hostFFT)
            // The plan the command runs was chosen before it was enqueued.
            #expect(host.table.withLock { $0.entries[key]?.chosen } == true)
            return try cl.read(output)
        }
        #expect(relativeError(pairs(result), HostDFT.transform(signal, sign: -1)) <= fftTolerance(Float.self))
    }

    /// A complex Float signal of `count` points, its buffer and an output buffer.
    private func complexOperands(_ count: Int, seed: UInt64, on queue: ComputeQueue) throws
        -> ([HostDFT.Complex], Buffer<SIMD2<Float>>, Buffer<SIMD2<Float>>) {
        let signal = fftSignal(count, seed: seed)
        return (signal, try Buffer(copying: simd(signal, as: Float.self), context: queue.context),
                try Buffer<SIMD2<Float>>(count: count, context: queue.context))
    }
}
