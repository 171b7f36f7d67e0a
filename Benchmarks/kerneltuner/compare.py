"""Kernel Tuner and `swiftcl tune` side by side on the same PoCL device: the same .cl files, the same spaces.

Per case (a tiled 2-D transpose, a tiled SGEMM, the box filter's boxAvgRows), in one run:
  1. cold exhaustive runs, alternating the tools (a fresh POCL_CACHE_DIR each, so every kernel is compiled anew;
     verification included on both sides): wall time of the whole command, and the best each names;
  2. the two bests measured by both tools: swiftcl re-times them interleaved round by round (paired ratio), Kernel
     Tuner times both in one restricted run;
  3. guided search on a replay of one recorded exhaustive table (Kernel Tuner's own cache file from step 1): Kernel
     Tuner's strategies with their default settings in simulation mode, swiftcl's strategies over the same file:
     evaluations until a configuration within 5 % of the table's best, per seed.
Run through compare.sh, which makes the virtual environment and the release build.
"""
import argparse
import json
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
SWIFTCL = os.path.join(ROOT, ".build", "release", "swiftcl")

CASES = {
    "transpose": dict(
        file=os.path.join(HERE, "transpose.cl"), kernel="transpose", size=(2048, 2048),
        params={"BX": [1, 2, 4, 8, 16, 32], "BY": [4, 8, 16, 32, 64], "VW": [1, 2, 4, 8], "PAD": [0, 1]},
        restrictions=["BY == BX * VW"],
        swiftcl=["--args", "in:float[w*h], out:float[w*h], int=w, int=h", "--global", "w / VW x h", "--group", "BX x BY",
                 "--expect", "out[x*h + y] = in[y*w + x]", "--tolerance", "exact"],
        flops=None),
    "sgemm": dict(
        file=os.path.join(HERE, "sgemm.cl"), kernel="sgemm", size=(512, 512),
        params={"TS": [4, 8, 16, 32, 64], "BY": [1, 2, 4, 8, 16, 32], "WPT": [1, 2, 4, 8], "PAD": [0, 1]},
        restrictions=["TS == BY * WPT"],
        swiftcl=["--args", "int=h, int=w, int=w, in:float[w*h], in:float[w*h], out:float[w*h]", "--global", "w x h / WPT",
                 "--group", "TS x BY", "--reference", os.path.join(HERE, "sgemm_reference.cl") + ":sgemm_naive",
                 "--tolerance", "allclose:1e-3,1e-4"],
        flops="2*w*h*w"),
    "box": dict(
        file=os.path.join(ROOT, "Kernels", "box_filter.cl"), kernel="boxAvgRows", size=(4096, 4096),
        params={"ROWS": [1, 2, 3, 4, 6, 8, 12, 16], "BX": [1, 2, 4, 8, 16, 32]},
        restrictions=[],
        swiftcl=["--args", "int=w, int=h, in:float[w*h], out:float[w*h], int=1", "--global", "h / ROWS x 1", "--group", "BX",
                 "--reference", os.path.join(HERE, "box_reference.cl") + ":box_reference", "--tolerance", "allclose:1e-5,1e-4"],
        flops=None),
}


def kernel_tuner_arguments(case, seed=1):
    """The arguments and the expected outputs for Kernel Tuner (the same shapes swiftcl generates; values differ)."""
    w, h = CASES[case]["size"]
    rng = np.random.default_rng(seed)
    if case == "transpose":
        a = rng.random(w * h, dtype=np.float32)
        return [a, np.zeros(w * h, np.float32), np.int32(w), np.int32(h)], [None, a.reshape(h, w).T.ravel().copy(), None, None]
    if case == "sgemm":
        m, n, k = h, w, w
        a = rng.random(m * k, dtype=np.float32)
        b = rng.random(k * n, dtype=np.float32)
        c = (a.reshape(m, k).astype(np.float64) @ b.reshape(k, n).astype(np.float64)).astype(np.float32).ravel()
        return [np.int32(m), np.int32(n), np.int32(k), a, b, np.zeros(m * n, np.float32)], [None, None, None, None, None, c]
    image = rng.random((h, w), dtype=np.float32)
    r = 2
    padded = np.pad(image.astype(np.float64), r)
    sums = np.zeros((h, w))
    for dy in range(2 * r + 1):
        for dx in range(2 * r + 1):
            sums += padded[dy:dy + h, dx:dx + w]
    rows = np.array([min(h - 1, y + r) - max(0, y - r) + 1 for y in range(h)], np.float64)
    cols = np.array([min(w - 1, x + r) - max(0, x - r) + 1 for x in range(w)], np.float64)
    expected = (sums / np.outer(rows, cols)).astype(np.float32).ravel()
    return ([np.int32(w), np.int32(h), image.ravel(), np.zeros(w * h, np.float32), np.int32(1)],
            [None, None, None, expected, None])


