import Foundation
import Services
import Testing

struct DataDirectoryTests {
    @Test func explicitDirectoryWins() throws {
        let directory = try DataDirectory(
            explicit: "/tmp/people", environment: ["XDG_DATA_HOME": "/x", "HOME": "/h"], currentDirectory: "/")
        #expect(directory.path == "/tmp/people")
    }

    @Test func relativeExplicitDirectoryIsTakenFromTheCurrentDirectory() throws {
        let directory = try DataDirectory(explicit: "data", environment: [:], currentDirectory: "/work")
        #expect(directory.path == "/work/data")
    }

    @Test func xdgDataHomeIsUsedWhenAbsolute() throws {
        let directory = try DataDirectory(explicit: nil, environment: ["XDG_DATA_HOME": "/x/", "HOME": "/h"], currentDirectory: "/")
        #expect(directory.path == "/x/mvvm-tui")
    }

    @Test func relativeOrEmptyXdgDataHomeFallsBackToHome() throws {
        for xdg in ["", "relative/path"] {
            let directory = try DataDirectory(
                explicit: nil, environment: ["XDG_DATA_HOME": xdg, "HOME": "/home/ada"], currentDirectory: "/")
            #expect(directory.path == "/home/ada/.local/share/mvvm-tui")
        }
    }

    @Test func noHomeAndNoXdgIsAClearProblem() {
        #expect(throws: DataDirectory.Problem.self) {
            try DataDirectory(explicit: nil, environment: [:], currentDirectory: "/")
        }
    }

    @Test func aFileInTheWayIsReportedAndLeftAlone() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("mvvm-tui-\(UUID().uuidString)")
        try Data("keep me".utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let directory = try DataDirectory(explicit: file.path + "/inner", environment: [:], currentDirectory: "/")
        #expect(throws: DataDirectory.Problem(description: "\(file.path) is not a directory, so \(file.path)/inner cannot hold the data")) {
            try directory.validate()
        }
        #expect(try Data(contentsOf: file) == Data("keep me".utf8))
    }

    @Test func aDirectoryNotMadeYetUnderAWritableParentIsValid() throws {
        let parent = FileManager.default.temporaryDirectory.path
        let directory = try DataDirectory(explicit: parent + "/mvvm-tui-\(UUID().uuidString)/a/b", environment: [:], currentDirectory: "/")
        try directory.validate()
        #expect(!FileManager.default.fileExists(atPath: directory.path))
    }
}
