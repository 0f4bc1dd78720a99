import Core

/// Why a service-account key file cannot be used, naming the file and the problem.
///
/// For example `service-account key /path/key.json: private_key: not an RSA key (found an EC
/// key, OID 1.2.840.10045.2.1)`. No case carries key material: PEM and DER problems are told
/// by structure, line, offset and size.
struct ServiceAccountKeyError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The key file, as given.
  let path: String
  /// What is wrong with it.
  let problem: Problem

  /// The ways a key file can be unusable.
  enum Problem: Sendable, Equatable {
    /// The file cannot be read; the reason comes from the file system.
    case unreadable(String)
    /// The file is larger than `ServiceAccountKey.maximumFileSize`.
    case tooLarge(limit: Int)
    /// The file is not JSON.
    case notJSON(JSONParseError)
    /// The JSON is not an object; the kind found.
    case notAnObject(found: String)
    /// `type` is missing or not `service_account`; its value when it is a short string.
    case wrongType(found: String?)
    /// A required field is missing or null.
    case missingField(String)
    /// A field holds another kind of JSON value than a string.
    case notAString(field: String, found: String)
    /// A field's string is unusable, and why.
    case invalidField(field: String, reason: String)
    /// `private_key` is not a usable RSA private key.
    case privateKey(RSAKeyError)
  }

  /// `service-account key PATH: PROBLEM`.
  var description: String { "service-account key \(path): \(problem)" }
}

extension ServiceAccountKeyError.Problem: CustomStringConvertible {
  /// The problem in words.
  var description: String {
    switch self {
    case .unreadable(let reason): "cannot be read (\(reason))"
    case .tooLarge(let limit): "is larger than \(limit) bytes, which no key file is"
    case .notJSON(let error): "is not JSON: \(error)"
    case .notAnObject(let found): "is not a JSON object (found \(found))"
    case .wrongType(let found):
      "type: "
        + (found.map { "is \"\($0)\", not \"service_account\"" }
          ?? "missing or not \"service_account\"")
        + " (a service-account key file has \"type\": \"service_account\")"
    case .missingField(let field): "\(field): missing"
    case .notAString(let field, let found): "\(field): expected a string, found \(found)"
    case .invalidField(let field, let reason): "\(field): \(reason)"
    case .privateKey(let error): "private_key: \(error)"
    }
  }
}