def kernel_tuner_options(case):
    w, h = CASES[case]["size"]
    if case == "transpose":
        return dict(problem_size=(w, h), grid_div_x=["BY"], grid_div_y=["BY"], block_size_names=["BX", "BY"], atol=0)
    if case == "sgemm":
        return dict(problem_size=(w, h), grid_div_x=["TS"], grid_div_y=["TS"], block_size_names=["TS", "BY"], atol=1e-3)
    return dict(problem_size=h, grid_div_x=["ROWS", "BX"], block_size_names=["BX"], atol=1e-4)


def run_kernel_tuner(case, cache=None, restrictions=None, simulation=False, strategy=None, quiet=True):
    """Kernel Tuner's tune_kernel on PoCL (platform 0, device 0), as a user would call it."""
    from kernel_tuner import tune_kernel
    spec = CASES[case]
    arguments, answer = kernel_tuner_arguments(case)
    options = kernel_tuner_options(case)
    source = open(spec["file"]).read()
    return tune_kernel(spec["kernel"], source, options.pop("problem_size"), arguments, spec["params"],
                       restrictions=restrictions if restrictions is not None else spec["restrictions"],
                       answer=None if simulation else answer, lang="OpenCL", platform=0, device=0, cache=cache,
                       simulation_mode=simulation, strategy=strategy, quiet=quiet, verbose=False, **options)


def swiftcl_tune(case, extra):
    spec = CASES[case]
    w, h = spec["size"]
    command = [SWIFTCL, "tune", spec["file"], "--kernel", spec["kernel"], "--sizes", f"{w}x{h}"] + spec["swiftcl"]
    for name, values in spec["params"].items():
        command += ["--param", f"{name}=" + ",".join(str(v) for v in values)]
    for restriction in spec["restrictions"]:
        command += ["--restrict", restriction]
    if spec["flops"]:
        command += ["--flops", spec["flops"]]
    return command + extra


def key(configuration, names):
    return tuple(str(configuration[name]) for name in names)


def configuration_text(values, names):
    return " ".join(f"{n}={v}" for n, v in zip(names, values))


def timed(command, env):
    started = time.perf_counter()
    completed = subprocess.run(command, env=env, capture_output=True, text=True)
    wall = time.perf_counter() - started
    if completed.returncode != 0:
        sys.exit(f"failed ({completed.returncode}): {' '.join(command)}\n{completed.stdout[-3000:]}\n{completed.stderr[-3000:]}")
    return wall, completed.stdout


def summary(values):
    values = sorted(values)
    return f"{values[0]:.1f}/{statistics.median(values):.1f}/{values[-1]:.1f}"


