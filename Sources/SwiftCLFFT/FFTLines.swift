/// The lines one axis of a row-major array holds: `count` lines of `length` elements, each element `inner` after the
/// one before it (the product of the later axes' lengths). Line `l` starts at
/// `(l / inner) · length · inner + l % inner`, so `inner` 1 means rows one after another.
struct FFTLines: Hashable {
    let length: Int
    let inner: Int
    let count: Int

    /// The lines along `axis` of `batch` arrays of row-major `shape`.
    init(axis: Int, of shape: [Int], batch: Int) {
        length = shape[axis]
        inner = shape[(axis + 1)...].reduce(1, *)
        count = shape.reduce(1, *) / length * batch
    }
}
