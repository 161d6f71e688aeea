import DNSimCLI
import Foundation
import Testing

/// `dnsim matrix --jobs N` writes the same bytes as `--jobs 1`: standard output in every format,
/// and every file of `--out`.
struct MatrixJobsTests {
    @Test(arguments: ["json", "junit", "markdown"])
    func standardOutputIsTheSameForAnyJobCount(_ format: String) {
        let one = Invocation(["matrix", "scenarios", "--format", format, "--jobs", "1"])
        let two = Invocation(["matrix", "scenarios", "--format", format, "--jobs", "2"])
        #expect(one.code == 0, "\(one.stderr)")
        #expect(!one.stdout.isEmpty)
        #expect(two.code == one.code)
        #expect(two.stdout == one.stdout, "--jobs 2 differs from --jobs 1")
        // The totals line; the next one is the wall time, which varies.
        #expect(two.stderr.split(separator: "\n").first == one.stderr.split(separator: "\n").first)
    }

    @Test func theOutDirectoryIsTheSameForAnyJobCount() throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("dnsim-jobs-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: base) }
        var sets: [[String: String]] = []
        var outputs: [String] = []
        for jobs in ["1", "2", "auto"] {
            let directory = base.appendingPathComponent("jobs-\(jobs)").path
            let run = Invocation(["matrix", "scenarios", "--out", directory, "--jobs", jobs])
            #expect(run.code == 0, "\(run.stderr)")
            outputs.append(run.stdout)
            var files: [String: String] = [:]
            for (path, text) in run.io.written {
                #expect(path.hasPrefix(directory + "/"))
                files[String(path.dropFirst(directory.count + 1))] = text
            }
            sets.append(files)
        }
        #expect(sets[0].count == 4 + 3 * bundledScenarioPaths.count)
        #expect(sets[0]["matrix.json"] != nil && sets[0]["junit.xml"] != nil && sets[0]["seed-claims.md"] != nil)
        for (index, files) in sets.enumerated().dropFirst() {
            #expect(files.keys.sorted() == sets[0].keys.sorted())
            for name in files.keys.sorted() where files[name] != sets[0][name] {
                Issue.record("run \(index): \(name) differs from --jobs 1")
            }
            #expect(outputs[index] == outputs[0])
        }
        // With --out, standard output is the totals line only: the wall time goes to standard error.
        #expect(outputs[0].hasSuffix(" failed\n") && outputs[0].split(separator: "\n").count == 1, "\(outputs[0])")
    }

    @Test func theFilesWrittenToDiskAreTheSameForAnyJobCount() throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("dnsim-jobs-disk-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: base) }
        var trees: [[String: Data]] = []
        for jobs in ["1", "2"] {
            let directory = base.appendingPathComponent("jobs-\(jobs)")
            let io = ProcessIO()
            let code = DNSimCommand.main(["matrix", "scenarios/ios", "--out", directory.path, "--jobs", jobs], io: io)
            #expect(code == .success)
            trees.append(try Self.contents(of: directory))
        }
        #expect(!trees[0].isEmpty)
        #expect(trees[0] == trees[1])
    }

    /// Every file under `directory`, by relative path.
    static func contents(of directory: URL) throws -> [String: Data] {
        var result: [String: Data] = [:]
        let names = try #require(FileManager.default.subpaths(atPath: directory.path))
        for name in names {
            var isDirectory: ObjCBool = false
            let path = directory.appendingPathComponent(name).path
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue else {
                continue
            }
            result[name] = FileManager.default.contents(atPath: path)
        }
        return result
    }
}