def compare(case, runs, seeds, folder, report):
    spec = CASES[case]
    names = list(spec["params"])
    print(f"\n=== {case}: {spec['kernel']} at {spec['size'][0]}x{spec['size'][1]} ===", flush=True)
    kt_walls, sc_walls, kt_bests, sc_bests = [], [], [], []
    kt_cache = None
    for run in range(runs):
        # Kernel Tuner, cold: a fresh PoCL cache, a fresh process, its own cache file for the replay.
        pocl = tempfile.mkdtemp(prefix="pocl-", dir=folder)
        cache = os.path.join(folder, f"kt-{case}-{run}.json")
        env = dict(os.environ, POCL_CACHE_DIR=pocl)
        wall, out = timed([sys.executable, __file__, "--kernel-tuner-exhaustive", case, cache], env)
        kt_walls.append(wall)
        kt_bests.append(tuple(json.loads(out.strip().splitlines()[-1])))
        kt_cache = kt_cache or cache
        shutil.rmtree(pocl, ignore_errors=True)
        # swiftcl, cold.
        pocl = tempfile.mkdtemp(prefix="pocl-", dir=folder)
        result = os.path.join(folder, f"swiftcl-{case}-{run}.json")
        wall, out = timed(swiftcl_tune(case, ["--json", result]), dict(os.environ, POCL_CACHE_DIR=pocl))
        sc_walls.append(wall)
        document = json.load(open(result))
        best = (document.get("retiming") or {}).get("leaders", [{}])[0].get("configuration") or document["outcomes"][0]["configuration"]
        sc_bests.append(tuple(best["values"]))
        shutil.rmtree(pocl, ignore_errors=True)
        print(f"run {run + 1}: Kernel Tuner {kt_walls[-1]:.1f} s, best {configuration_text(kt_bests[-1], names)}; "
              f"swiftcl {sc_walls[-1]:.1f} s, best {configuration_text(sc_bests[-1], names)}", flush=True)
    space = len(json.load(open(kt_cache))["cache"]) if kt_cache else 0
    ratio = [s / k for s, k in zip(sc_walls, kt_walls)]
    report.append(f"| {case} | {space} | {summary(kt_walls)} | {summary(sc_walls)} | {min(ratio):.2f}/{statistics.median(ratio):.2f}/{max(ratio):.2f} |")
    print(report[-1], flush=True)

    # Each run's two bests, where they differ, measured by both tools: swiftcl re-times both interleaved (≥ 7 paired
    # rounds), Kernel Tuner times both in one restricted run.
    pairs = sorted({(k, s) for k, s in zip(kt_bests, sc_bests) if k != s})
    if not pairs:
        report.append(f"|  | both tools named the same best in every run: {configuration_text(sc_bests[-1], names)} |  |  |  |")
        print(report[-1], flush=True)
    for kt_best, sc_best in pairs:
        pinned = " || ".join("(" + " && ".join(f"{n} == {v}" for n, v in zip(names, best)) + ")" for best in (kt_best, sc_best))
        result = os.path.join(folder, f"pinned-{case}.json")
        timed(swiftcl_tune(case, ["--restrict", pinned, "--leaders", "2", "--rounds", "9", "--json", result]), dict(os.environ))
        leaders = {tuple(l["configuration"]["values"]): l["rounds"] for l in json.load(open(result))["retiming"]["leaders"]}
        ratios = [s / k for s, k in zip(leaders[tuple(map(str, sc_best))], leaders[tuple(map(str, kt_best))])]
        paired = f"{min(ratios):.3f}/{statistics.median(ratios):.3f}/{max(ratios):.3f} ({len(ratios)} rounds)"
        out = subprocess.run([sys.executable, __file__, "--kernel-tuner-pinned", case, json.dumps([list(kt_best), list(sc_best)])],
                             capture_output=True, text=True, check=True).stdout
        kt_view = {tuple(map(str, k)): v for k, v in json.loads(out.strip().splitlines()[-1])}
        kt_ratio = kt_view[tuple(map(str, sc_best))] / kt_view[tuple(map(str, kt_best))]
        report.append(f"|  | swiftcl's best {configuration_text(sc_best, names)}, Kernel Tuner's {configuration_text(kt_best, names)}: "
                      f"swiftcl's / Kernel Tuner's, paired by swiftcl's interleaved rounds {paired}; by Kernel Tuner {kt_ratio:.3f} |  |  |  |")
        print(report[-1], flush=True)
    last = os.path.join(folder, f"swiftcl-{case}-{runs - 1}.json")
    leaders = (json.load(open(last)).get("retiming") or {}).get("leaders") or []
    if leaders and leaders[0].get("percentOfBound") is not None:
        print(f"{case}: swiftcl's re-timed best {configuration_text(leaders[0]['configuration']['values'], names)} at "
              f"{leaders[0]['percentOfBound']:.1f} % of the streaming copy of its declared bytes (last run)", flush=True)

    replay(case, kt_cache, seeds, folder, report)


