/// A status code returned by an OpenCL routine (`cl_int`).
///
/// Every code in the Khronos headers has a named static member (``CLStatus/invalidValue`` is
/// `CL_INVALID_VALUE`); codes SwiftCL does not know by name still round-trip through ``rawValue``.
public struct CLStatus: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The raw `cl_int` value.
    public let rawValue: Int32

    /// Wraps a raw `cl_int` status.
    public init(rawValue: Int32) { self.rawValue = rawValue }

    /// The C name of the code (`CL_INVALID_VALUE`), or `CL_UNKNOWN_STATUS(n)` for a code the headers do not name.
    public var name: String { Self.knownNames[rawValue] ?? "CL_UNKNOWN_STATUS(\(rawValue))" }

    /// Whether this is `CL_SUCCESS`.
    public var isSuccess: Bool { rawValue == 0 }

    public var description: String { "\(name) (\(rawValue))" }
}
