import OpenCLSource
import SwiftCL
import SwiftCLValidation

extension KernelTuner {
    /// Everything about the run that can be wrong before a kernel is built, checked in one place: the problem size, the
    /// budget and sampling settings, the tolerance, the space (sized and bounded, every restriction evaluated), and every
    /// buffer against `device`'s single-allocation and global-memory limits.
    /// - Throws: ``KernelSpecError`` naming the setting and the limit.
    public func check(on device: Device) throws {
        _ = try checkedConfigurations(on: device)
    }

    /// ``check(on:)``, returning the space's configurations it walked (a run walks them once).
    func checkedConfigurations(on device: Device) throws -> [TuningConfiguration] {
        try size.check()
        if let seconds = budget.seconds, !(seconds >= 0) {
            throw KernelSpecError.badArgument("time limit \(seconds)", reason: "a budget of seconds must be a number, 0 or more")
        }
        if let evaluations = budget.evaluations, evaluations < 1 {
            throw KernelSpecError.badArgument("\(evaluations) evaluations", reason: "a budget evaluates at least 1 configuration")
        }
        guard samples >= 1, samples <= 1_000 else {
            throw KernelSpecError.badArgument("\(samples) samples", reason: "take 1 to 1,000 samples per configuration")
        }
        guard sampleBudget > 0, sampleBudget <= 3_600 else {
            throw KernelSpecError.badArgument("\(sampleBudget) s per sample", reason: "a sample lasts more than 0 and at most 3,600 s")
        }
        guard leaders >= 0, (1...1_000).contains(retimingRounds) else {
            throw KernelSpecError.badArgument("\(leaders) leaders, \(retimingRounds) rounds",
                                              reason: "re-time 0 or more leaders over 1 to 1,000 rounds")
        }
        if let raceCutoff, !(raceCutoff >= 1 && raceCutoff.isFinite) {
            throw KernelSpecError.badArgument("race cutoff \(raceCutoff)", reason: "a multiple of the best time of at least 1")
        }
        try Self.check(tolerance)
        let configurations = try space.configurations()
        try kernel.spec.checkBuffers(for: size, on: device)
        return configurations
    }

    /// Throws for a tolerance whose bounds are not finite numbers ≥ 0 (a NaN bound would decide nothing).
    static func check(_ tolerance: Tolerance) throws {
        func bad(_ reason: String) -> KernelSpecError { KernelSpecError.badTolerance("\(tolerance) (\(reason))") }
        switch tolerance {
        case .exact: return
        case let .absolute(bound), let .relative(bound):
            guard bound.isFinite, bound >= 0 else { throw bad("a bound is a finite number ≥ 0") }
        case let .ulp(units):
            guard units >= 0 else { throw bad("ULPs are 0 or more") }
        case let .allClose(atol, rtol):
            guard atol.isFinite, rtol.isFinite, atol >= 0, rtol >= 0 else { throw bad("atol and rtol are finite numbers ≥ 0") }
        case let .anyOf(parts), let .allOf(parts):
            guard !parts.isEmpty else { throw bad("a combination needs at least one part") }
            for part in parts { try check(part) }
        }
    }
}

extension KernelArgumentSpec {
    /// Throws unless every buffer at `size` fits `device`'s largest allocation and all of them its global memory
    /// (checked arithmetic: a count whose bytes overflow is refused, not wrapped).
    /// - Throws: ``KernelSpecError/badArgument(_:reason:)`` naming the buffer and the limit.
    public func checkBuffers(for size: ProblemSize, on device: Device) throws {
        var total = 0
        for buffer in try bufferBytes(for: size) {
            guard let bytes = buffer.bytes, UInt64(bytes) <= device.maxMemoryAllocationBytes else {
                throw KernelSpecError.badArgument(buffer.label, reason: "\(buffer.bytes.map(String.init) ?? "over 2^63") bytes; "
                    + "\(device.name) allocates at most \(device.maxMemoryAllocationBytes) bytes in one buffer (CL_DEVICE_MAX_MEM_ALLOC_SIZE)")
            }
            total += bytes
            guard UInt64(total) <= device.globalMemoryBytes else {
                throw KernelSpecError.badArgument("the buffers at \(size)", reason: "\(total) bytes together; \(device.name) has "
                    + "\(device.globalMemoryBytes) bytes of global memory (CL_DEVICE_GLOBAL_MEM_SIZE)")
            }
        }
    }

    /// Each buffer argument at `size`, named as messages name it (`float[n] at 1000`), and its bytes (nil past `Int`).
    /// - Throws: ``KernelSpecError`` when a count cannot be computed.
    func bufferBytes(for size: ProblemSize) throws -> [(label: String, bytes: Int?)] {
        try arguments.compactMap { argument in
            guard case let .buffer(_, type, count) = argument, let element = OpenCLType(name: type) else { return nil }
            let (bytes, overflow) = try count.count(for: size).multipliedReportingOverflow(by: element.byteSize)
            return ("\(type)[\(count)] at \(size)", overflow ? nil : bytes)
        }
    }
}
