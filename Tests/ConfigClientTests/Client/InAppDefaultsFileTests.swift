import ConfigClient
import ConfigEngine
import Core
import SwitchyardTestSupport
import Testing

@Suite("In-app defaults from a file")
struct InAppDefaultsFileTests {
  @Test("a file holding one flat JSON object gives its values, typed by their JSON kind")
  func goodFile() throws {
    let directory = try TemporaryDirectory()
    let path = try directory.write("defaults.json", #"{"a": "x", "b": 2, "c": true, "d": [1]}"#)
    let defaults = try InAppDefaults(contentsOfFile: path)
    #expect(defaults.values == ["a": "x", "b": "2", "c": "true", "d": "[1]"])
    #expect(defaults.valueTypes == ["a": .string, "b": .number, "c": .boolean, "d": .json])
  }

  /// A file that cannot be used, and what its error must say besides the file's path.
  struct BadFile: Sendable, CustomTestStringConvertible {
    let name: String
    let contents: String?
    let key: String?
    let says: String
    var testDescription: String { name }
  }

  static let badFiles = [
    BadFile(name: "missing.json", contents: nil, key: nil, says: "cannot read defaults file"),
    BadFile(name: "bad.json", contents: #"{"a": }"#, key: nil, says: "line 1, column 7"),
    BadFile(
      name: "null.json", contents: #"{"a": null}"#, key: "a", says: "null is not a default"),
    BadFile(
      name: "array.json", contents: #"["a"]"#, key: nil,
      says: "defaults must be a JSON object, found an array"),
  ]

  @Test(
    "a file that cannot be read or holds no defaults is an error naming its path",
    arguments: badFiles)
  func badFile(_ bad: BadFile) throws {
    let directory = try TemporaryDirectory()
    let path =
      try bad.contents.map { try directory.write(bad.name, $0) } ?? directory.path(bad.name)
    let error = try #require(throws: DefaultsError.self) {
      try InAppDefaults(contentsOfFile: path)
    }
    #expect(error.key == bad.key)
    #expect(error.message.contains("defaults file '\(path)'"))
    #expect(error.message.contains(bad.says))
  }
}
