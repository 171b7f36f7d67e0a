internal import COpenCL

extension PartitionKind {
    /// The kind a `CL_DEVICE_PARTITION_PROPERTIES` entry names, or nil for one SwiftCL does not offer.
    init?(property: Int) {
        switch Int32(truncatingIfNeeded: property) {
        case CL_DEVICE_PARTITION_EQUALLY: self = .equally
        case CL_DEVICE_PARTITION_BY_COUNTS: self = .byCounts
        case CL_DEVICE_PARTITION_BY_AFFINITY_DOMAIN: self = .byAffinityDomain
        default: return nil
        }
    }
}

extension Partition {
    /// The zero-terminated `cl_device_partition_property` list `clCreateSubDevices` takes.
    var properties: [Int] {
        switch self {
        case let .equally(units):
            [Int(CL_DEVICE_PARTITION_EQUALLY), units, 0]
        case let .counts(counts):
            [Int(CL_DEVICE_PARTITION_BY_COUNTS)] + counts + [Int(CL_DEVICE_PARTITION_BY_COUNTS_LIST_END), 0]
        }
    }
}
