internal import CCLBlast
import SwiftCL

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Tuned parameters for CLBlast's kernels, handed to CLBlast at run time (`CLBlastOverrideParameters`): CLBlast ships
/// parameters for the devices its authors tuned and generic ones for the rest, and a kernel tuned for the device at
/// hand can be several times faster (an H100's SGEMM at 1024²: 10.6 TFLOP/s with CLBlast's parameters, up to
/// 23 TFLOP/s in a 100 s run of CLBlast's own tuner, `clblast_tuner_xgemm` from Debian's `clblast-utils`).
///
/// Parameters hold for the process, per device, kernel and precision, and are handed to CLBlast under the lock every
/// CLBlast call takes. Programs CLBlast compiled before are dropped then (`CLBlastClearCache`), so no routine runs a
/// program built with other parameters; the next call of each routine compiles again.
public enum CLBlastTuning {
    /// From the next CLBlast call on `device`, `kernel` (CLBlast's name: `Xgemm`, `XgemmDirect`, `Xgemv`, `Xaxpy`, …)
    /// in `T`'s precision uses `parameters`, which must name every parameter the kernel has (CLBlast's tuners print
    /// them: for `Xgemm`, GEMMK MWG NWG KWG MDIMC NDIMC MDIMA NDIMB KWI VWM VWN STRM STRN SA SB KREG).
    /// - Throws: ``BLASError`` `invalidArgument` for an unknown kernel, a missing parameter or a negative value,
    ///   `unsupportedPrecision` as the routines do, `library` for another CLBlast failure.
    public static func override<T: BLASScalar>(_ kernel: String, for _: T.Type, on device: Device, parameters: [String: Int]) throws {
        let routine = "CLBlastOverrideParameters"
        try CLBlast.checkPrecision(T.self, on: device, routine: routine)
        if let (name, value) = parameters.first(where: { $0.value < 0 }) {
            throw BLASError(.invalidArgument, routine: routine, "\(kernel): parameter \(name) is \(value); values are counts and flags, 0 or more")
        }
        let names = parameters.keys.sorted()
        let precision = T.self == Double.self ? CLBlastPrecisionDouble : CLBlastPrecisionSingle
        let status = withCStrings(names) { namePointers in
            let values = names.map { parameters[$0]! }
            return device.withUnsafeHandle { deviceHandle in
                CLBlast.withCallLock(forgettingPrograms: true) {
                    let status = CLBlastOverrideParameters(deviceHandle, kernel, precision, names.count, namePointers,
                                                           values.map { Int($0) })
                    guard status == CLBlastSuccess else { return status }
                    return CLBlastClearCache()
                }
            }
        }
        switch status {
        case CLBlastSuccess: return
        case CLBlastInvalidOverrideKernel, CLBlastDatabaseError:  // 1.5.3 answers an unknown kernel with the latter
            throw BLASError(.invalidArgument, routine: routine, "CLBlast has no kernel named \(kernel) (names: Xgemm, XgemmDirect, Xgemv, Xaxpy, …)")
        case CLBlastMissingOverrideParameter:
            throw BLASError(.invalidArgument, routine: routine,
                            "\(kernel) needs every one of its parameters; given \(names.joined(separator: " ")) (CLBlast does not say which is missing)")
        default:
            throw BLASError(.library, routine: routine, "\(kernel): failed with \(CLBlast.statusName(status.rawValue)) (\(status.rawValue))",
                            status: status.rawValue)
        }
    }

    /// ``override(_:for:on:parameters:)`` from the `NAME=VALUE` pairs a tuner prints (`"GEMMK=0 MWG=64 NWG=64 …"`,
    /// separated by spaces or commas).
    /// - Throws: as ``override(_:for:on:parameters:)``, and `invalidArgument` for a pair that is not `NAME=VALUE`.
    public static func override<T: BLASScalar>(_ kernel: String, for type: T.Type, on device: Device, parameters text: String) throws {
        var parameters: [String: Int] = [:]
        for pair in text.split(whereSeparator: { $0 == " " || $0 == "," }) {
            let parts = pair.split(separator: "=", omittingEmptySubsequences: false)
            guard parts.count == 2, !parts[0].isEmpty, let value = Int(parts[1]) else {
                throw BLASError(.invalidArgument, routine: "CLBlastOverrideParameters", "\(kernel): \"\(pair)\" is not NAME=VALUE")
            }
            parameters[String(parts[0])] = value
        }
        try override(kernel, for: type, on: device, parameters: parameters)
    }

    /// Calls `body` with C strings of `strings`, alive for the call.
    private static func withCStrings<R>(_ strings: [String], _ body: (UnsafeMutablePointer<UnsafePointer<CChar>?>) throws -> R) rethrows -> R {
        let copies: [UnsafeMutablePointer<CChar>?] = strings.map { strdup($0) }
        defer { copies.forEach { free($0) } }
        var pointers: [UnsafePointer<CChar>?] = copies.map { $0.map { UnsafePointer($0) } }
        return try pointers.withUnsafeMutableBufferPointer { try body($0.baseAddress!) }
    }
}
