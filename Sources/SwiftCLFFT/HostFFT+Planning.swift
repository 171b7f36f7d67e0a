#if canImport(Glibc)
import Glibc
#endif
import Dispatch
import SwiftCL

/// Each shape's plan, and how it is chosen (issue 44, session 30).
///
/// Measuring a plan (`FFTW_MEASURE`) takes FFTW 0.2–10 s per shape on the 2-core machines here (limited by
/// ``HostFFT/planningSeconds``; a convolution's forward and inverse transforms of a new length took 20 s), while an
/// estimated plan takes milliseconds and runs 1–7× slower (2048² complex: 7×). So a shape's first transform runs on
/// the estimate at once, and the worker measures plans in the background, times them beside the estimate on scratch
/// arrays and hands the fastest to later transforms. FFTW's threads cost ~0.1 ms per transform on these machines: a
/// 1,000-point transform took 0.1 ms on two threads and 3 µs on one, so small shapes are planned on one thread and
/// those between 2¹⁵ and 2¹⁹ points on one and on all, measured side by side.
extension HostFFT {
    /// The entries of ``table``.
    struct PlanTable: Sendable {
        struct Entry: Sendable {
            var plan: HostFFTPlan
            /// Whether the worker has measured and chosen this shape's plan.
            var chosen: Bool
        }

        var entries: [PlanKey: Entry] = [:]
        /// Callers waiting to plan a new shape: the worker lets them take the planner's lock first.
        var foregroundWaiting = 0
        /// Plans no one holds any more, destroyed under the planner's lock.
        var retired: [RetiredPlan] = []
    }

    struct RetiredPlan: @unchecked Sendable {
        let pointer: OpaquePointer
    }

    /// The plan for `geometry` in `direction`: the one chosen for the shape, or, for a shape new to this process, an
    /// estimate made now while the worker measures better ones (with ``FFTEngine/hostPlanning``
    /// ``HostFFTPlanning/measuredFirst``, the chosen one after waiting for the worker).
    /// - Throws: `FFTError.Code.invalidArgument` for sizes over FFTW's 32-bit integers, `FFTError.Code.library` when FFTW
    ///   makes no plan.
    func plan(_ geometry: FFTGeometry, forward: Bool, inPlace: Bool, routine: String) throws(FFTError) -> HostFFTPlan {
        let key = PlanKey(kind: geometry.kind, shape: geometry.shape, batch: geometry.batch, forward: forward, inPlace: inPlace)
        for value in geometry.shape + [geometry.batch, geometry.inputDistance, geometry.outputDistance] where value > Int(Int32.max) {
            throw FFTError(.invalidArgument, routine: routine, "\(value) is over FFTW's 32-bit sizes")
        }
        let waitsForChoice = FFTEngine.hostPlanning == .measuredFirst
        if let entry = table.withLock({ $0.entries[key] }), entry.chosen || !waitsForChoice { return entry.plan }
        table.withLock { $0.foregroundWaiting += 1 }
        let made: Bool
        do {
            defer { table.withLock { $0.foregroundWaiting -= 1 } }
            made = try planner.withLock { _ throws(FFTError) -> Bool in
                if table.withLock({ $0.entries[key] }) != nil { return false }
                destroyRetired()
                let threads = threadsForFirstPlan(points: geometry.points)
                let pointer = try makePlan(geometry, forward: forward, inPlace: inPlace, measured: false, threads: threads, routine: routine)
                let plan = HostFFTPlan(pointer, origin: .first, threads: threads, library: self)
                table.withLock { $0.entries[key] = PlanTable.Entry(plan: plan, chosen: false) }
                return true
            }
        }
        if made { worker.async { self.choosePlan(key, geometry) } }
        if waitsForChoice { worker.sync {} }
        // The entry exists: made here or by another caller; it is never removed.
        return table.withLock { $0.entries[key]!.plan }
    }

