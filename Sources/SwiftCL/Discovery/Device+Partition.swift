/// A way to split a device into sub-devices (`CL_DEVICE_PARTITION_*`).
public enum PartitionKind: String, Hashable, Sendable, CustomStringConvertible {
    case equally, byCounts = "by counts", byAffinityDomain = "by affinity domain"

    public var description: String { rawValue }
}

/// How to partition a device.
public enum Partition: Hashable, Sendable, CustomStringConvertible {
    /// As many sub-devices as fit, each with this many compute units.
    case equally(computeUnits: Int)
    /// One sub-device per entry, with that many compute units.
    case counts([Int])

    var kind: PartitionKind {
        switch self {
        case .equally: .equally
        case .counts: .byCounts
        }
    }

    public var description: String {
        switch self {
        case let .equally(n): "equally (\(n) compute unit(s) each)"
        case let .counts(counts): "by counts \(counts)"
        }
    }
}

extension Device {
    /// Splits the device into sub-devices (`clCreateSubDevices`). Requests the device cannot honour
    /// throw before the C call, naming what it supports.
    /// - Throws: ``SwiftCLError/partitionUnsupported(device:requested:supported:)``, ``SwiftCLError/invalidPartition(device:requested:computeUnits:maxSubDevices:)``, ``OpenCLError``.
    public func partition(_ partition: Partition) throws -> [Device] {
        guard partitionMaxSubDevices > 1, partitionKinds.contains(partition.kind) else {
            throw SwiftCLError.partitionUnsupported(
                device: name, requested: partition.description, supported: partitionKinds.map(\.description))
        }
        switch partition {
        case let .equally(units):
            guard units > 0, units <= computeUnits else {
                throw SwiftCLError.invalidPartition(device: name, requested: partition.description, computeUnits: computeUnits,
                                                    maxSubDevices: partitionMaxSubDevices)
            }
        case let .counts(counts):
            let total = counts.reduce(0) { $0.saturatingAdding($1) }
            guard !counts.isEmpty, counts.allSatisfy({ $0 > 0 && $0 <= computeUnits }), counts.count <= partitionMaxSubDevices,
                  total <= computeUnits else {
                throw SwiftCLError.invalidPartition(device: name, requested: partition.description, computeUnits: computeUnits,
                                                    maxSubDevices: partitionMaxSubDevices)
            }
        }
        return try CL.createSubDevices(id, properties: partition.properties).map { try Device(id: $0, platform: platform, parent: self) }
    }
}
