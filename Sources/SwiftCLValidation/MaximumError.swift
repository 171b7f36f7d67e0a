/// The largest absolute difference between two outputs and the index where it is: infinite (index nil)
/// when their sizes differ; a NaN on either side counts as an infinite error at its index.
public func worstAbsoluteError(_ actual: [Float], _ expected: [Float]) -> (error: Float, index: Int?) {
    guard actual.count == expected.count else { return (.infinity, nil) }
    var worst: Float = 0
    var worstIndex: Int? = actual.isEmpty ? nil : 0
    for index in actual.indices {
        let error = abs(actual[index] - expected[index])
        if !(error <= worst) {
            worst = error.isNaN ? .infinity : error
            worstIndex = index
        }
    }
    return (worst, worstIndex)
}

/// The largest absolute difference between two outputs (infinite when their sizes differ or a value is NaN).
public func maxAbsError(_ actual: [Float], _ expected: [Float]) -> Float {
    worstAbsoluteError(actual, expected).error
}