def replay(case, kt_cache, seeds, folder, report):
    """Strategies on a replay of Kernel Tuner's exhaustive table `kt_cache`: Kernel Tuner's in its simulation mode
    (one process per strategy, seeded 1..N), swiftcl's through `tune --replay`."""
    table = json.load(open(kt_cache))["cache"]
    times = {k: v["time"] for k, v in table.items() if isinstance(v.get("time"), (int, float))}
    best_time = min(times.values())
    rows = []
    for strategy in ["random_sample", "genetic_algorithm", "dual_annealing", "bayes_opt", "simulated_annealing"]:
        out = subprocess.run([sys.executable, __file__, "--kernel-tuner-replay", case, kt_cache, strategy, str(seeds)],
                             capture_output=True, text=True)
        lines = out.stdout.strip().splitlines()
        reached = json.loads(lines[-1]) if out.returncode == 0 and lines else [None] * seeds
        rows.append((f"Kernel Tuner {strategy}", reached))
    result = os.path.join(folder, f"replay-{case}.json")
    timed([SWIFTCL, "tune", "--replay", kt_cache, "--strategy", "random,annealing", "--seeds", str(seeds), "--json", result], dict(os.environ))
    for strategy, reached in json.load(open(result)).items():
        rows.append((f"swiftcl {strategy}", reached))
    for name, reached in rows:
        hits = [r for r in reached if r is not None]
        report.append(f"| {case} replay | {name} | {len(hits)} of {len(reached)} seeds | "
                      f"{summary(hits) if hits else '-'} | {' '.join('-' if r is None else str(r) for r in reached)} |")
        print(report[-1], flush=True)
    print(f"(table best {best_time:.3f} ms, {len(times)} timed of {len(table)})")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("cases", nargs="*", default=list(CASES))
    parser.add_argument("--runs", type=int, default=3, help="cold exhaustive runs per tool (alternating)")
    parser.add_argument("--seeds", type=int, default=25, help="seeds per strategy on the replay")
    parser.add_argument("--replay-only", nargs=2, action="append", metavar=("CASE", "KT_CACHE"),
                        help="only the replay, over a recorded Kernel Tuner table (repeatable)")
    parser.add_argument("--kernel-tuner-exhaustive", nargs=2, metavar=("CASE", "CACHE"), help=argparse.SUPPRESS)
    parser.add_argument("--kernel-tuner-pinned", nargs=2, metavar=("CASE", "CONFIGURATIONS"), help=argparse.SUPPRESS)
    parser.add_argument("--kernel-tuner-replay", nargs=4, metavar=("CASE", "CACHE", "STRATEGY", "SEEDS"), help=argparse.SUPPRESS)
    args = parser.parse_args()

    if args.kernel_tuner_exhaustive:
        case, cache = args.kernel_tuner_exhaustive
        results, _ = run_kernel_tuner(case, cache=cache)
        timed_results = [r for r in results if isinstance(r.get("time"), (int, float))]
        best = min(timed_results, key=lambda r: r["time"])
        print(json.dumps([str(best[n]) for n in CASES[case]["params"]]))
        return
    if args.kernel_tuner_pinned:
        case, configurations = args.kernel_tuner_pinned
        names = list(CASES[case]["params"])
        wanted = {tuple(c) for c in json.loads(configurations)}
        def restriction(*values):
            # Kernel Tuner passes the parameters' values in order (or, in some paths, one dict).
            if len(values) == 1 and isinstance(values[0], dict):
                values = [values[0][n] for n in names]
            return tuple(str(v) for v in values) in wanted
        results, _ = run_kernel_tuner(case, restrictions=[restriction])
        print(json.dumps([[[str(r[n]) for n in names], r["time"]] for r in results if isinstance(r.get("time"), (int, float))]))
        return
    if args.kernel_tuner_replay:
        # Each seed 1..N: evaluations of distinct configurations until one within 5 % of the table's best (None: not).
        case, cache, strategy, seeds = args.kernel_tuner_replay
        names = list(CASES[case]["params"])
        table = json.load(open(cache))["cache"]
        times = [v["time"] for v in table.values() if isinstance(v.get("time"), (int, float))]
        target = min(times) * 1.05
        reached = []
        for seed in range(1, int(seeds) + 1):
            random.seed(seed)
            np.random.seed(seed)
            results, _ = run_kernel_tuner(case, cache=cache, simulation=True, strategy=strategy)
            seen, hit = [], None
            for result in results:
                k = key(result, names)
                if k in seen:
                    continue
                seen.append(k)
                if isinstance(result.get("time"), (int, float)) and result["time"] <= target:
                    hit = len(seen)
                    break
            reached.append(hit)
        print(json.dumps(reached))
        return

    if not os.access(SWIFTCL, os.X_OK):
        sys.exit(f"no {SWIFTCL}: run compare.sh (it builds it)")
    folder = tempfile.mkdtemp(prefix="swiftcl-kerneltuner-")
    if args.replay_only:
        report = ["| table | strategy | seeds reaching | evaluations (min/med/max) | per seed |", "|---|---|---|---|---|"]
        for case, kt_cache in args.replay_only:
            print(f"\n=== {case} replay of {kt_cache} ===", flush=True)
            replay(case, kt_cache, args.seeds, folder, report)
        print("\n" + "\n".join(report))
        return
    report = ["| case | configurations | Kernel Tuner cold exhaustive s (min/med/max) | swiftcl tune cold exhaustive s | swiftcl / Kernel Tuner |",
              "|---|---|---|---|---|"]
    for case in args.cases:
        compare(case, args.runs, args.seeds, folder, report)
    print("\n" + "\n".join(report))
    print(f"\n(files in {folder})")


if __name__ == "__main__":
    main()
