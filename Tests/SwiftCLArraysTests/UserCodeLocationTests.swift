import SwiftCL
@testable import SwiftCLArrays
import Testing

@Suite("User-code error locations")
struct UserCodeLocationTests {
    static let source = """
        kernel void k(
        #line 1 "arguments"
        global float *y
        #line 3 "k.cl"
        , const ulong n)
        {
        #line 1 "operation"
        y[i] = 2 *
            undefined_name + 1
        #line 7 "k.cl"
        ;
        }
        """

    @Test("a compiler that honours #line names the part; one that ignores it (NVIDIA) is mapped back by line")
    func mapping() {
        let parts = ["arguments": "global float *y", "operation": "y[i] = 2 *\n    undefined_name + 1"]
        let named = Diagnostic(file: "operation", line: 2, column: 5, severity: .error, message: "use of undeclared identifier")
        #expect(ProgramCompiler.userPosition(of: named, in: Self.source, parts: parts)! == ("operation", 2))
        // NVIDIA reports the generated source's own line 9, column 5 (seen on an H100, driver 580).
        let raw = Diagnostic(file: "k.cl", line: 9, column: 5, severity: .error, message: "use of undeclared identifier")
        #expect(ProgramCompiler.userPosition(of: raw, in: Self.source, parts: parts)! == ("operation", 2))
        let inArguments = Diagnostic(file: "k.cl", line: 3, column: 8, severity: .error, message: "unknown type name")
        #expect(ProgramCompiler.userPosition(of: inArguments, in: Self.source, parts: parts)! == ("arguments", 1))
        let generated = Diagnostic(file: "k.cl", line: 5, column: 3, severity: .error, message: "in SwiftCL's own code")
        #expect(ProgramCompiler.userPosition(of: generated, in: Self.source, parts: parts) == nil)
    }
}
