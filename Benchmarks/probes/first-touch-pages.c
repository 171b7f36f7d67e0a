// First touch of new anonymous memory (256 MiB, one thread) with 4 KiB pages or after madvise(MADV_HUGEPAGE), in a
// fresh process and back to back: what a new host array or a new buffer on PoCL's CPU device pays before its copy.
// Each run prints three touches (the first is the process's first); runs alternate page sizes with a pause between,
// so that memory freed by the last run may be reported to the VM's host in the meantime (free page reporting).
//
//     cc -O2 -o /tmp/first-touch Benchmarks/probes/first-touch-pages.c
//     for r in 1 2 3; do for h in 0 1; do sleep 4; /tmp/first-touch $h; done; done
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>

static double seconds(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}

int main(int argc, char **argv) {
    const int huge = argc > 1 && atoi(argv[1]) != 0;
    const size_t bytes = 256UL << 20, page = 2UL << 20;
    printf("%s:", huge ? "MADV_HUGEPAGE" : "4 KiB pages");
    for (int touch = 0; touch < 3; ++touch) {
        char *mapping = mmap(NULL, bytes + page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (mapping == MAP_FAILED) { perror("mmap"); return 1; }
        char *aligned = (char *)(((unsigned long)mapping + page - 1) & ~(page - 1));
        if (huge && madvise(aligned, bytes, MADV_HUGEPAGE) != 0) { perror("madvise"); return 1; }
        const double start = seconds();
        memset(aligned, 1, bytes);
        printf(" %.1f ms", (seconds() - start) * 1e3);
        munmap(mapping, bytes + page);
    }
    printf("\n");
    return 0;
}
