internal import COpenCL

/// One `clGet*Info` query, bound to its object and parameter, read as a string, a value or an array.
/// Its routine reads like the C call it makes: `clGetDeviceInfo(CL_DEVICE_NAME)`.
struct InfoQuery {
    let routine: String
    let call: (Int, UnsafeMutableRawPointer?, UnsafeMutablePointer<Int>?) -> cl_int

    init(_ routine: String, _ call: @escaping (Int, UnsafeMutableRawPointer?, UnsafeMutablePointer<Int>?) -> cl_int) {
        self.routine = routine
        self.call = call
    }

    private func check(_ status: cl_int) throws(OpenCLError) {
        if status != CL_SUCCESS { throw OpenCLError(status: CLStatus(rawValue: status), routine: routine) }
    }

    private func byteCount() throws -> Int {
        var size = 0
        try check(call(0, nil, &size))
        return size
    }

    func string() throws -> String {
        let size = try byteCount()
        guard size > 0 else { return "" }
        var bytes = [UInt8](repeating: 0, count: size)
        try bytes.withUnsafeMutableBytes { raw throws in
            try check(call(size, raw.baseAddress, nil))
        }
        let end = bytes.firstIndex(of: 0) ?? bytes.count
        return String(decoding: bytes[..<end], as: UTF8.self).trimmedOfWhitespace()
    }

    func value<T: BitwiseCopyable>(_: T.Type = T.self) throws -> T {
        var result = zeroValue(T.self)
        try withUnsafeMutableBytes(of: &result) { raw throws in
            try check(call(raw.count, raw.baseAddress, nil))
        }
        return result
    }

    func array<T: BitwiseCopyable>(_: T.Type = T.self) throws -> [T] {
        let size = try byteCount()
        let count = size / MemoryLayout<T>.stride
        guard count > 0 else { return [] }
        var result = [T](repeating: zeroValue(T.self), count: count)
        try result.withUnsafeMutableBytes { raw throws in
            try check(call(count * MemoryLayout<T>.stride, raw.baseAddress, nil))
        }
        return result
    }
}

/// An all-zero value of a bitwise-copyable type, to initialise storage the runtime then fills.
@inline(__always)
func zeroValue<T: BitwiseCopyable>(_: T.Type) -> T {
    withUnsafeTemporaryAllocation(of: T.self, capacity: 1) { buffer in
        let raw = UnsafeMutableRawBufferPointer(buffer)
        raw.initializeMemory(as: UInt8.self, repeating: 0)
        return raw.load(as: T.self)
    }
}

extension String {
    /// The string without leading and trailing blanks and newlines (no Foundation in the runtime).
    func trimmedOfWhitespace() -> String {
        var view = Substring(self)
        while let first = view.first, first.isWhitespace { view.removeFirst() }
        while let last = view.last, last.isWhitespace { view.removeLast() }
        return String(view)
    }
}
