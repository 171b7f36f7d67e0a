internal import COpenCL

/// A way to split a device into sub-devices (`CL_DEVICE_PARTITION_*`).
public enum PartitionKind: String, Hashable, Sendable, CustomStringConvertible {
    case equally, byCounts = "by counts", byAffinityDomain = "by affinity domain"

    init?(property: cl_device_partition_property) {
        switch Int32(truncatingIfNeeded: property) {
        case CL_DEVICE_PARTITION_EQUALLY: self = .equally
        case CL_DEVICE_PARTITION_BY_COUNTS: self = .byCounts
        case CL_DEVICE_PARTITION_BY_AFFINITY_DOMAIN: self = .byAffinityDomain
        default: return nil
        }
    }

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
    public func partition(_ partition: Partition) throws -> [Device] {
        guard partitionMaxSubDevices > 1, partitionKinds.contains(partition.kind) else {
            throw SwiftCLError.partitionUnsupported(
                device: name, requested: partition.description, supported: partitionKinds.map(\.description))
        }
        var properties: [cl_device_partition_property]
        switch partition {
        case let .equally(units):
            guard units > 0, units <= computeUnits else {
                throw SwiftCLError.invalidPartition(device: name, requested: partition.description, computeUnits: computeUnits,
                                                    maxSubDevices: partitionMaxSubDevices)
            }
            properties = [cl_device_partition_property(CL_DEVICE_PARTITION_EQUALLY), cl_device_partition_property(units)]
        case let .counts(counts):
            let total = counts.reduce(0) { $0.saturatingAdding($1) }
            guard !counts.isEmpty, counts.allSatisfy({ $0 > 0 && $0 <= computeUnits }), counts.count <= partitionMaxSubDevices,
                  total <= computeUnits else {
                throw SwiftCLError.invalidPartition(device: name, requested: partition.description, computeUnits: computeUnits,
                                                    maxSubDevices: partitionMaxSubDevices)
            }
            properties = [cl_device_partition_property(CL_DEVICE_PARTITION_BY_COUNTS)]
            properties += counts.map { cl_device_partition_property($0) }
            properties.append(cl_device_partition_property(CL_DEVICE_PARTITION_BY_COUNTS_LIST_END))
        }
        properties.append(0)
        var count: cl_uint = 0
        try check(clCreateSubDevices(id, properties, 0, nil, &count), "clCreateSubDevices")
        var ids = [cl_device_id?](repeating: nil, count: Int(count))
        try check(clCreateSubDevices(id, properties, count, &ids, nil), "clCreateSubDevices")
        return try ids.compactMap { $0 }.map { try Device(id: $0, platform: platform, parent: self) }
    }
}
