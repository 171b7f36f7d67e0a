"""Shared by the axis probes: check each variant against its float64 reference, then time it against a read bound
timed just before it, round by round (paired % of the bound, min / median / max)."""
import statistics, time
import numpy as np
import pyopencl as cl


def check_and_time(queue, out, read_bound, variants, rounds, header):
    """`variants`: (name, outputs, reference, fraction of the bound's bytes it reads, run). Prints the table."""
    for name, outputs, reference, _, run in variants:
        run()
        got = np.empty(outputs, np.float32)
        cl.enqueue_copy(queue, got, out)
        err = np.max(np.abs(got - reference) / (1 + np.abs(reference)))
        assert err < 1e-4, (name, err)
    print(f"{header}; {rounds} rounds; paired % of the read bound (min / median / max)")
    results = {name: [] for name, *_ in variants}
    for _ in range(rounds):
        for name, _, _, fraction, run in variants:
            read_bound(); queue.finish()
            t0 = time.perf_counter(); read_bound(); queue.finish(); bound = time.perf_counter() - t0
            t0 = time.perf_counter(); run(); queue.finish(); took = time.perf_counter() - t0
            results[name].append(100 * bound * fraction / took)
    width = max(len(name) for name in results)
    for name, v in results.items():
        print(f"{name:{width}s} {min(v):6.1f} / {statistics.median(v):6.1f} / {max(v):6.1f}")
