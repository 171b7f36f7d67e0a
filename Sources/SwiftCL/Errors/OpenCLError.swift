/// An OpenCL routine failed: which routine, and the status it returned.
///
/// `catch CLStatus.outOfResources` matches through the `~=` operator below.
public struct OpenCLError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What the runtime returned.
    public let status: CLStatus
    /// The C routine that failed, with the queried parameter where there is one
    /// (`clGetDeviceInfo(CL_DEVICE_NAME)`).
    public let routine: String

    public init(status: CLStatus, routine: String) {
        self.status = status
        self.routine = routine
    }

    public var description: String { "\(routine) failed with \(status.name) (\(status.rawValue))" }

}

extension CLStatus {
    /// Lets `catch CLStatus.invalidValue` match an ``OpenCLError`` carrying that status.
    public static func ~= (pattern: CLStatus, error: any Error) -> Bool {
        (error as? OpenCLError)?.status == pattern
    }
}
