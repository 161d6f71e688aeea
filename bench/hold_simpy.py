"""The hold-model benchmark (Vaucher & Duval 1975) in SimPy, for comparison with dnsim.

N processes each loop forever on ``yield env.timeout(random.expovariate(1.0))``, so N events
are always pending and every processed timeout is one hold (pop the earliest, push it again at
now + Exp(1)). Time is in SimPy's float units (mean gap 1.0).

A round runs ``env.run(until=...)`` over a window of virtual time long enough for about M holds
(N holds per unit of time); holds are counted exactly by the processes themselves. A warm-up
window of M/5 holds first, then three timed rounds; the best round's rate is reported.

Usage: python hold_simpy.py [--events M] [--sizes 10,1000,100000]
"""

import argparse
import random
import time

import simpy

SEED = 0x00D051A12025


def holder(env, draw, counter):
    timeout = env.timeout
    while True:
        yield timeout(draw(1.0))
        counter[0] += 1


def bench(size, events):
    env = simpy.Environment()
    rng = random.Random(SEED)
    draw = rng.expovariate
    counter = [0]
    for _ in range(size):
        env.process(holder(env, draw, counter))

    def window(holds):
        start_count = counter[0]
        env.run(until=env.now + holds / size)
        return counter[0] - start_count

    window(max(1, events // 5))
    best = None
    for _ in range(3):
        start = time.perf_counter_ns()
        done = window(events)
        elapsed = time.perf_counter_ns() - start
        rate = done * 1_000_000_000 // max(1, elapsed)
        if best is None or rate > best[0]:
            best = (rate, done, elapsed)
    rate, done, elapsed = best
    micros = (elapsed + 500) // 1000
    print(
        f"simpy hold n={size} events={done} best_s={micros // 1_000_000}.{micros % 1_000_000:06d} "
        f"events_per_s={rate}",
        flush=True,
    )


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--events", type=int, default=1_000_000, help="holds per timed round (default 1 000 000)")
    parser.add_argument("--sizes", default="10,1000,100000", help="comma-separated pending-event counts")
    args = parser.parse_args()
    sizes = [int(s) for s in args.sizes.split(",") if s]
    if args.events <= 0 or not sizes or any(s <= 0 for s in sizes):
        parser.error("--events and every size must be positive")
    for size in sizes:
        bench(size, args.events)


if __name__ == "__main__":
    main()
