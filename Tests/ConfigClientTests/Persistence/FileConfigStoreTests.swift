import ConfigClient
import Core
import Foundation
import SwitchyardTestSupport
import Testing

@Suite("FileConfigStore")
struct FileConfigStoreTests {
  @Test(
    "the namespace becomes a file name that cannot leave the directory or collide",
    arguments: [
      ("default", "default.remote-config.json"),
      ("prod-app_2", "prod-app_2.remote-config.json"),
      ("../etc/passwd", "%2E%2E%2Fetc%2Fpasswd.remote-config.json"),
      ("a.b", "a%2Eb.remote-config.json"),
      ("日本", "%E6%97%A5%E6%9C%AC.remote-config.json"),
    ])
  func fileName(namespace: String, expected: String) {
    let store = FileConfigStore(directoryPath: "/tmp/cache", namespace: namespace)
    #expect(store.fileName == expected)
    #expect(store.path == "/tmp/cache/" + expected)
  }

  @Test("load is nil before the first save; save creates the directory and replaces the file")
  func saveAndLoad() async throws {
    let directory = try TemporaryDirectory()
    let store = FileConfigStore(directory: directory.url.appendingPathComponent("nested/cache"))
    #expect(try await store.load() == nil)
    try await store.save(Array("first".utf8))
    try await store.save(Array("second".utf8))
    #expect(try await store.load() == Array("second".utf8))
    let names = try FileManager.default.contentsOfDirectory(
      atPath: directory.url.appendingPathComponent("nested/cache").path)
    #expect(names == ["default.remote-config.json"])
  }

  @Test("namespaces in one directory are independent")
  func namespaces() async throws {
    let directory = try TemporaryDirectory()
    try await FileConfigStore(directory: directory.url, namespace: "a").save([1])
    try await FileConfigStore(directory: directory.url, namespace: "b").save([2])
    #expect(try await FileConfigStore(directory: directory.url, namespace: "a").load() == [1])
    #expect(try await FileConfigStore(directory: directory.url, namespace: "b").load() == [2])
  }

  @Test("an empty directory path names no directory: load and save refuse it, saying so")
  func emptyPath() async throws {
    let store = FileConfigStore(directoryPath: "")
    await #expect(
      throws: ConfigStoreError(
        operation: "read the directory", path: "", message: "the path is empty")
    ) { try await store.load() }
    await #expect(
      throws: ConfigStoreError(
        operation: "create the directory", path: "", message: "the path is empty")
    ) { try await store.save([1]) }
  }

  @Test("a directory path that is a regular file is refused on load and save, naming it")
  func pathIsAFile() async throws {
    let directory = try TemporaryDirectory()
    let file = directory.url.appendingPathComponent("cache.json").path
    try Data("{}".utf8).write(to: URL(fileURLWithPath: file))
    let store = FileConfigStore(directoryPath: file)
    await #expect(
      throws: ConfigStoreError(
        operation: "read the directory", path: file,
        message: "it exists and is not a directory")
    ) { try await store.load() }
    await #expect(
      throws: ConfigStoreError(
        operation: "create the directory", path: file,
        message: "it exists and is not a directory")
    ) { try await store.save([1]) }
    #expect(try Data(contentsOf: URL(fileURLWithPath: file)) == Data("{}".utf8))
  }

  @Test(
    "a directory that cannot be created says why in words, on one line, naming the path",
    arguments: [
      ("cache.json/state", "a part of the path is a file, not a directory"),
      (String(repeating: "d", count: 300), "the path is too long"),
    ])
  func cannotCreate(relative: String, reason: String) async throws {
    let directory = try TemporaryDirectory()
    try Data("{}".utf8).write(to: directory.url.appendingPathComponent("cache.json"))
    let path = directory.url.appendingPathComponent(relative).path
    let store = FileConfigStore(directoryPath: path)
    let error = await #expect(throws: ConfigStoreError.self) { try await store.save([1]) }
    #expect(error == ConfigStoreError(operation: "create the directory", path: path, message: reason))
    let text = try #require(error).description
    #expect(ErrorTextRule.lineProblem(text) == nil, "\(text)")
    #expect(!text.contains("Domain") && !text.contains("Code="))
  }

  @Test("the file is its owner's alone (mode 0600): it may hold an installation's tokens")
  func ownerOnly() async throws {
    let directory = try TemporaryDirectory()
    let store = FileConfigStore(directory: directory.url)
    // A file written before, readable by everyone, is replaced by one that is not.
    #expect(FileManager.default.createFile(atPath: store.path, contents: Data("old".utf8)))
    try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: store.path)
    try await store.save(Array("new".utf8))
    let attributes = try FileManager.default.attributesOfItem(atPath: store.path)
    #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
  }
}
