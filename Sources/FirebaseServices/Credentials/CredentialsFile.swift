import Core
import Foundation

/// A Google credentials file (a service-account key, gcloud's `authorized_user` file, ...)
/// read once: its bytes, its JSON object and its `type`, so discovery can tell which
/// credentials it holds before building them, and say what is wrong with it, naming the file.
///
/// Credentials files are small (a key file is under 3 KB, one with an 8192-bit key under
/// 12 KB): anything over `maximumSize` is refused before it is read whole.
struct CredentialsFile: Sendable {
  /// The largest file read.
  static let maximumSize = 64 * 1024

  /// The `type` values Google's libraries know (google-auth-library-python's
  /// `_default.py:39-51`) that Switchyard does not read yet.
  static let unsupportedTypes: Set<String> = [
    "impersonated_service_account", "external_account", "external_account_authorized_user",
    "gdch_service_account",
  ]

  /// Why a file's bytes could not be had.
  enum ReadError: Error, Equatable {
    /// It does not exist, is a directory, or the system refused; the reason in words.
    case unreadable(String)
    /// It is larger than the limit.
    case tooLarge(limit: Int)
  }

  /// The file, as given.
  let path: String
  let bytes: [UInt8]
  let object: JSONObject

  /// Reads and parses the file at `path`.
  /// - Throws: `.invalidFile` naming the file and the problem.
  init(contentsOfFile path: String) throws(CredentialsError) {
    let bytes: [UInt8]
    do {
      bytes = try Self.read(path, limit: Self.maximumSize)
    } catch {
      switch error {
      case .unreadable(let reason):
        throw Self.invalid(path, "cannot be read (\(reason))")
      case .tooLarge(let limit):
        throw Self.invalid(path, "is larger than \(limit) bytes, which no credentials file is")
      }
    }
    let document: JSONValue
    do {
      document = try JSONParser(maximumDepth: 16).parse(bytes)
    } catch {
      throw Self.invalid(path, "is not JSON: \(error)")
    }
    guard let object = document.objectValue else {
      throw Self.invalid(path, "is not a JSON object (found \(document.kindDescription))")
    }
    self.path = path
    self.bytes = bytes
    self.object = object
  }

  /// The `type` field: nil when it is missing or not a string.
  var type: String? { object["type"]?.stringValue }

  /// `CredentialsError(.invalidFile, "credentials file PATH: PROBLEM")`.
  static func invalid(_ path: String, _ problem: String) -> CredentialsError {
    CredentialsError(.invalidFile, "credentials file \(Excerpt.of(path, length: 200)): \(problem)")
  }

  /// The bytes of the file at `path`, refusing files over `limit` before reading them whole.
  /// Shared with `ServiceAccountKey`, so every credentials file is read by one rule.
  static func read(_ path: String, limit: Int) throws(ReadError) -> [UInt8] {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
      throw .unreadable("no such file")
    }
    guard !isDirectory.boolValue else { throw .unreadable("it is a directory") }
    let data: Data
    do {
      let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
      defer { try? handle.close() }
      data = try handle.read(upToCount: limit + 1) ?? Data()
    } catch {
      throw .unreadable(error.localizedDescription)
    }
    guard data.count <= limit else { throw .tooLarge(limit: limit) }
    return Array(data)
  }
}
