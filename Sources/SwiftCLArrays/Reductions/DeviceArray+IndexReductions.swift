import SwiftCL

/// The position of the smallest or largest element (the first such position when several tie; NaNs never win).
extension DeviceArray where Element: ArrayElement {
    /// The flat index of the smallest element.
    /// - Throws: ``ArrayError/Code/emptyReduction`` for an empty array.
    public func argmin() throws -> Int { try indexOfExtremum(minimum: true) }

    /// The flat index of the largest element.
    /// - Throws: ``ArrayError/Code/emptyReduction`` for an empty array.
    public func argmax() throws -> Int { try indexOfExtremum(minimum: false) }

    private func indexOfExtremum(minimum: Bool) throws -> Int {
        guard count > 0 else {
            throw ArrayError(.emptyReduction, "\(minimum ? "argmin" : "argmax") of an empty array: it has no neutral element")
        }
        let T = Element.openCLTypeName
        let better = minimum ? "<" : ">"
        let nanCheck = Element.kind == .floatingPoint ? "if (isnan(b.value)) return a; if (isnan(a.value)) return b;" : ""
        // A value–index pair; ties go to the lower index, so the answer does not depend on the combining order.
        let support = """
            typedef struct { \(T) value; ulong index; } swiftcl_pair;
            inline swiftcl_pair swiftcl_pick(swiftcl_pair a, swiftcl_pair b) {
                if (a.index == ULONG_MAX) return b;
                if (b.index == ULONG_MAX) return a;
                \(nanCheck)
                if (b.value \(better) a.value || (b.value == a.value && b.index < a.index)) return b;
                return a;
            }
            inline swiftcl_pair swiftcl_make_pair(\(T) value, ulong index) { swiftcl_pair p; p.value = value; p.index = index; return p; }
            """
        var plan = ReductionPlan(.init(accumulator: "swiftcl_pair", result: "ulong", neutral: "swiftcl_make_pair(0, ULONG_MAX)",
                                       reduce: "swiftcl_pick(a, b)", map: "swiftcl_make_pair(x0[x0_off + i], i)",
                                       parameters: ["global const \(T) *x0", "const ulong x0_off"],
                                       pragmas: Element.pragma.isEmpty ? [] : [Element.pragma],
                                       name: "\(minimum ? "argmin" : "argmax")_\(T)", finalize: "$0.index"),
                                 arguments: [storage, UInt64(offset)])
        plan.support = support
        plan.accumulatorBytes = 16
        let result = try DeviceArray<UInt64>(uninitializedShape: [1], on: queue)
        try plan.run(count: count, on: queue, into: result.storage, outOffset: 0)
        let index = try result.toArray()[0]
        // Every element NaN: no index won; report the first, as numpy does.
        return index == UInt64.max ? 0 : Int(index)
    }
}
