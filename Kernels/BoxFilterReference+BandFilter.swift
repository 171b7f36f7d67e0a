extension BoxFilterReference {
    /// One core's share of the fast host peer: a band of output rows, walked top to bottom with a
    /// row of running column sums.
    struct BandFilter {
        let width: Int, height: Int, range: Int
        /// Column sums over the box's rows, with `range` zeros on each side so that the horizontal
        /// taps of the border columns need no test.
        private let padded: UnsafeMutablePointer<Float>
        /// Rows between direct recomputations of the column sums.
        static let refreshInterval = 64

        init(width: Int, height: Int, range: Int) {
            self.width = width
            self.height = height
            self.range = range
            padded = .allocate(capacity: width + 2 * range + 16)
            padded.initialize(repeating: 0, count: width + 2 * range + 16)
        }

        func deallocate() { padded.deallocate() }

        private var sums: UnsafeMutablePointer<Float> { padded + range }

        func run(_ input: UnsafePointer<Float>, _ output: UnsafeMutablePointer<Float>, rows: Range<Int>) {
            for y in rows {
                if (y - rows.lowerBound) % Self.refreshInterval == 0 {
                    recompute(input, row: y)
                } else {
                    slide(input, to: y)
                }
                horizontal(output + width * y, rowCount: min(height - 1, y + range) - max(0, y - range) + 1)
            }
        }

        /// Column sums of the rows in output row `y`'s box, summed directly.
        private func recompute(_ input: UnsafePointer<Float>, row y: Int) {
            let top = max(0, y - range), bottom = min(height - 1, y + range)
            sums.update(from: input + width * top, count: width)
            if bottom > top {
                for row in (top + 1)...bottom { combine(adding: input + width * row, subtracting: nil) }
            }
        }

        /// Moves the column sums from output row `y - 1`'s box to row `y`'s.
        private func slide(_ input: UnsafePointer<Float>, to y: Int) {
            let entering = y + range < height ? input + width * (y + range) : nil
            let leaving = y - range - 1 >= 0 ? input + width * (y - range - 1) : nil
            switch (entering, leaving) {
            case let (entering?, leaving):
                combine(adding: entering, subtracting: leaving)
            case let (nil, leaving?):
                combine(adding: nil, subtracting: leaving)
            case (nil, nil):
                break
            }
        }

        /// sums += adding - subtracting, 16 columns at a time.
        private func combine(adding: UnsafePointer<Float>?, subtracting: UnsafePointer<Float>?) {
            let sumBytes = UnsafeMutableRawPointer(sums)
            let addBytes = adding.map(UnsafeRawPointer.init), subtractBytes = subtracting.map(UnsafeRawPointer.init)
            var x = 0
            while x + 16 <= width {
                let offset = x * 4
                var sum = sumBytes.loadUnaligned(fromByteOffset: offset, as: SIMD16<Float>.self)
                if let addBytes { sum += addBytes.loadUnaligned(fromByteOffset: offset, as: SIMD16<Float>.self) }
                if let subtractBytes { sum -= subtractBytes.loadUnaligned(fromByteOffset: offset, as: SIMD16<Float>.self) }
                sumBytes.storeBytes(of: sum, toByteOffset: offset, as: SIMD16<Float>.self)
                x += 16
            }
            while x < width {
                if let adding { sums[x] += adding[x] }
                if let subtracting { sums[x] -= subtracting[x] }
                x += 1
            }
        }

        /// One output row from the column sums: `2 * range + 1` shifted SIMD16 loads per 16 pixels and
        /// one multiply; the columns whose box leaves the image divide by their own count.
        private func horizontal(_ outRow: UnsafeMutablePointer<Float>, rowCount: Int) {
            let taps = 2 * range + 1
            let weight = 1 / Float(rowCount * taps)
            let left = min(range, width), right = max(left, width - range)
            for x in 0..<width where x < left || x >= right {
                outRow[x] = tapSum(x) / Float(rowCount * (min(width - 1, x + range) - max(0, x - range) + 1))
            }
            let sumBytes = UnsafeRawPointer(sums), outBytes = UnsafeMutableRawPointer(outRow)
            let weights = SIMD16<Float>(repeating: weight)
            var x = left
            while x + 16 <= right {
                var sum = sumBytes.loadUnaligned(fromByteOffset: (x - range) * 4, as: SIMD16<Float>.self)
                var dx = 1 - range
                while dx <= range {
                    sum += sumBytes.loadUnaligned(fromByteOffset: (x + dx) * 4, as: SIMD16<Float>.self)
                    dx += 1
                }
                outBytes.storeBytes(of: sum * weights, toByteOffset: x * 4, as: SIMD16<Float>.self)
                x += 16
            }
            while x < right {
                outRow[x] = tapSum(x) * weight
                x += 1
            }
        }

        private func tapSum(_ x: Int) -> Float {
            var sum: Float = 0
            for dx in -range...range { sum += sums[x + dx] }
            return sum
        }
    }
}
