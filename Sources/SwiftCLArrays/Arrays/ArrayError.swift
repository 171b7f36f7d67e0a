import SwiftCL

/// Why an array operation was refused. Nothing was enqueued and every array involved is unchanged.
///
/// A struct with an open set of codes (``Code``), so new refusals add codes without breaking anyone's `switch`.
public struct ArrayError: Error, CustomStringConvertible, Sendable, Equatable {
    /// What kind of error this is (``SwiftCL/ErrorCode``: an open set, compared with `==`).
    public typealias Code = ErrorCode<ArrayError>

    /// The kind of refusal.
    public let code: Code
    /// The whole message.
    public let message: String
    /// For ``Code/userCode``: where in the user's own text the first error is (1-based), and the compiler's message.
    public let userLocation: UserCodeLocation?

    /// A position in a piece of user code, with the compiler's message.
    public struct UserCodeLocation: Hashable, Sendable {
        /// Which piece: "operation", "map", "reduce", "preamble", "arguments".
        public let part: String
        public let line: Int
        public let column: Int
        public let message: String
    }

    init(_ code: Code, _ message: String, userLocation: UserCodeLocation? = nil) {
        self.code = code
        self.message = message
        self.userLocation = userLocation
    }

    public var description: String { message }
}

extension ErrorCode where Domain == ArrayError {
    /// Arrays of different contexts in one operation.
    public static let contextMismatch = Self("contextMismatch")
    /// Arrays of different shapes in one elementwise operation or reduction.
    public static let shapeMismatch = Self("shapeMismatch")
    /// An element type the device cannot compute with (Double without `cl_khr_fp64`).
    public static let unsupportedElement = Self("unsupportedElement")
    /// A reduction of no elements that has no neutral element (min, max, argmin, argmax).
    public static let emptyReduction = Self("emptyReduction")
    /// User code (an elementwise operation, a map or reduce expression, a preamble) that does not compile.
    public static let userCode = Self("userCode")
    /// A shape, range or count that does not fit the array.
    public static let invalidShape = Self("invalidShape")
    /// An argument a user kernel cannot take (the wrong count, or an array view that cannot be bound).
    public static let invalidArgument = Self("invalidArgument")
}
