internal import COpenCL
import Logging

/// The runtime's one door to the OpenCL C API (in the manner of swift-system's `Internals/Syscalls.swift`).
///
/// Every entry point SwiftCL uses has one checked wrapper here, named after the C routine without its
/// `cl` prefix (`CL.enqueueReadBuffer` wraps `clEnqueueReadBuffer`). A wrapper turns a non-success status
/// into an ``OpenCLError`` whose routine name is derived from the wrapper's own name (`#function`), never
/// typed by hand; the few statuses that are answers rather than failures (`CL_DEVICE_NOT_FOUND` when a
/// platform has no device of a type, a build failure whose log the caller reads) are spelled out in the
/// wrapper that allows them. Only the files in this folder import `COpenCL`; the rest of the runtime
/// sees Swift types, ``CLHandle``s and owned ``CLEvent``s.
enum CL {
    /// The C routine a wrapper stands for: `enqueueReadBuffer(_:_:…)` → `clEnqueueReadBuffer`.
    static func routine(_ function: StaticString, _ detail: String? = nil) -> String {
        let text = "\(function)"
        let name = text.prefix { $0 != "(" }
        let routine = "cl" + name.prefix(1).uppercased() + name.dropFirst()
        return detail.map { "\(routine)(\($0))" } ?? routine
    }

    /// Throws unless `status` is `CL_SUCCESS`, naming the calling wrapper's routine.
    @inline(__always)
    static func check(_ status: cl_int, detail: @autoclosure () -> String? = nil,
                      function: StaticString = #function) throws(OpenCLError) {
        if status != CL_SUCCESS {
            throw OpenCLError(status: CLStatus(rawValue: status), routine: routine(function, detail()))
        }
    }

    /// Calls a creating routine that reports its status through `errcode_ret` and returns a handle.
    @inline(__always)
    static func create<Kind>(detail: @autoclosure () -> String? = nil, function: StaticString = #function,
                             _ body: (UnsafeMutablePointer<cl_int>) -> OpaquePointer?) throws(OpenCLError) -> CLHandle<Kind> {
        var status: cl_int = CL_SUCCESS
        let handle = body(&status)
        try check(status, detail: detail(), function: function)
        guard let handle else {
            throw OpenCLError(status: .invalidValue, routine: routine(function, detail()) + " returned NULL")
        }
        return CLHandle(handle)
    }

    /// For releases in a `deinit`: a failure is logged, never thrown or trapped on.
    static func logFailure(_ status: cl_int, function: StaticString = #function) {
        if status != CL_SUCCESS {
            swiftCLLogger.error("\(routine(function)) failed with \(CLStatus(rawValue: status).name) while releasing")
        }
    }

    /// Runs an enqueue that can hand back an event and wait for others: with `options.wantEvent`, the event it
    /// creates is returned as an owned ``CLEvent``; without, no event is created (the fast path). `body` receives the
    /// wait list (count 0 and nil when there is none: no allocation then) and where the event goes.
    @inline(__always)
    static func enqueue(_ options: EnqueueOptions, detail: @autoclosure () -> String? = nil, function: StaticString = #function,
                        _ body: (WaitList, UnsafeMutablePointer<cl_event?>?) -> cl_int) throws(OpenCLError) -> CLEvent? {
        if options.waitList.isEmpty {
            return try enqueue(wantEvent: options.wantEvent, detail: detail(), function: function) { event in
                body(WaitList(count: 0, events: nil), event)
            }
        }
        let handles: [cl_event?] = options.waitList.map { $0.handle.pointer }
        return try handles.withUnsafeBufferPointer { (list) throws(OpenCLError) -> CLEvent? in
            try enqueue(wantEvent: options.wantEvent, detail: detail(), function: function) { event in
                body(WaitList(count: cl_uint(list.count), events: list.baseAddress), event)
            }
        }
    }

    @inline(__always)
    private static func enqueue(wantEvent: Bool, detail: @autoclosure () -> String?, function: StaticString,
                                _ body: (UnsafeMutablePointer<cl_event?>?) -> cl_int) throws(OpenCLError) -> CLEvent? {
        guard wantEvent else {
            try check(body(nil), detail: detail(), function: function)
            return nil
        }
        var event: cl_event?
        let status = body(&event)
        let owned = event.map { CLEvent(adopting: CLHandle($0)) }
        try check(status, detail: detail(), function: function)
        return owned
    }

    /// The events a command waits for, as `clEnqueue*` takes them.
    struct WaitList {
        let count: cl_uint
        let events: UnsafePointer<cl_event?>?
    }

    /// `CL_TRUE` or `CL_FALSE`.
    @inline(__always)
    static func bool(_ value: Bool) -> cl_bool { cl_bool(value ? CL_TRUE : CL_FALSE) }
}

package let swiftCLLogger = Logger(label: "SwiftCL")
