// swift-tools-version: 6.0
import PackageDescription

/// dnsim: a deterministic discrete-event simulator of mobile-OS scheduling behaviour.
///
/// Library targets form one-way layers; each depends only on the layers below it:
///
///     DNSimCore       engine: virtual time, event queue, seeded randomness, trace, JSON
///     DNSimCalendar   civil calendar, IANA zones, wall time ↔ instant with gap/fold policy
///     DNSimPlatforms  OS models (Android, iOS, Electron) and device clocks; knows no plugin
///     DNSimPlugin     the daily-notification plugin logic, seeing the OS only through ports
///     DNSimScenario   scenario files: decoding, validation, running, expectations
///     DNSimExplore    swarm exploration: templates, seeded worlds, invariants, shrinking
///     DNSimReports    JSON result, Markdown behaviour report, text summary
///     DNSimCLI        argument parsing and commands; the only layer that touches files
///     dnsim           the thin executable
/// Release builds of the `dnsim` executable on Linux link the Swift runtime and Foundation in
/// (`-static-stdlib`), as `swift build --static-swift-stdlib` does: the process skips loading a
/// dozen shared libraries (3 ms instead of 8 ms to start) and calls the runtime directly, which
/// makes a device-year 10 % faster (README, Performance); the output is byte-identical (the same
/// toolchain ICU zone data). A manifest cannot switch SwiftPM to the toolchain's static resource
/// directory as `--static-swift-stdlib` does, so the libraries the static Foundation needs that
/// the shared one pulls in by itself are named: a list that belongs to the toolchain, so it is
/// used only with the Swift 6.3 toolchains it was checked with (others link the shared
/// libraries). The executable is linked at a fixed address (`-no-pie`): with the runtime in it,
/// a position-independent one had 78 000 relocations for the loader to apply at every start
/// (2.5 ms to start; 1.9 ms without them). `DNSIM_DYNAMIC_STDLIB=1` in the environment keeps the
/// shared libraries (and position independence): for a toolchain without `lib/swift_static`, or
/// to build the tests in release mode (`-enable-testing`), whose XCTest is a shared library.
#if compiler(>=6.3) && !compiler(>=6.4)
let staticRuntimeOnLinux: [LinkerSetting] =
    Context.environment["DNSIM_DYNAMIC_STDLIB"] == "1"
    ? []
    : [
        .unsafeFlags(
            [
                "-static-stdlib", "-lFoundation", "-lFoundationInternationalization", "-lFoundationEssentials",
                "-lCoreFoundation", "-l_FoundationICU", "-l_FoundationCollections", "-l_FoundationCShims", "-lstdc++",
                "-Xclang-linker", "-no-pie",
            ],
            .when(platforms: [.linux], configuration: .release)
        )
    ]
#else
let staticRuntimeOnLinux: [LinkerSetting] = []
#endif

let package = Package(
    name: "dnsim",
    products: [
        .executable(name: "dnsim", targets: ["dnsim"]),
        .library(name: "DNSimCore", targets: ["DNSimCore"]),
    ],
    targets: [
        .target(name: "DNSimCore"),
        .target(name: "DNSimCalendar", dependencies: ["DNSimCore"]),
        .target(name: "DNSimPlatforms", dependencies: ["DNSimCore", "DNSimCalendar"]),
        .target(name: "DNSimPlugin", dependencies: ["DNSimCore", "DNSimCalendar", "DNSimPlatforms"]),
        .target(
            name: "DNSimScenario",
            dependencies: ["DNSimCore", "DNSimCalendar", "DNSimPlatforms", "DNSimPlugin"]
        ),
        .target(
            name: "DNSimExplore",
            dependencies: ["DNSimCore", "DNSimCalendar", "DNSimPlatforms", "DNSimPlugin", "DNSimScenario"]
        ),
        .target(
            name: "DNSimReports",
            dependencies: ["DNSimCore", "DNSimCalendar", "DNSimPlatforms", "DNSimPlugin", "DNSimScenario"]
        ),
        .target(
            name: "DNSimCLI",
            dependencies: ["DNSimCore", "DNSimCalendar", "DNSimPlugin", "DNSimScenario", "DNSimReports", "DNSimExplore"]
        ),
        .executableTarget(name: "dnsim", dependencies: ["DNSimCLI"], linkerSettings: staticRuntimeOnLinux),
        // Hold-model benchmark of the event queue; run through bench/run.sh in release mode.
        .executableTarget(name: "DNSimBench", dependencies: ["DNSimCore"]),

        .testTarget(name: "DNSimCoreTests", dependencies: ["DNSimCore"]),
        .testTarget(name: "DNSimCalendarTests", dependencies: ["DNSimCalendar"], exclude: ["Fixtures"]),
        .testTarget(name: "DNSimPlatformsTests", dependencies: ["DNSimPlatforms"]),
        .testTarget(name: "DNSimPluginTests", dependencies: ["DNSimPlugin", "DNSimPlatforms"]),
        .testTarget(name: "DNSimScenarioTests", dependencies: ["DNSimScenario"]),
        .testTarget(name: "DNSimReportsTests", dependencies: ["DNSimReports", "DNSimScenario"]),
        .testTarget(name: "DNSimExploreTests", dependencies: ["DNSimExplore", "DNSimScenario", "DNSimCore"]),
        .testTarget(name: "DNSimCLITests", dependencies: ["DNSimCLI", "dnsim"]),
    ],
    swiftLanguageModes: [.v6]
)

for target in package.targets {
    target.swiftSettings = (target.swiftSettings ?? []) + [
        .enableUpcomingFeature("ExistentialAny"),
        .enableUpcomingFeature("MemberImportVisibility"),
    ]
    // Release builds of the simulator's own layers skip the run-time exclusivity checks (debug
    // builds, which run the tests, keep them) and let the optimizer inline across modules: the
    // OS models, the plugin and the trace call each other on every event (Android device-year
    // -8 % instructions, iOS -5 %; bench/instructions.sh). DNSimCore, a library product, is left
    // without unsafe flags so that other packages can still depend on it.
    if target.name != "DNSimCore" {
        target.swiftSettings! += [
            .unsafeFlags(["-enforce-exclusivity=unchecked", "-cross-module-optimization"], .when(configuration: .release))
        ]
    }
}
