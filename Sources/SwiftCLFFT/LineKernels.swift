import SwiftCL

/// The kernels of transforms done line by line (``AxisByAxis``, ``Bluestein``), in one program per precision built
/// through the context's program cache. A line's element `i` lies at `swiftcl_line_index` (``FFTLines``'s layout).
enum LineKernels {
    /// The program for `T` in `context`.
    static func program<T: FFTScalar>(_: T.Type, in context: Context) throws -> Program {
        try context.program(source: source(double: T.isDoublePrecision), name: "swiftcl_fft_lines_\(T.isDoublePrecision ? "double" : "float").cl")
    }

    static func source(double: Bool) -> String {
        """
        \(double ? "#pragma OPENCL EXTENSION cl_khr_fp64 : enable\ntypedef double real; typedef double2 real2;" : "typedef float real; typedef float2 real2;")
        static real2 swiftcl_cmul(real2 a, real2 b) { return (real2)(a.x * b.x - a.y * b.y, a.x * b.y + a.y * b.x); }

        /* Element i of line `line`: lines of n elements `inner` apart, `inner` lines side by side in each block. */
        static size_t swiftcl_line_index(size_t line, size_t i, ulong n, ulong inner) {
            return (line / inner) * n * inner + line % inner + i * inner;
        }

        /* Copies lines into rows one after another, and back. */
        kernel void swiftcl_lines_gather(global const real2 *x, global real2 *y, const ulong n, const ulong inner) {
            const size_t i = get_global_id(0), line = get_global_id(1);
            y[line * n + i] = x[swiftcl_line_index(line, i, n, inner)];
        }

        kernel void swiftcl_lines_scatter(global const real2 *x, global real2 *y, const ulong n, const ulong inner) {
            const size_t i = get_global_id(0), line = get_global_id(1);
            y[swiftcl_line_index(line, i, n, inner)] = x[line * n + i];
        }

        /* Bluestein's first step, a = x·w zero-padded to m: from complex lines, real rows or half spectra (rows of
           n/2 + 1; the rest are their conjugates). */
        kernel void swiftcl_bluestein_pre_complex(global const real2 *x, global real2 *a, global const real2 *w,
                                                  const ulong n, const ulong m, const ulong inner) {
            const size_t i = get_global_id(0), line = get_global_id(1);
            a[line * m + i] = i < n ? swiftcl_cmul(x[swiftcl_line_index(line, i, n, inner)], w[i]) : (real2)(0, 0);
        }

        kernel void swiftcl_bluestein_pre_real(global const real *x, global real2 *a, global const real2 *w,
                                               const ulong n, const ulong m, const ulong inner) {
            const size_t i = get_global_id(0), line = get_global_id(1);
            a[line * m + i] = i < n ? x[line * n + i] * w[i] : (real2)(0, 0);
        }

        kernel void swiftcl_bluestein_pre_half(global const real2 *x, global real2 *a, global const real2 *w,
                                               const ulong n, const ulong m, const ulong inner) {
            const size_t i = get_global_id(0), line = get_global_id(1);
            const size_t kept = n / 2 + 1;
            real2 value = (real2)(0, 0);
            if (i < kept) {
                value = x[line * kept + i];
            } else if (i < n) {
                value = x[line * kept + n - i];
                value.y = -value.y;
            }
            a[line * m + i] = i < n ? swiftcl_cmul(value, w[i]) : (real2)(0, 0);
        }

        kernel void swiftcl_bluestein_multiply(global real2 *a, global const real2 *spectrum, const ulong m) {
            const size_t i = get_global_id(0), line = get_global_id(1);
            a[line * m + i] = swiftcl_cmul(a[line * m + i], spectrum[i]);
        }

        /* Bluestein's last step, y = scale·a·w: into complex lines, half spectra (the first n/2 + 1 values of each
           row) or real rows (the real parts). */
        kernel void swiftcl_bluestein_post_complex(global const real2 *a, global real2 *y, global const real2 *w,
                                                   const ulong n, const ulong m, const ulong inner, const real scale) {
            const size_t i = get_global_id(0), line = get_global_id(1);
            y[swiftcl_line_index(line, i, n, inner)] = scale * swiftcl_cmul(a[line * m + i], w[i]);
        }

        kernel void swiftcl_bluestein_post_half(global const real2 *a, global real2 *y, global const real2 *w,
                                                const ulong n, const ulong m, const ulong inner, const real scale) {
            const size_t i = get_global_id(0), line = get_global_id(1);
            y[line * (n / 2 + 1) + i] = scale * swiftcl_cmul(a[line * m + i], w[i]);
        }

        kernel void swiftcl_bluestein_post_real(global const real2 *a, global real *y, global const real2 *w,
                                                const ulong n, const ulong m, const ulong inner, const real scale) {
            const size_t i = get_global_id(0), line = get_global_id(1);
            y[line * n + i] = scale * swiftcl_cmul(a[line * m + i], w[i]).x;
        }
        """
    }
}