    /// Returns when the worker has chosen the plan of every shape planned so far.
    func waitForChoices() { worker.sync {} }

    /// The plans of `shape` × `batch` in the table, for tests: how each was made, its threads, whether it is chosen.
    func plans(shape: [Int], batch: Int) -> [(origin: HostFFTPlan.Origin, threads: Int, chosen: Bool)] {
        table.withLock { table in
            table.entries.filter { $0.key.shape == shape && $0.key.batch == batch }
                .map { (origin: $0.value.plan.origin, threads: $0.value.plan.threads, chosen: $0.value.chosen) }
        }
    }

    /// Hands a plan no one holds to the next holder of the planner's lock.
    func retire(_ pointer: OpaquePointer) {
        table.withLock { $0.retired.append(RetiredPlan(pointer: pointer)) }
    }

    /// One thread below 2¹⁷ points, where FFTW's threads cost more than they share (measured on the 2-core machines).
    private func threadsForFirstPlan(points: Int) -> Int { points < 1 << 17 ? 1 : threads }

    /// The thread counts the worker measures: one below 2¹⁵ points, all from 2¹⁹, both between.
    private func threadsMeasured(points: Int) -> [Int] {
        if threads == 1 || points < 1 << 15 { return [1] }
        return points >= 1 << 19 ? [threads] : [1, threads]
    }

    /// Destroys the retired plans. Call it holding `planner`.
    func destroyRetired() {
        let retired = table.withLock { table in
            defer { table.retired.removeAll() }
            return table.retired
        }
        for plan in retired { destroyPlan(plan.pointer) }
    }

    /// The worker's job for a new shape: measured plans (each under the planner's lock, taken only while no caller
    /// waits to plan a new shape), timed beside the first plan; the fastest goes into the table.
    private func choosePlan(_ key: PlanKey, _ geometry: FFTGeometry) {
        guard let first = table.withLock({ $0.entries[key]?.plan }) else { return }
        var candidates = [first]
        for threads in threadsMeasured(points: geometry.points) {
            while table.withLock({ $0.foregroundWaiting }) > 0 { usleep(200) }
            let pointer = planner.withLock { _ -> OpaquePointer? in
                destroyRetired()
                guard let pointer = try? makePlan(geometry, forward: key.forward, inPlace: key.inPlace, measured: true,
                                                  threads: threads, routine: "FFTW planning") else { return nil }
                saveWisdom()
                return pointer
            }
            if let pointer { candidates.append(HostFFTPlan(pointer, origin: .measured, threads: threads, library: self)) }
        }
        install(fastest(of: candidates, geometry, inPlace: key.inPlace) ?? first, for: key)
    }

    /// Makes `plan` the chosen plan of `key`. The plan it replaces goes once the commands that captured it have run.
    func install(_ plan: HostFFTPlan, for key: PlanKey) {
        // The replaced plan is let go after the lock (its release takes the table's lock).
        let replaced = table.withLock { table -> HostFFTPlan? in
            defer { table.entries[key] = PlanTable.Entry(plan: plan, chosen: true) }
            return table.entries[key]?.plan
        }
        withExtendedLifetime(replaced) {}
    }

    /// The plan that runs fastest on scratch arrays: best of three interleaved timings of ~2 ms each. Nil when
    /// scratch cannot be allocated.
    private func fastest(of plans: [HostFFTPlan], _ geometry: FFTGeometry, inPlace: Bool) -> HostFFTPlan? {
        guard plans.count > 1 else { return plans.first }
        return withScratch(geometry, inPlace: inPlace) { input, output in
            let (inputBytes, outputBytes) = scratchBytes(geometry)
            memset(input, 0, inputBytes)
            if !inPlace { memset(output, 0, outputBytes) }
            func run(_ plan: HostFFTPlan, times: Int) -> Double {
                let clock = ContinuousClock(), start = clock.now
                for _ in 0..<times { execute(plan, geometry.kind, from: input, to: output) }
                let elapsed = (clock.now - start).components
                return Double(elapsed.seconds) + Double(elapsed.attoseconds) * 1e-18
            }
            let once = plans.map { run($0, times: 1) }.min() ?? 0
            let times = max(1, min(1000, Int(2e-3 / max(once, 1e-7))))
            var best = [Double](repeating: .infinity, count: plans.count)
            for _ in 0..<3 {
                for (index, plan) in plans.enumerated() { best[index] = min(best[index], run(plan, times: times)) }
            }
            return plans[best.indices.min { best[$0] < best[$1] } ?? 0]
        }
    }

