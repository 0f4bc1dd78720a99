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
