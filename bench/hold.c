/*
 * The hold-model benchmark (Vaucher & Duval 1975) on a plain binary min-heap: the "practical
 * limit" against which the dnsim engine is measured.
 *
 * Same model as Sources/DNSimBench/main.swift: N pending events keyed by (int64 time in ms,
 * uint64 insertion sequence), payload int; each hold pops the earliest event, sets now to its
 * time and pushes it again at now + Exp(mean 1000 ms). Pop then push: no replace-top trick.
 * Same xoshiro256** generator seeded through SplitMix64, same seed, same draw, so after the same
 * number of holds the virtual time equals the Swift bench's (printed as final_ms).
 *
 * A warm-up of M/5 holds, then three timed rounds of M holds; the best round is reported.
 *
 * Usage: hold [--events M] [--sizes 10,1000,100000]
 * Build: gcc -O2 -o bench/out/hold bench/hold.c -lm
 */
#define _POSIX_C_SOURCE 199309L
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static const uint64_t bench_seed = 0x00D051A12025ULL;

/* ---- SplitMix64 and xoshiro256** 1.0 ---- */

typedef struct { uint64_t s[4]; } xoshiro;

static uint64_t splitmix64_next(uint64_t *state) {
    uint64_t z = (*state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

static void xoshiro_seed(xoshiro *rng, uint64_t seed) {
    uint64_t state = seed;
    for (int i = 0; i < 4; i++) rng->s[i] = splitmix64_next(&state);
}

static inline uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

static inline uint64_t xoshiro_next(xoshiro *rng) {
    uint64_t *s = rng->s;
    const uint64_t result = rotl(s[1] * 5, 7) * 9;
    const uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotl(s[3], 45);
    return result;
}

/* Exp(1) in integer milliseconds with mean 1000 ms, never 0. round() = half away from zero,
 * like Swift's rounded(). */
static inline int64_t exp_draw_ms(xoshiro *rng) {
    double u = (double)(xoshiro_next(rng) >> 11) * 0x1.0p-53;
    int64_t ms = (int64_t)round(-log(1.0 - u) * 1000.0);
    return ms < 1 ? 1 : ms;
}

/* ---- binary min-heap on (time, sequence) ---- */

typedef struct {
    int64_t time;
    uint64_t seq;
    int payload;
} entry;

typedef struct {
    entry *a;
    size_t n, cap;
    uint64_t next_seq;
} heap;

static inline int precedes(const entry *x, const entry *y) {
    return x->time < y->time || (x->time == y->time && x->seq < y->seq);
}

static inline void heap_push(heap *h, int64_t time, int payload) {
    if (h->n == h->cap) {
        h->cap = h->cap ? h->cap * 2 : 64;
        h->a = realloc(h->a, h->cap * sizeof(entry));
        if (!h->a) { perror("realloc"); exit(1); }
    }
    entry e = { time, h->next_seq++, payload };
    size_t child = h->n++;
    while (child > 0) {
        size_t parent = (child - 1) >> 1;
        if (!precedes(&e, &h->a[parent])) break;
        h->a[child] = h->a[parent];
        child = parent;
    }
    h->a[child] = e;
}

/* Requires n > 0. */
static inline entry heap_pop(heap *h) {
    entry top = h->a[0];
    entry last = h->a[--h->n];
    size_t n = h->n;
    if (n == 0) return top;
    size_t hole = 0;
    for (;;) {
        size_t left = 2 * hole + 1;
        if (left >= n) break;
        size_t child = left;
        if (left + 1 < n && precedes(&h->a[left + 1], &h->a[left])) child = left + 1;
        if (!precedes(&h->a[child], &last)) break;
        h->a[hole] = h->a[child];
        hole = child;
    }
    h->a[hole] = last;
    return top;
}

/* ---- benchmark ---- */

static int64_t now_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

static int64_t sim_now;

static void hold_round(heap *h, xoshiro *rng, long count) {
    for (long i = 0; i < count; i++) {
        entry e = heap_pop(h);
        sim_now = e.time;
        heap_push(h, sim_now + exp_draw_ms(rng), e.payload);
    }
}

static void bench(long size, long events) {
    heap h = { 0 };
    xoshiro rng;
    xoshiro_seed(&rng, bench_seed);
    sim_now = 0;
    for (long i = 0; i < size; i++) heap_push(&h, sim_now + exp_draw_ms(&rng), (int)i);

    long warmup = events / 5 > 0 ? events / 5 : 1;
    hold_round(&h, &rng, warmup);
    int64_t best = INT64_MAX;
    for (int r = 0; r < 3; r++) {
        int64_t start = now_ns();
        hold_round(&h, &rng, events);
        int64_t elapsed = now_ns() - start;
        if (elapsed < best) best = elapsed;
    }
    if ((long)h.n != size) { fprintf(stderr, "queue size changed\n"); exit(1); }
    long long rate = (long long)((double)events * 1e9 / (double)best + 0.5);
    long long micros = (best + 500) / 1000;
    printf("c hold n=%ld events=%ld best_s=%lld.%06lld events_per_s=%lld final_ms=%lld\n", size, events,
           micros / 1000000, micros % 1000000, rate, (long long)sim_now);
    fflush(stdout);
    free(h.a);
}

static void usage(void) {
    fprintf(stderr, "usage: hold [--events M] [--sizes 10,1000,100000]\n");
    exit(2);
}

int main(int argc, char **argv) {
    long events_override = 0;
    long sizes[64];
    int nsizes = 0;
    sizes[nsizes++] = 10;
    sizes[nsizes++] = 1000;
    sizes[nsizes++] = 100000;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--events") == 0 && i + 1 < argc) {
            events_override = strtol(argv[++i], NULL, 10);
            if (events_override <= 0) usage();
        } else if (strcmp(argv[i], "--sizes") == 0 && i + 1 < argc) {
            nsizes = 0;
            char *p = argv[++i];
            while (*p && nsizes < 64) {
                char *end;
                long v = strtol(p, &end, 10);
                if (end == p || v <= 0) usage();
                sizes[nsizes++] = v;
                p = (*end == ',') ? end + 1 : end;
                if (*end && *end != ',') usage();
            }
            if (nsizes == 0) usage();
        } else {
            usage();
        }
    }
    for (int i = 0; i < nsizes; i++) {
        long events = events_override ? events_override : (sizes[i] <= 1000 ? 10000000L : 5000000L);
        bench(sizes[i], events);
    }
    return 0;
}
