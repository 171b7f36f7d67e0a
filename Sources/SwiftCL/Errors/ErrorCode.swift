/// What kind of error an error of `Domain` is, in an open set: a struct with static members, not an enum, so a new code
/// breaks no one's `switch` (which needs a `default`). Compare with `==`: `error.code == .rangeOutOfBounds`.
///
/// Every error type of SwiftCL's products has its codes in this one shape (``SwiftCLError/Code`` is
/// `ErrorCode<SwiftCLError>`, `BLASError.Code` is `ErrorCode<LibraryError<BLASLibrary>>`, …), each declared as a static member of an
/// extension constrained to its domain.
public struct ErrorCode<Domain>: Hashable, Sendable, CustomStringConvertible {
    /// The code's name, as its static member is spelled (`"rangeOutOfBounds"`).
    public let name: String

    /// A code named `name` (declare one as a static member of `ErrorCode where Domain == YourError`).
    public init(_ name: String) { self.name = name }

    public var description: String { name }
}
