/// The index space of a launch (the guide's `cl_ndrange`): 1 to 3 dimensions, a global size, an
/// offset, and an optional local (work-group) size. Shape errors throw at construction; device and
/// kernel limits are checked before each launch.
public struct NDRange: Hashable, Sendable, CustomStringConvertible {
    /// 1, 2 or 3.
    public let dimensions: Int
    let globalSize: SIMD3<Int>
    let offsetSize: SIMD3<Int>
    let localSize: SIMD3<Int>?

    /// A range with `global.count` dimensions; `local` and `offset`, when given, must have as many.
    /// - Throws: ``SwiftCLError/invalidNDRange(_:)`` naming the broken rule (dimension count, rank, a zero
    ///   or negative size, an offset or work-item count that overflows).
    public init(global: [Int], local: [Int]? = nil, offset: [Int]? = nil) throws {
        guard (1...3).contains(global.count) else {
            throw SwiftCLError.invalidNDRange(.dimensionCount(global.count))
        }
        if let local, local.count != global.count {
            throw SwiftCLError.invalidNDRange(.rankMismatch(global: global.count, other: local.count, what: "local"))
        }
        if let offset, offset.count != global.count {
            throw SwiftCLError.invalidNDRange(.rankMismatch(global: global.count, other: offset.count, what: "offset"))
        }
        let offset = offset ?? Array(repeating: 0, count: global.count)
        for dimension in global.indices {
            if global[dimension] < 0 { throw SwiftCLError.invalidNDRange(.negativeValue(dimension: dimension, what: "global size")) }
            if global[dimension] == 0 { throw SwiftCLError.invalidNDRange(.zeroGlobalSize(dimension: dimension)) }
            if offset[dimension] < 0 { throw SwiftCLError.invalidNDRange(.negativeValue(dimension: dimension, what: "offset")) }
            if offset[dimension].addingReportingOverflow(global[dimension]).overflow {
                throw SwiftCLError.invalidNDRange(.offsetOverflow(dimension: dimension))
            }
            if let local {
                if local[dimension] < 0 { throw SwiftCLError.invalidNDRange(.negativeValue(dimension: dimension, what: "local size")) }
                if local[dimension] == 0 { throw SwiftCLError.invalidNDRange(.zeroLocalSize(dimension: dimension)) }
            }
        }
        var items = 1
        for size in global {
            let (product, overflow) = items.multipliedReportingOverflow(by: size)
            if overflow { throw SwiftCLError.invalidNDRange(.workItemCountOverflow(global: global)) }
            items = product
        }
        dimensions = global.count
        globalSize = Self.padded(global, with: 1)
        offsetSize = Self.padded(offset, with: 0)
        localSize = local.map { Self.padded($0, with: 1) }
    }

    /// A 1-D range of `count` work items.
    /// - Throws: ``SwiftCLError/invalidNDRange(_:)`` naming the broken rule.
    public init(_ count: Int, local: Int? = nil, offset: Int = 0) throws {
        try self.init(global: [count], local: local.map { [$0] }, offset: [offset])
    }

    /// A 2-D range of `width × height` work items; the runtime chooses the work-group size.
    /// - Throws: ``SwiftCLError/invalidNDRange(_:)`` naming the broken rule.
    public init(width: Int, height: Int) throws {
        try self.init(global: [width, height])
    }

    /// A 2-D range of `width × height` work items in work-groups of `localWidth × localHeight` (both
    /// or neither: a lone local width cannot be written, so none is silently dropped).
    /// - Throws: ``SwiftCLError/invalidNDRange(_:)`` naming the broken rule.
    public init(width: Int, height: Int, localWidth: Int, localHeight: Int) throws {
        try self.init(global: [width, height], local: [localWidth, localHeight])
    }

    /// A range of at least `counts` work items per dimension, each rounded up to a multiple of `local`, so
    /// any problem size runs in uniform work-groups; the kernel guards the extra items (`if (i >= n) return;`).
    /// - Throws: ``SwiftCLError/invalidNDRange(_:)`` naming the broken rule (including a rounded size past `Int.max`).
    public init(covering counts: [Int], local: [Int], offset: [Int]? = nil) throws {
        guard local.count == counts.count else {
            throw SwiftCLError.invalidNDRange(.rankMismatch(global: counts.count, other: local.count, what: "local"))
        }
        var global: [Int] = []
        for (dimension, (count, size)) in zip(counts, local).enumerated() {
            if size < 0 { throw SwiftCLError.invalidNDRange(.negativeValue(dimension: dimension, what: "local size")) }
            if size == 0 { throw SwiftCLError.invalidNDRange(.zeroLocalSize(dimension: dimension)) }
            if count < 0 { throw SwiftCLError.invalidNDRange(.negativeValue(dimension: dimension, what: "global size")) }
            if count == 0 { throw SwiftCLError.invalidNDRange(.zeroGlobalSize(dimension: dimension)) }
            let groups = count / size + (count % size == 0 ? 0 : 1)
            let (rounded, overflow) = groups.multipliedReportingOverflow(by: size)
            if overflow { throw SwiftCLError.invalidNDRange(.workItemCountOverflow(global: counts)) }
            global.append(rounded)
        }
        try self.init(global: global, local: local, offset: offset)
    }

