internal import COpenCL
import Logging

/// The one funnel every OpenCL call goes through: a non-success status becomes an ``OpenCLError``
/// naming the routine.
@inline(__always)
func check(_ status: cl_int, _ routine: @autoclosure () -> String) throws(OpenCLError) {
    if status != CL_SUCCESS {
        throw OpenCLError(status: CLStatus(rawValue: status), routine: routine())
    }
}

/// Calls a creating routine that reports its status through `errcode_ret` and returns a handle.
@inline(__always)
func create(
    _ routine: @autoclosure () -> String,
    _ body: (UnsafeMutablePointer<cl_int>) -> OpaquePointer?
) throws(OpenCLError) -> OpaquePointer {
    var status: cl_int = CL_SUCCESS
    let handle = body(&status)
    try check(status, routine())
    guard let handle else {
        throw OpenCLError(status: .invalidValue, routine: routine() + " returned NULL")
    }
    return handle
}

/// Releases in a `deinit`: a failure is logged, never trapped on.
func release(_ status: cl_int, _ routine: String) {
    if status != CL_SUCCESS {
        swiftCLLogger.error("\(routine) failed with \(CLStatus(rawValue: status).name) while releasing")
    }
}

let swiftCLLogger = Logger(label: "SwiftCL")
