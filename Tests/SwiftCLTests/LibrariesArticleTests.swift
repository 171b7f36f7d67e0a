import CInteropFixture
import SwiftCL
import SwiftCLTestSupport
import Testing

/// The lending example of the DocC article *Using OpenCL libraries* (CLibraries.md), compiled and run here; the test
/// checks the article shows exactly these lines.
@Suite("Article: Using OpenCL libraries (lending)")
struct LibrariesArticleLendingTests {
    enum FixtureError: Error { case status(Int32) }

    @Test("a C function enqueues on SwiftCL's queue and SwiftCL adopts its event, as the article shows", arguments: TestDevices.all)
    func lending(device: Device) throws {
        let queue = try makeQueue(device)
        let buffer = try Buffer(copying: (0..<1000).map(Float.init), context: queue.context)
        // Begin article code (lending)
        let event: CommandEvent = try queue.sync { cl in
            try cl.withUnsafeQueueHandle(keepingAlive: [buffer]) { queueHandle in
                var raw: OpaquePointer?
                let status = buffer.withUnsafeHandle { memory in fixture_scale(queueHandle, memory, 1000, 3, nil, &raw) }
                guard status == 0, let raw else { throw FixtureError.status(status) }
                return try CommandEvent(unsafeTakingOwnershipOf: raw, context: queue.context)
            }
        }
        // End article code (lending)
        #expect(event.status == .complete, "sync returned after the C command completed")
        #expect(try queue.sync { cl in try cl.read(buffer) } == (0..<1000).map { Float($0) * 3 })
        let (snippet, article) = try documentedSnippet(in: #filePath, marker: "(lending)", indent: 8,
                                                       document: "Sources/SwiftCL/SwiftCL.docc/CLibraries.md")
        #expect(article.contains(snippet), "CLibraries.md must show the lending example verbatim")
    }
}
