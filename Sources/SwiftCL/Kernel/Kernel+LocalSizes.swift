extension Kernel {
    /// Local sizes worth trying, and only those the kernel allows on `device`: its preferred work-group
    /// multiple times 1, 2, 4, … up to the kernel's limit (at most `cap`), every `step`-th power of two.
    /// - Throws: ``OpenCLError`` when the work-group queries fail.
    public func powerOfTwoLocalSizes(on device: Device, cap: Int = 1024, step: Int = 2) throws -> [Int] {
        let info = try workGroupInfo(on: device)
        let limit = Swift.min(info.maxWorkGroupSize, device.maxWorkItemSizes.first ?? 1, cap)
        var sizes: [Int] = []
        var size = Swift.max(1, info.preferredWorkGroupSizeMultiple)
        while size <= limit {
            sizes.append(size)
            size <<= Swift.max(1, step)
        }
        return sizes
    }
}

extension NDRange {
    /// The largest local size no bigger than `limit` that divides `global`, so that a 1-D launch of exactly
    /// `global` work-items has uniform work-groups (1 when `global` or `limit` is below 1).
    public static func largestDividingLocalSize(of global: Int, atMost limit: Int) -> Int {
        guard global >= 1, limit >= 1 else { return 1 }
        return stride(from: Swift.min(limit, global), through: 1, by: -1).first { global % $0 == 0 } ?? 1
    }
}
