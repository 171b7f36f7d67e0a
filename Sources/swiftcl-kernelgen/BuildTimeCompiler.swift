internal import COpenCL
import OpenCLSource
import SwiftCLGenerator

/// The build-time compile check (as Xcode's openclc): the `.cl` file built for every OpenCL device present, straight
/// through the C API, so the build tool links neither the runtime nor Foundation's share of it. Each failure is a
/// message in `file:line:column: error:` form; a C call that fails names its routine and status.
enum BuildTimeCompiler {
    /// One device present at build time.
    struct Device {
        let id: cl_device_id
        let name: String
    }

    struct CallFailed: Error, CustomStringConvertible {
        let routine: String
        let status: cl_int
        var description: String { "\(routine) failed with status \(status)" }
    }

    /// Every device of every platform (none when the ICD loader finds no platform).
    static func devices() throws -> [Device] {
        var platformCount: cl_uint = 0
        let status = clGetPlatformIDs(0, nil, &platformCount)
        if status == -1001 || platformCount == 0 { return [] }   // CL_PLATFORM_NOT_FOUND_KHR: no ICD installed
        try check(status, "clGetPlatformIDs")
        var platforms = [cl_platform_id?](repeating: nil, count: Int(platformCount))
        try check(clGetPlatformIDs(platformCount, &platforms, nil), "clGetPlatformIDs")
        var devices: [Device] = []
        for platform in platforms.compactMap({ $0 }) {
            var count: cl_uint = 0
            let found = clGetDeviceIDs(platform, cl_device_type(CL_DEVICE_TYPE_ALL), 0, nil, &count)
            if found == CL_DEVICE_NOT_FOUND || count == 0 { continue }
            try check(found, "clGetDeviceIDs")
            var ids = [cl_device_id?](repeating: nil, count: Int(count))
            try check(clGetDeviceIDs(platform, cl_device_type(CL_DEVICE_TYPE_ALL), count, &ids, nil), "clGetDeviceIDs")
            for id in ids.compactMap({ $0 }) {
                let name = try text("clGetDeviceInfo(CL_DEVICE_NAME)") { size, value, sizeRet in
                    clGetDeviceInfo(id, cl_device_info(CL_DEVICE_NAME), size, value, sizeRet)
                }
                devices.append(Device(id: id, name: name))
            }
        }
        return devices
    }

    /// Builds `source` for `device` with `options`: the kernels it defines with their argument counts, or the build
    /// log's located errors (the whole log when none is located).
    static func compile(_ source: String, named fileName: String, options: String, on device: Device) throws
        -> Result<[CompiledKernelCheck.Compiled], BuildFailure> {
        var status: cl_int = CL_SUCCESS
        var deviceID: cl_device_id? = device.id
        guard let context = clCreateContext(nil, 1, &deviceID, nil, nil, &status) else { throw CallFailed(routine: "clCreateContext", status: status) }
        defer { clReleaseContext(context) }
        let program = try source.withCString { text -> cl_program in
            var pointer: UnsafePointer<CChar>? = text
            guard let program = clCreateProgramWithSource(context, 1, &pointer, nil, &status) else {
                throw CallFailed(routine: "clCreateProgramWithSource", status: status)
            }
            return program
        }
        defer { clReleaseProgram(program) }
        let built = clBuildProgram(program, 1, &deviceID, options, nil, nil)
        guard built == CL_SUCCESS else {
            let log = (try? text("clGetProgramBuildInfo(CL_PROGRAM_BUILD_LOG)") { size, value, sizeRet in
                clGetProgramBuildInfo(program, device.id, cl_program_build_info(CL_PROGRAM_BUILD_LOG), size, value, sizeRet)
            }) ?? ""
            let errors = BuildLog.entries(in: log, sourceName: fileName).filter { $0.severity == .error }
            return .failure(BuildFailure(status: built, located: errors.map(\.description), log: log))
        }
        var kernelCount: cl_uint = 0
        try check(clCreateKernelsInProgram(program, 0, nil, &kernelCount), "clCreateKernelsInProgram")
        var kernels = [cl_kernel?](repeating: nil, count: Int(kernelCount))
        try check(clCreateKernelsInProgram(program, kernelCount, &kernels, nil), "clCreateKernelsInProgram")
        defer { for kernel in kernels { if let kernel { clReleaseKernel(kernel) } } }
        return .success(try kernels.compactMap { $0 }.map { kernel in
            let name = try text("clGetKernelInfo(CL_KERNEL_FUNCTION_NAME)") { size, value, sizeRet in
                clGetKernelInfo(kernel, cl_kernel_info(CL_KERNEL_FUNCTION_NAME), size, value, sizeRet)
            }
            var arguments: cl_uint = 0
            try check(clGetKernelInfo(kernel, cl_kernel_info(CL_KERNEL_NUM_ARGS), MemoryLayout<cl_uint>.size, &arguments, nil),
                      "clGetKernelInfo(CL_KERNEL_NUM_ARGS)")
            return CompiledKernelCheck.Compiled(name: name, argumentCount: Int(arguments))
        })
    }

    /// A build that failed: its status, the log's located errors, and the whole log.
    struct BuildFailure: Error {
        let status: cl_int
        let located: [String]
        let log: String
    }

    private static func check(_ status: cl_int, _ routine: String) throws {
        guard status == CL_SUCCESS else { throw CallFailed(routine: routine, status: status) }
    }

    /// A NUL-terminated string property, sized by a first query.
    private static func text(_ routine: String, _ query: (Int, UnsafeMutableRawPointer?, UnsafeMutablePointer<Int>?) -> cl_int) throws -> String {
        var size = 0
        try check(query(0, nil, &size), routine)
        var bytes = [UInt8](repeating: 0, count: max(1, size))
        try check(bytes.withUnsafeMutableBytes { query($0.count, $0.baseAddress, nil) }, routine)
        return String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
    }
}
