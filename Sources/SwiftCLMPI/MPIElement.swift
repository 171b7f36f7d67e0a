internal import CMPI

/// A Swift type MPI can send as one of its own datatypes.
public protocol MPIElement: BitwiseCopyable, Sendable {
    /// The MPI datatype of one element.
    static var mpiType: MPIType { get }
}

/// The MPI datatypes SwiftCLMPI sends (fixed-size C types, so both sides agree on the bytes).
public enum MPIType: Hashable, Sendable {
    case float, double, int8, uint8, int16, uint16, int32, uint32, int64, uint64

    var handle: MPI_Datatype {
        switch self {
        case .float: swiftcl_mpi_float()
        case .double: swiftcl_mpi_double()
        case .int8: swiftcl_mpi_int8()
        case .uint8: swiftcl_mpi_uint8()
        case .int16: swiftcl_mpi_int16()
        case .uint16: swiftcl_mpi_uint16()
        case .int32: swiftcl_mpi_int32()
        case .uint32: swiftcl_mpi_uint32()
        case .int64: swiftcl_mpi_int64()
        case .uint64: swiftcl_mpi_uint64()
        }
    }
}

extension Float: MPIElement { public static var mpiType: MPIType { .float } }
extension Double: MPIElement { public static var mpiType: MPIType { .double } }
extension Int8: MPIElement { public static var mpiType: MPIType { .int8 } }
extension UInt8: MPIElement { public static var mpiType: MPIType { .uint8 } }
extension Int16: MPIElement { public static var mpiType: MPIType { .int16 } }
extension UInt16: MPIElement { public static var mpiType: MPIType { .uint16 } }
extension Int32: MPIElement { public static var mpiType: MPIType { .int32 } }
extension UInt32: MPIElement { public static var mpiType: MPIType { .uint32 } }
extension Int64: MPIElement { public static var mpiType: MPIType { .int64 } }
extension UInt64: MPIElement { public static var mpiType: MPIType { .uint64 } }

/// How a reduction combines the ranks' values, element by element.
public enum ReductionOperation: Hashable, Sendable {
    case sum, product, minimum, maximum

    var handle: MPI_Op {
        switch self {
        case .sum: swiftcl_mpi_sum()
        case .product: swiftcl_mpi_prod()
        case .minimum: swiftcl_mpi_min()
        case .maximum: swiftcl_mpi_max()
        }
    }
}
