/// What `min`, `max`, `argmin` and `argmax` of floating-point arrays do with NaN.
///
/// The default, ``skip``, is PyOpenCL's (its reductions use OpenCL's `fmin`/`fmax`) and NumPy's `nanmin`/`nanmax`/
/// `nanargmin`/`nanargmax`: NaNs are passed over, and an array of NaNs only gives NaN (its `argmin`/`argmax`: 0).
/// ``propagate`` is NumPy's `min`/`max`/`argmin`/`argmax`: the first NaN wins (`np.max([1, nan, 3])` is nan,
/// `np.argmax([1, nan, nan])` is 1). Integer arrays hold no NaN; both give the same answer there.
public enum NaNHandling: Sendable, Hashable, CaseIterable {
    /// NaNs are passed over (PyOpenCL; NumPy's `nan…` functions).
    case skip
    /// The first NaN is the answer (NumPy's `min`, `max`, `argmin`, `argmax`).
    case propagate
}
