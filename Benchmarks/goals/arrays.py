"""Issue 44's array-primitive goals, checked run by run on this machine.

Runs `swiftcl-lab bench arrays` RUNS times (each run verifies every primitive against its host reference before it
times it) and prints, per primitive, its paired % of the in-run bound in each run (the primitive against its bound
timed just before it, median over the rounds) and whether every run met the goal:
- reductions (sum, dot, max, argmax, a user ReductionKernel) ≥ 90 % of the read bound;
- compaction, partition and unique into an array at 50 % kept ≥ 60 % of the copy bound;
- uniform Float draws with ChaCha8 ≥ 50 % of the write bound.
Elementwise rows (a·x+y, ElementwiseKernel) are shown against copy without a goal (keep them at the bound).

    python3 Benchmarks/goals/arrays.py [--runs 3] [--lab Benchmarks/.build/release/swiftcl-lab] [--avx2-only]

`--avx2-only` makes PoCL compile for an AVX2 CPU without AVX-512 (`POCL_KERNELLIB_NAME=avx2 POCL_LLVM_CPU_NAME=znver1`,
with a fresh PoCL cache): on an AVX-512 host, the code an AVX2-only CPU runs (the memory and cores stay this host's).
Exit status 1 when a goal was missed in any run.
"""
import argparse, json, os, subprocess, sys, tempfile

GOALS = [
    # (variant, bound, goal %)
    ("sum", "read", 90), ("dot", "read", 90), ("max", "read", 90), ("argmax", "read", 90),
    ("reduction-kernel-sum-of-squares", "read", 90),
    ("compaction-50%-into", "copy", 60), ("partition-50%-into", "copy", 60), ("unique-50%-into", "copy", 60),
    ("uniform-float-chacha8", "write", 50),
    ("a*x+y", "copy", None), ("elementwise-kernel-axpy", "copy", None),
]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--lab", default="Benchmarks/.build/release/swiftcl-lab")
    ap.add_argument("--avx2-only", action="store_true")
    a = ap.parse_args()
    env = dict(os.environ)
    folder = tempfile.mkdtemp(prefix="arrays-goals-")
    if a.avx2_only:
        env.update(POCL_KERNELLIB_NAME="avx2", POCL_LLVM_CPU_NAME="znver1", POCL_CACHE_DIR=os.path.join(folder, "pocl"))
    figures = {variant: [] for variant, _, _ in GOALS}
    device = "?"
    for run in range(1, a.runs + 1):
        report = os.path.join(folder, f"run{run}.json")
        print(f"run {run}/{a.runs}: {a.lab} bench arrays", flush=True)
        subprocess.run([a.lab, "bench", "arrays", "--device-type", "cpu", "--json", report], check=True, env=env,
                       stdout=subprocess.DEVNULL)
        with open(report) as handle:
            for record in json.load(handle)["results"]:
                device = record.get("device", device) if record["variant"] == "sum" else device
                for variant, bound, _ in GOALS:
                    if record["variant"] == variant:
                        figures[variant].append(record["extra"][f"paired_percent_of_{bound}_bound"])
    with open("/proc/loadavg") as handle:
        load = handle.read().split()[:3]
    print(f"\n{device}{' (compiled for an AVX2-only CPU)' if a.avx2_only else ''}, {a.runs} runs, load {load}")
    print(f"{'primitive':34} {'bound':6} {'goal':>5}  paired % per run")
    missed = False
    for variant, bound, goal in GOALS:
        values = figures[variant]
        verdict = "" if goal is None else ("met" if values and min(values) >= goal else "NOT MET")
        missed |= verdict == "NOT MET"
        print(f"{variant:34} {bound:6} {goal if goal else '—':>5}  {' / '.join(f'{v:.1f}' for v in values)}  {verdict}")
    sys.exit(1 if missed else 0)


if __name__ == "__main__":
    main()
