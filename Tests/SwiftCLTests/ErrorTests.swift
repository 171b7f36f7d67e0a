import SwiftCL
import Testing

@Suite("Errors")
struct ErrorTests {
    @Test("every status code has its C name; unknown codes survive")
    func statusNames() {
        #expect(CLStatus.success.name == "CL_SUCCESS")
        #expect(CLStatus.invalidValue.rawValue == -30)
        #expect(CLStatus.invalidValue.name == "CL_INVALID_VALUE")
        #expect(CLStatus.invalidWorkGroupSize.name == "CL_INVALID_WORK_GROUP_SIZE")
        #expect(CLStatus.maxSizeRestrictionExceeded.rawValue == -72)
        #expect(CLStatus.platformNotFoundKhr.rawValue == -1001)
        for code in Int32(-72)...0 where !(-29 ... -20).contains(code) {
            #expect(!CLStatus(rawValue: code).name.hasPrefix("CL_UNKNOWN"), "code \(code) has a name")
        }
        let unknown = CLStatus(rawValue: -9999)
        #expect(unknown.rawValue == -9999)
        #expect(unknown.name == "CL_UNKNOWN_STATUS(-9999)")
        #expect(!unknown.isSuccess)
    }

    @Test("an OpenCLError names the routine and matches its status in catch patterns")
    func openCLError() {
        let error: any Error = OpenCLError(status: .outOfResources, routine: "clEnqueueNDRangeKernel(square)")
        #expect("\(error)" == "clEnqueueNDRangeKernel(square) failed with CL_OUT_OF_RESOURCES (-5)")
        var matched = false
        do { throw error } catch CLStatus.outOfResources { matched = true } catch {}
        #expect(matched)
        #expect(!(CLStatus.invalidValue ~= error))
    }

    @Test("compiler log lines parse as file:line:column")
    func diagnosticParsing() {
        let log = """
        <source>:3:5: error: use of undeclared identifier 'x'
            x = 1;
            ^
        /tmp/kernels/box.cl:10:12: warning: unused variable 'y'
        error: /root/.cache/pocl/kcache/tempfile_8VAyRt.cl:5:12: use of undeclared identifier 'z'
        Device pthread failed to build the program
        1 error generated.
        """
        let diagnostics = Diagnostic.parse(log: log, sourceName: "mine.cl")
        #expect(diagnostics == [
            Diagnostic(file: "mine.cl", line: 3, column: 5, severity: .error, message: "use of undeclared identifier 'x'"),
            Diagnostic(file: "/tmp/kernels/box.cl", line: 10, column: 12, severity: .warning, message: "unused variable 'y'"),
            Diagnostic(file: "mine.cl", line: 5, column: 12, severity: .error, message: "use of undeclared identifier 'z'"),
        ])
        #expect(diagnostics[0].description == "mine.cl:3:5: error: use of undeclared identifier 'x'")
        // NVIDIA's compiler names the source `<kernel>` and reports a missing header as a fatal error (H100 log).
        #expect(Diagnostic.parse(log: "<kernel>:1:10: fatal error: 'scale.h' file not found\n#include \"scale.h\"",
                                 sourceName: "kernels/affine.cl")
            == [Diagnostic(file: "kernels/affine.cl", line: 1, column: 10, severity: .error, message: "'scale.h' file not found")])
        #expect(Diagnostic.parse(log: "fatal error: /tmp/a.h:2:3: too many errors", sourceName: "x.cl")
            == [Diagnostic(file: "/tmp/a.h", line: 2, column: 3, severity: .error, message: "too many errors")])
    }

    @Test("SwiftCLError is a struct with an open code: factories named like the codes, typed details, equality")
    func errorStruct() {
        let error = SwiftCLError.rangeOutOfBounds(operation: "read", requested: 0..<10, bound: 4)
        #expect(error.code == .rangeOutOfBounds && error.code.name == "rangeOutOfBounds" && error.operation == "read")
        #expect(error.description == "read: elements 0..<10 are outside 0..<4")
        #expect(error == .rangeOutOfBounds(operation: "read", requested: 0..<10, bound: 4))
        #expect(error != .rangeOutOfBounds(operation: "read", requested: 0..<10, bound: 5))
        #expect(SwiftCLError.encoderExpired.code == .encoderExpired && SwiftCLError.encoderExpired.operation == nil)
        #expect(SwiftCLError.invalidNDRange(.zeroGlobalSize(dimension: 0)).ndRangeViolation == .zeroGlobalSize(dimension: 0))
        #expect(SwiftCLError.invalidRect(operation: "copyRect", .negativeOrigin(Origin3D(x: -1, y: 0, z: 0))).rectViolation != nil)
        #expect(SwiftCLError.argumentCount(kernel: "k", expected: 2, given: 1).kernel == "k")
        #expect(SwiftCLError.allocationTooLarge(byteCount: 10, limit: 5, device: "D").device == "D")
        #expect(SwiftCLError.allocationTooLarge(byteCount: 10, limit: 5, device: "D").launchRequirementViolation == nil)
    }
}
