import Core
@testable import FirebaseServices
import Foundation
import SwitchyardTestSupport
import Testing

@Suite("ServiceAccountKey")
struct ServiceAccountKeyTests {
  /// A fresh temporary directory for key files; each test removes its own.
  static func directory() throws -> URL {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("switchyard-sa-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  /// The fixture key file's JSON object, to change one field at a time.
  static func fixtureObject() throws -> JSONObject {
    try #require(JSONParser().parse(CryptoFixtures.text("service-account.json")).objectValue)
  }

  /// Writes `object` as a key file and reads it back.
  static func read(_ object: JSONObject, in directory: URL) throws(ServiceAccountKeyError)
    -> ServiceAccountKey
  {
    let path = directory.appendingPathComponent("key.json").path
    _ = FileManager.default.createFile(
      atPath: path, contents: Data(JSONValue.object(object).prettyJSONText.utf8))
    return try ServiceAccountKey(contentsOfFile: path)
  }

  @Test("the fixture key file reads with every field google-auth uses")
  func readsFixture() throws {
    let key = try ServiceAccountKey(contentsOfFile: CryptoFixtures.path("service-account.json"))
    #expect(key.clientEmail == "switchyard-test@switchyard-fixtures.iam.gserviceaccount.com")
    #expect(key.privateKeyID == "0f1e2d3c4b5a69788796a5b4c3d2e1f00f1e2d3c")
    #expect(key.tokenURI.absoluteString == "https://oauth2.googleapis.com/token")
    #expect(key.projectID == "switchyard-fixtures")
    #expect(key.privateKey.publicKey.modulusBitCount == 2048)
    #expect(key.path == CryptoFixtures.path("service-account.json"))
    let reference = try RSAPrivateKey(pem: CryptoFixtures.text("rsa-2048.pkcs8.pem"))
    #expect(key.privateKey.publicKey.modulus == reference.publicKey.modulus)
  }

  @Test("a missing token_uri means Google's endpoint; missing ids are absent")
  func defaults() throws {
    let directory = try Self.directory()
    defer { try? FileManager.default.removeItem(at: directory) }
    var object = try Self.fixtureObject()
    object["token_uri"] = nil
    object["private_key_id"] = nil
    object["project_id"] = .null
    let key = try Self.read(object, in: directory)
    #expect(key.tokenURI.absoluteString == ServiceAccountKey.defaultTokenURI)
    #expect(key.privateKeyID == nil)
    #expect(key.projectID == nil)
  }

  @Test(
    "a token_uri must be https, or http to a loopback address",
    arguments: [
      ("https://oauth2.example.com/token", true), ("http://127.0.0.1:8080/token", true),
      ("http://localhost:9/token", true), ("http://[::1]:9/token", true),
      ("http://oauth2.googleapis.com/token", false), ("ftp://example.com/token", false),
      ("not a url", false), ("https://", false),
      // By the rule every URL's host is checked by: escapes, empty brackets, numeric names.
      ("https://oauth2%00.example.com/token", false), ("https://%5B%5D/token", false),
      ("http://127.1/token", false), ("http://localhost.evil.test/token", false),
    ])
  func tokenURIs(uri: String, accepted: Bool) throws {
    let directory = try Self.directory()
    defer { try? FileManager.default.removeItem(at: directory) }
    var object = try Self.fixtureObject()
    object["token_uri"] = .string(uri)
    do {
      let key = try Self.read(object, in: directory)
      #expect(accepted)
      #expect(key.tokenURI.absoluteString == uri)
    } catch {
      #expect(!accepted)
      #expect(
        error.problem
          == .invalidField(
            field: "token_uri", reason: "not an https URL (plain http only to a loopback address)"))
    }
  }

  @Test(
    "files that are not service-account keys give an error naming the file and the problem",
    arguments: [
      ("[]", "is not a JSON object (found an array)"),
      (
        "{\"type\": \"authorized_user\"}",
        "type: is \"authorized_user\", not \"service_account\" (a service-account key file has "
          + "\"type\": \"service_account\")"
      ),
      (
        #"{"type": "line\nbreak"}"#,
        "type: missing or not \"service_account\" (a service-account key file has "
          + "\"type\": \"service_account\")"
      ),
      (
        "{}",
        "type: missing or not \"service_account\" (a service-account key file has "
          + "\"type\": \"service_account\")"
      ),
      ("{\"type\": \"service_account\"}", "client_email: missing"),
      ("{\"type\": \"service_account\", \"client_email\": \"\"}", "client_email: empty"),
      (
        "{\"type\": \"service_account\", \"client_email\": 7}",
        "client_email: expected a string, found a number"
      ),
      ("{\"type\": \"service_account\", \"client_email\": \"a@b\"}", "private_key: missing"),
      (
        "{\"type\": \"service_account\", \"client_email\": \"a@b\", \"private_key\": \"\"}",
        "private_key: empty"
      ),
      (
        "{\"type\": \"service_account\", \"client_email\": \"a@b\", \"private_key\": \"x\"}",
        "private_key: is not PEM: expected '-----BEGIN PRIVATE KEY-----' or "
          + "'-----BEGIN RSA PRIVATE KEY-----', found no '-----BEGIN' line"
      ),
      (
        "{\"type\": \"service_account\", \"client_email\": \"a@b\", \"private_key\": [1]}",
        "private_key: expected a string, found an array"
      ),
      ("{\"type\": ", "is not JSON: line 1, column 10: expected a JSON value, found end of input"),
      ("", "is not JSON: line 1, column 1: expected a JSON value, found end of input"),
    ])
  func notKeys(json: String, problem: String) throws {
    let directory = try Self.directory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("key.json").path
    _ = FileManager.default.createFile(atPath: path, contents: Data(json.utf8))
    let error = try #require(throws: ServiceAccountKeyError.self) {
      _ = try ServiceAccountKey(contentsOfFile: path)
    }
    #expect(error.description == "service-account key \(path): \(problem)")
  }