    /// Runs `body` on `fftw_malloc` scratch for `geometry` (one array when in place; not zeroed); nil when an
    /// allocation fails.
    private func withScratch<R>(_ geometry: FFTGeometry, inPlace: Bool,
                                _ body: (UnsafeMutableRawPointer, UnsafeMutableRawPointer) -> R) -> R? {
        let (inputBytes, outputBytes) = scratchBytes(geometry)
        guard let input = allocate(inputBytes) else { return nil }
        defer { release(input) }
        guard let output = inPlace ? input : allocate(outputBytes) else { return nil }
        defer { if !inPlace { release(output) } }
        return body(input, output)
    }

    /// Bytes of one side's arrays for `geometry` (at least 16: fftw_malloc of 0 may return nil).
    private func scratchBytes(_ geometry: FFTGeometry) -> (input: Int, output: Int) {
        let scalar = isDouble ? 8 : 4
        let input = geometry.inputDistance * geometry.batch * scalar * (geometry.kind == .realToComplex ? 1 : 2)
        let output = geometry.outputDistance * geometry.batch * scalar * (geometry.kind == .complexToReal ? 1 : 2)
        return (max(input, 16), max(output, 16))
    }

    /// A plan on scratch arrays (measuring writes its arrays; the plan then runs on the buffers). Call it holding
    /// `planner`.
    func makePlan(_ geometry: FFTGeometry, forward: Bool, inPlace: Bool, measured: Bool, threads: Int,
                  routine: String) throws(FFTError) -> OpaquePointer {
        planWithThreads?(Int32(threads))
        let lengths = geometry.shape.map(Int32.init)
        let (rank, batch) = (Int32(lengths.count), Int32(geometry.batch))
        let (inputDistance, outputDistance) = (Int32(geometry.inputDistance), Int32(geometry.outputDistance))
        // FFTW_MEASURE is 0, FFTW_ESTIMATE 1 << 6; neither FFTW_UNALIGNED: buffers are SIMD-aligned (see hostTransform).
        let flags: UInt32 = measured ? 0 : 1 << 6
        let made = withScratch(geometry, inPlace: inPlace) { input, output -> OpaquePointer? in
            lengths.withUnsafeBufferPointer { n in
                switch geometry.kind {
                case .complexToComplex:
                    planComplex(rank, n.baseAddress, batch, input, nil, 1, inputDistance, output, nil, 1, outputDistance,
                                forward ? -1 : 1, flags)
                case .realToComplex:
                    planRealToComplex(rank, n.baseAddress, batch, input, nil, 1, inputDistance, output, nil, 1, outputDistance, flags)
                case .complexToReal:
                    planComplexToReal(rank, n.baseAddress, batch, input, nil, 1, inputDistance, output, nil, 1, outputDistance, flags)
                }
            }
        }
        guard let made else { throw FFTError(.library, routine: routine, "fftw_malloc failed") }
        guard let plan = made else {
            throw FFTError(.library, routine: routine, "FFTW made no plan for shape \(geometry.shape) × \(geometry.batch)")
        }
        return plan
    }
}

extension FFTGeometry {
    /// Points in the whole batch.
    var points: Int { shape.reduce(1, *) * Swift.max(batch, 1) }
}
