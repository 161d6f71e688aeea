# Sourced by the bench scripts: builds the release dnsim they measure and sets `bin` to it.
#
# environment:
#   DNSIM_BENCH_BIN=FILE      measure this dnsim binary instead of building one (e.g. a copy of an
#                             older commit's release build, to compare two commits)
#   DNSIM_BENCH_SCRATCH=DIR   a separate --scratch-path for the release build
#   DNSIM_BENCH_STATIC=1      the static build (`--static-swift-stdlib`), which on Linux is the
#                             default release build (Package.swift); its own scratch path,
#                             .build-static, unless DNSIM_BENCH_SCRATCH is set
#   DNSIM_BENCH_DYNAMIC=1     the release build with the Swift shared libraries
#                             (`DNSIM_DYNAMIC_STDLIB=1`, README "Heavy CI use"); its own scratch
#                             path, .build-dynamic, unless DNSIM_BENCH_SCRATCH is set
#   DNSIM_BENCH_LTO=1         with link-time optimisation across all modules
#                             (`--experimental-lto-mode=full`; with DNSIM_BENCH_STATIC=1 the
#                             README's fastest build); its own scratch path, .build-lto or
#                             .build-static-lto, unless DNSIM_BENCH_SCRATCH is set
if [ -n "${DNSIM_BENCH_BIN:-}" ]; then
    bin=$DNSIM_BENCH_BIN
else
    build_args=()
    scratch_name=.build
    if [ "${DNSIM_BENCH_STATIC:-}" = 1 ]; then
        build_args+=(--static-swift-stdlib)
        scratch_name=.build-static
    fi
    build_env=()
    if [ "${DNSIM_BENCH_DYNAMIC:-}" = 1 ]; then
        build_env+=(DNSIM_DYNAMIC_STDLIB=1)
        scratch_name=.build-dynamic
    fi
    if [ "${DNSIM_BENCH_LTO:-}" = 1 ]; then
        build_args+=(--experimental-lto-mode=full)
        [ "$scratch_name" = .build ] && scratch_name=.build-lto || scratch_name=$scratch_name-lto
    fi
    if [ -n "${DNSIM_BENCH_SCRATCH:-}" ]; then
        build_args+=(--scratch-path "$DNSIM_BENCH_SCRATCH")
    elif [ "$scratch_name" != .build ]; then
        build_args+=(--scratch-path "$scratch_name")
    fi
    env "${build_env[@]}" swift build -c release --product dnsim "${build_args[@]}" >/dev/null
    bin=$(env "${build_env[@]}" swift build -c release "${build_args[@]}" --show-bin-path)/dnsim
fi