  @Test(
    "an unusable private_key says what is wrong, names the file, and holds no key material",
    // An empty private_key is an empty field, checked with the other fields.
    arguments: MalformedKey.allCases.filter { $0 != .emptyFile })
  func malformedPrivateKeys(malformed: MalformedKey) throws {
    let directory = try Self.directory()
    defer { try? FileManager.default.removeItem(at: directory) }
    var object = try Self.fixtureObject()
    object["private_key"] = .string(try malformed.pem())
    let path = directory.appendingPathComponent("key.json").path
    let error = try #require(throws: ServiceAccountKeyError.self) {
      _ = try Self.read(object, in: directory)
    }
    #expect(error == ServiceAccountKeyError(path: path, problem: .privateKey(malformed.expected)))
    #expect(
      error.description
        == "service-account key \(path): private_key: \(malformed.expected.description)")
    CryptoFixtures.expectNoKeyMaterial(error.description, pem: try MalformedKey.original())
  }

  @Test("missing files, directories and oversized files are refused before parsing")
  func unreadable() throws {
    let directory = try Self.directory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let missing = directory.appendingPathComponent("missing.json").path
    #expect(throws: ServiceAccountKeyError(path: missing, problem: .unreadable("no such file"))) {
      _ = try ServiceAccountKey(contentsOfFile: missing)
    }
    #expect(
      throws: ServiceAccountKeyError(
        path: directory.path, problem: .unreadable("it is a directory"))
    ) {
      _ = try ServiceAccountKey(contentsOfFile: directory.path)
    }
    let large = directory.appendingPathComponent("large.json").path
    _ = FileManager.default.createFile(
      atPath: large, contents: Data(repeating: 0x20, count: ServiceAccountKey.maximumFileSize + 1))
    #expect(
      throws: ServiceAccountKeyError(
        path: large, problem: .tooLarge(limit: ServiceAccountKey.maximumFileSize))
    ) {
      _ = try ServiceAccountKey(contentsOfFile: large)
    }
  }

  @Test("seeded random bytes as a key file give one line naming the file, never a crash")
  func randomFiles() throws {
    var generator = SeededRandomGenerator(seed: 0x4A53_4F4E)
    for _ in 0..<200 {
      let bytes = (0..<Int.random(in: 0...600, using: &generator)).map { _ in
        UInt8.random(in: 0...255, using: &generator)
      }
      let error = try #require(throws: ServiceAccountKeyError.self) {
        _ = try ServiceAccountKey(json: bytes, path: "random.json")
      }
      #expect(error.path == "random.json")
      #expect(error.description.hasPrefix("service-account key random.json: "))
      #expect(ErrorTextRule.lineProblem(error.description) == nil, "\(error)")
    }
  }

  @Test("description, debug description and dump leave the private key out")
  func redaction() throws {
    let key = try ServiceAccountKey(contentsOfFile: CryptoFixtures.path("service-account.json"))
    let pem = try CryptoFixtures.text("rsa-2048.pkcs8.pem")
    var dumped = ""
    dump(key, to: &dumped)
    for text in [String(describing: key), String(reflecting: key), "\(key)", dumped] {
      #expect(text.contains("switchyard-test@switchyard-fixtures.iam.gserviceaccount.com"))
      #expect(text.contains("2048"))
      CryptoFixtures.expectNoKeyMaterial(text, pem: pem)
    }
  }
}
