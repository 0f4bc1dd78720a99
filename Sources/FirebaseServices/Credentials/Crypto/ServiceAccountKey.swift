import Core
import Foundation
import HTTPTransport

/// A service-account key file as Google issues it (`"type": "service_account"`): the account,
/// the endpoint that trades a signed JWT for an access token, and the RSA key that signs it.
///
/// The fields read are those google-auth reads (`client_email`, `private_key`,
/// `private_key_id`, `token_uri`, `project_id`); others (`client_id`, `auth_uri`, ...) are
/// ignored. `description` and the mirror leave the private key out.
struct ServiceAccountKey: Sendable {
  /// Google's token endpoint, used when the file has no `token_uri`.
  static let defaultTokenURI = "https://oauth2.googleapis.com/token"
  /// The largest file read. Google's key files are under 3 KB; one with a 8192-bit key is
  /// under 12 KB.
  static let maximumFileSize = 64 * 1024

  /// Where the key was read from, for messages.
  let path: String
  /// `client_email`: the account, the JWT's issuer.
  let clientEmail: String
  /// `private_key_id`: the JWT header's `kid`, when present and not empty.
  let privateKeyID: String?
  /// `token_uri`: where the JWT is exchanged, and its audience.
  let tokenURI: URL
  /// `project_id`, when present and not empty.
  let projectID: String?
  /// `private_key`.
  let privateKey: RSAPrivateKey

  /// Reads the key file at `path`.
  init(contentsOfFile path: String) throws(ServiceAccountKeyError) {
    try self.init(json: Self.read(path), path: path)
  }

  /// Reads a key file's JSON; `path` names it in errors.
  init(json bytes: [UInt8], path: String) throws(ServiceAccountKeyError) {
    func fail(_ problem: ServiceAccountKeyError.Problem) -> ServiceAccountKeyError {
      ServiceAccountKeyError(path: path, problem: problem)
    }
    let document: JSONValue
    do {
      document = try JSONParser(maximumDepth: 16).parse(bytes)
    } catch {
      throw fail(.notJSON(error))
    }
    guard let object = document.objectValue else {
      throw fail(.notAnObject(found: document.kindDescription))
    }
    func string(_ field: String) throws(ServiceAccountKeyError) -> String? {
      guard let value = object[field], !value.isNull else { return nil }
      guard let text = value.stringValue else {
        throw fail(.notAString(field: field, found: value.kindDescription))
      }
      return text
    }
    func required(_ field: String) throws(ServiceAccountKeyError) -> String {
      guard let text = try string(field) else { throw fail(.missingField(field)) }
      guard !text.isEmpty else { throw fail(.invalidField(field: field, reason: "empty")) }
      return text
    }
    let type = object["type"]?.stringValue
    guard type == "service_account" else {
      // Quoted only when short and printable, so the message stays one readable line.
      let quotable = type.flatMap { text in
        text.unicodeScalars.count <= 40
          && text.unicodeScalars.allSatisfy { (0x20...0x7E).contains($0.value) } ? text : nil
      }
      throw fail(.wrongType(found: quotable))
    }
    let clientEmail = try required("client_email")
    let pem = try required("private_key")
    let tokenText = try string("token_uri").flatMap { $0.isEmpty ? nil : $0 }
    guard let tokenURI = Self.tokenEndpoint(tokenText ?? Self.defaultTokenURI) else {
      throw fail(
        .invalidField(
          field: "token_uri",
          reason: "not an https URL (plain http only to a loopback address)"))
    }
    let privateKeyID = try string("private_key_id").flatMap { $0.isEmpty ? nil : $0 }
    let projectID = try string("project_id").flatMap { $0.isEmpty ? nil : $0 }
    do {
      privateKey = try RSAPrivateKey(pem: pem)
    } catch {
      throw fail(.privateKey(error))
    }
    self.path = path
    self.clientEmail = clientEmail
    self.privateKeyID = privateKeyID
    self.tokenURI = tokenURI
    self.projectID = projectID
  }

  /// The token endpoint when it is an https URL with a host, or http to a loopback address
  /// (test servers): the JWT it receives is a credential for an hour (and the refresh token
  /// `SWITCHYARD_OAUTH_TOKEN_URL` receives, one for good), so it never travels in the clear
  /// over a network.
  static func tokenEndpoint(_ text: String) -> URL? {
    guard let url = URL(string: text), let scheme = url.scheme?.lowercased(),
      let host = try? HTTPHost(url)
    else { return nil }
    switch scheme {
    case "https": return url
    case "http": return host.isLoopbackAddress || host.name == "localhost" ? url : nil
    default: return nil
    }
  }

  /// The file's bytes, by the rule every credentials file is read by.
  private static func read(_ path: String) throws(ServiceAccountKeyError) -> [UInt8] {
    do {
      return try CredentialsFile.read(path, limit: maximumFileSize)
    } catch {
      switch error {
      case .unreadable(let reason):
        throw ServiceAccountKeyError(path: path, problem: .unreadable(reason))
      case .tooLarge(let limit):
        throw ServiceAccountKeyError(path: path, problem: .tooLarge(limit: limit))
      }
    }
  }
}

extension ServiceAccountKey: CustomStringConvertible, CustomDebugStringConvertible,
  CustomReflectable
{
  /// The account and the key's size, never the key.
  var description: String {
    "ServiceAccountKey(\(clientEmail), \(privateKey.publicKey.modulusBitCount)-bit key, \(path))"
  }

  /// As `description`.
  var debugDescription: String { description }

  /// The public fields; the private key shows as its size.
  var customMirror: Mirror {
    Mirror(
      self,
      children: [
        "path": path, "clientEmail": clientEmail, "privateKeyID": privateKeyID as Any,
        "tokenURI": tokenURI, "projectID": projectID as Any, "privateKey": privateKey,
      ], displayStyle: .struct)
  }
}
