import DNSimCLI
import Foundation
import Testing

/// Finds the built `dnsim` executable next to the test bundle.
enum DNSimBinary {
    /// Where it was looked for, for the failure message.
    static var candidates: [URL] {
        var result: [URL] = []
        if let path = ProcessInfo.processInfo.environment["DNSIM_BINARY"], !path.isEmpty {
            result.append(URL(fileURLWithPath: path))
        }
        // Linux: the test bundle is an executable in the build directory (…/debug).
        // macOS: it is a directory …/debug/dnsimPackageTests.xctest/Contents/MacOS/…
        // Walk up from both until a sibling named dnsim appears.
        let starts = [
            Bundle.main.bundleURL,
            Bundle.main.executableURL ?? Bundle.main.bundleURL,
            URL(fileURLWithPath: CommandLine.arguments.first ?? "").resolvingSymlinksInPath(),
        ]
        for start in starts {
            var directory = start.hasDirectoryPath ? start : start.deletingLastPathComponent()
            for _ in 0..<5 {
                result.append(directory.appendingPathComponent("dnsim"))
                directory = directory.deletingLastPathComponent()
            }
        }
        result.append(Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("dnsim"))
        return result
    }

    /// The first candidate that is an executable regular file.
    static func locate() -> URL? {
        candidates.first { url in
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) && !isDirectory.boolValue
                && FileManager.default.isExecutableFile(atPath: url.path)
        }
    }
}

/// One run of the real executable.
struct ProcessRun {
    var code: Int32
    var stdout: [UInt8]
    var stderr: String

    init(_ binary: URL, _ arguments: [String], environment: [String: String]) throws {
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        process.environment = environment
        process.currentDirectoryURL = packageRoot
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        stdout = Array(out.fileHandleForReading.readDataToEndOfFile())
        stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        code = process.terminationStatus
    }
}

/// What the process does when its own streams fail.
struct OutputStreamTests {
    /// Standard output on a full device: exit 2 and a message on standard error (a write
    /// failure used to trap in Foundation's `FileHandle`).
    @Test(.enabled(if: FileManager.default.isWritableFile(atPath: "/dev/full")))
    func aFullStandardOutputIsExitTwoWithAMessage() throws {
        let binary = try #require(DNSimBinary.locate(), "no dnsim executable among \(DNSimBinary.candidates.map(\.path))")
        let process = Process()
        process.executableURL = binary
        process.arguments = ["run", dailyBasicPath, "--format", "json"]
        process.currentDirectoryURL = packageRoot
        process.standardOutput = FileHandle(forWritingAtPath: "/dev/full")
        let err = Pipe()
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationReason == .exit)
        #expect(process.terminationStatus == 2)
        #expect(stderr == "error: cannot write standard output: No space left on device\n", "\(stderr)")
    }
}

struct HostIndependenceTests {
    /// Host settings that must not change a byte of the output.
    static let environments: [(name: String, changes: [String: String])] = [
        ("TZ=Pacific/Apia", ["TZ": "Pacific/Apia"]),
        ("Turkish locale", ["LANG": "tr_TR.UTF-8", "LC_ALL": "tr_TR.UTF-8"]),
        ("TZ=America/St_Johns", ["TZ": "America/St_Johns"]),
        ("all at once", ["TZ": "Asia/Kathmandu", "LANG": "tr_TR.UTF-8", "LC_ALL": "tr_TR.UTF-8"]),
        // The C library's own heap settings instead of the executable's (``ProcessHeap``).
        ("DNSIM_HEAP=default", ["DNSIM_HEAP": "default"]),
    ]

    @Test func theDnsimExecutableIsFoundNextToTheTests() {
        let binary = DNSimBinary.locate()
        #expect(
            binary != nil,
            "dnsim was not found; looked at: \(DNSimBinary.candidates.map(\.path).joined(separator: ", ")). Build it (swift build) or set DNSIM_BINARY."
        )
    }

    @Test(arguments: [
        ["run", "scenarios/android/daily-basic.json", "--format", "json"],
        ["run", "scenarios/android/reboot-basic.json", "--format", "json"],
        ["run", "scenarios/android/daily-basic.json", "--format", "markdown"],
        ["run", "scenarios/android/daily-basic.json"],
        ["run", "scenarios/ios/daily-basic.json", "--format", "json"],
        ["run", "scenarios/electron/dst-spring-0900.json", "--format", "json"],
        // Every bundled scenario under every profile, in one process per environment.
        ["matrix", "scenarios", "--format", "json"],
        ["matrix", "scenarios", "--format", "junit"],
    ])
    func outputIsTheSameInEveryTimeZoneAndLocale(_ arguments: [String]) throws {
        let binary = try #require(
            DNSimBinary.locate(),
            "dnsim was not found; looked at: \(DNSimBinary.candidates.map(\.path).joined(separator: ", "))")
        let inherited = ProcessInfo.processInfo.environment
        let reference = try ProcessRun(binary, arguments, environment: inherited)
        #expect(reference.code == 0, "default environment: exit \(reference.code): \(reference.stderr)")
        #expect(!reference.stdout.isEmpty)

        // The executable prints what the library renders in process: buffering and the
        // process boundary add nothing.
        let io = RecordingIO()
        _ = DNSimCommand.main(arguments, io: io)
        #expect(reference.stdout == Array(io.stdout.utf8), "the executable and the in-process command differ")

        for (name, changes) in Self.environments {
            let environment = inherited.merging(changes) { _, new in new }
            let run = try ProcessRun(binary, arguments, environment: environment)
            #expect(run.code == 0, "\(name): exit \(run.code): \(run.stderr)")
            if run.stdout != reference.stdout {
                let index = zip(run.stdout, reference.stdout).enumerated().first { $0.element.0 != $0.element.1 }?.offset
                    ?? min(run.stdout.count, reference.stdout.count)
                let context = String(decoding: run.stdout[max(0, index - 40)..<min(run.stdout.count, index + 40)], as: UTF8.self)
                Issue.record("\(name): stdout differs from the default environment at byte \(index): …\(context)…")
            }
        }
    }

    @Test func theExitStatusOfTheExecutableFollowsTheContract() throws {
        let binary = try #require(DNSimBinary.locate())
        let environment = ProcessInfo.processInfo.environment
        let failing = try ProcessRun(
            binary, ["run", "scenarios/ios/dst-spring-0900-ios.json", "--profile", "directive"], environment: environment)
        #expect(failing.code == 1)
        let unusable = try ProcessRun(binary, ["run", "scenarios/android/no-such-scenario.json"], environment: environment)
        #expect(unusable.code == 2)
        #expect(unusable.stdout.isEmpty)
        #expect(unusable.stderr.contains("no such file"))
    }
}
