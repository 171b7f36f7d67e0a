import PropertyBased
@testable import SwiftCL
import SwiftCLTestSupport
import Testing

/// Rectangle copies inside one buffer are refused only when the two rectangles share an element (OpenCL's
/// `CL_MEM_COPY_OVERLAP`), not when their spans merely interleave.
@Suite("Rectangle copies within one buffer")
struct RectOverlapTests {
    @Test("even rows copied onto odd rows of the same buffer: legal, and the result matches the host", arguments: TestDevices.all)
    func interleavedRows(device: Device) throws {
        let queue = try makeQueue(device)
        let width = 5, rows = 8
        let initial = (0..<(width * rows)).map { Float($0) }
        let buffer = try Buffer(copying: initial, context: queue.context)
        // Rows 0, 2, 4, 6 (row pitch 2 × width) onto rows 1, 3, 5, 7.
        let evens = RectLayout(origin: Origin3D(x: 0, y: 0), rowPitch: 2 * width)
        let odds = RectLayout(origin: Origin3D(x: width, y: 0), rowPitch: 2 * width)
        let copied = try queue.sync { cl in
            try cl.copyRect(from: buffer, evens, to: buffer, odds, extent: Extent3D(width: width, height: rows / 2))
            return try cl.read(buffer)
        }
        var expected = initial
        for row in stride(from: 1, to: rows, by: 2) {
            for x in 0..<width { expected[row * width + x] = initial[(row - 1) * width + x] }
        }
        #expect(copied == expected)
    }

    @Test("columns 0–1 onto columns 2–3 of the same rows: legal; a shifted block that shares elements: refused",
          arguments: TestDevices.all)
    func sideBySideAndShifted(device: Device) throws {
        let queue = try makeQueue(device)
        let buffer = try Buffer(copying: (0..<24).map { Float($0) }, context: queue.context)
        try queue.sync { cl in
            try cl.copyRect(from: buffer, RectLayout(x: 0, y: 0, rowPitch: 4), to: buffer, RectLayout(x: 2, y: 0, rowPitch: 4),
                            extent: Extent3D(width: 2, height: 6))
            #expect(try cl.read(buffer, range: 0..<8) == [0, 1, 0, 1, 4, 5, 4, 5])
            #expect(throws: SwiftCLError.overlappingCopy(operation: "copyRect")) {
                try cl.copyRect(from: buffer, RectLayout(x: 0, y: 0, rowPitch: 4), to: buffer, RectLayout(x: 1, y: 1, rowPitch: 4),
                                extent: Extent3D(width: 2, height: 2))
            }
            // Different pitches: rows of 3 at pitch 6 against rows of 3 at pitch 4 starting at 3 — element 12 is shared.
            #expect(throws: SwiftCLError.overlappingCopy(operation: "copyRect")) {
                try cl.copyRect(from: buffer, RectLayout(x: 0, y: 0, rowPitch: 6), to: buffer, RectLayout(x: 0, y: 3, rowPitch: 4),
                                extent: Extent3D(width: 3, height: 3))
            }
        }
    }

    /// Every element a layout touches, by brute force.
    static func elements(_ layout: RectLayout, _ region: Extent3D) -> Set<Int> {
        var touched: Set<Int> = []
        let slice = layout.effectiveSlicePitch(region)
        for z in 0..<region.depth {
            for y in 0..<region.height {
                for x in 0..<region.width {
                    touched.insert(layout.origin.x + x + (layout.origin.y + y) * layout.rowPitch + (layout.origin.z + z) * slice)
                }
            }
        }
        return touched
    }

    @Test("the overlap test agrees with a brute-force element comparison on 2,000 random layouts")
    func agreesWithBruteForce() async {
        await propertyCheck(count: 2000, input: Gen.int(in: 1...4).array(of: 3), Gen.int(in: 0...6).array(of: 8)) { region, numbers in
            let extent = Extent3D(width: region[0], height: region[1], depth: region[2])
            func layout(_ x: Int, _ y: Int, _ z: Int, _ extraPitch: Int) -> RectLayout {
                let rowPitch = extent.width + extraPitch
                return RectLayout(origin: Origin3D(x: x % (extraPitch + 1), y: y, z: z), rowPitch: rowPitch,
                                  slicePitch: rowPitch * (extent.height + numbers[7] % 2))
            }
            let a = layout(numbers[0], numbers[1], numbers[2], numbers[3])
            let b = layout(numbers[4], numbers[5], numbers[6] % 3, numbers[7])
            guard (try? a.touchedRange(extent, count: 10_000, "a")) != nil, (try? b.touchedRange(extent, count: 10_000, "b")) != nil else {
                return
            }
            let expected = !Self.elements(a, extent).isDisjoint(with: Self.elements(b, extent))
            #expect(a.overlaps(b, region: extent) == expected, "\(a) \(b) \(extent)")
            #expect(b.overlaps(a, region: extent) == expected)
        }
    }
}