    /// A 1-D range of at least `count` work items, rounded up to a multiple of `local`.
    /// - Throws: as ``init(covering:local:offset:)-([Int],_,_)``.
    public init(covering count: Int, local: Int, offset: Int = 0) throws {
        try self.init(covering: [count], local: [local], offset: [offset])
    }

    private static func padded(_ values: [Int], with filler: Int) -> SIMD3<Int> {
        SIMD3(values.count > 0 ? values[0] : filler, values.count > 1 ? values[1] : filler, values.count > 2 ? values[2] : filler)
    }

    /// The global size per dimension.
    public var global: [Int] { (0..<dimensions).map { globalSize[$0] } }
    /// The offset per dimension.
    public var offset: [Int] { (0..<dimensions).map { offsetSize[$0] } }
    /// The local size per dimension, or nil to let the runtime choose.
    public var local: [Int]? { localSize.map { size in (0..<dimensions).map { size[$0] } } }
    /// Work items in the whole range (construction guarantees it fits in `Int`).
    public var workItemCount: Int { globalSize.x * globalSize.y * globalSize.z }

    /// Checks the range against the device and the kernel, returning the local size to launch with
    /// (the kernel's `reqd_work_group_size` when it has one and none was given).
    func resolvedLocalSize(device: Device, kernel: WorkGroupInfo) throws -> SIMD3<Int>? {
        let itemLimits = device.maxWorkItemSizes
        if dimensions > itemLimits.count {
            throw SwiftCLError.invalidNDRange(.tooManyDimensions(given: dimensions, deviceMaximum: itemLimits.count))
        }
        // size_t on the device: every global index (offset + size) must be representable, and so must
        // the total work-item count, or the runtime may wrap it and silently run nothing.
        let indexLimit = device.addressBits >= 64 ? Int.max : (1 << device.addressBits) - 1
        for dimension in 0..<dimensions where offsetSize[dimension] + globalSize[dimension] > indexLimit {
            throw SwiftCLError.invalidNDRange(.exceedsAddressBits(dimension: dimension, addressBits: device.addressBits))
        }
        if workItemCount > indexLimit {
            throw SwiftCLError.invalidNDRange(.exceedsAddressBits(dimension: nil, addressBits: device.addressBits))
        }
        var local = localSize
        if let required = kernel.requiredWorkGroupSize {
            let requiredSize = SIMD3(required[0], required.count > 1 ? required[1] : 1, required.count > 2 ? required[2] : 1)
            if let given = local, given != requiredSize {
                throw SwiftCLError.invalidNDRange(.requiredWorkGroupSize(required: required, given: self.local ?? []))
            }
            local = requiredSize
        }
        guard let local else { return nil }
        var total = 1
        for dimension in 0..<dimensions {
            if local[dimension] > itemLimits[dimension] {
                throw SwiftCLError.invalidNDRange(.localSizeExceedsWorkItemLimit(
                    dimension: dimension, local: local[dimension], limit: itemLimits[dimension]))
            }
            total = total.multipliedReportingOverflow(by: local[dimension]).partialValue
        }
        if total > device.maxWorkGroupSize {
            throw SwiftCLError.invalidNDRange(.workGroupExceedsDeviceLimit(total: total, limit: device.maxWorkGroupSize))
        }
        if total > kernel.maxWorkGroupSize {
            throw SwiftCLError.invalidNDRange(.workGroupExceedsKernelLimit(total: total, limit: kernel.maxWorkGroupSize))
        }
        for dimension in 0..<dimensions where globalSize[dimension] % local[dimension] != 0 {
            throw SwiftCLError.invalidNDRange(.localSizeDoesNotDivideGlobal(
                dimension: dimension, global: globalSize[dimension], local: local[dimension]))
        }
        return local
    }

    public var description: String {
        "NDRange(global: \(global)" + (offset.allSatisfy { $0 == 0 } ? "" : ", offset: \(offset)")
            + (local.map { ", local: \($0)" } ?? "") + ")"
    }
}
