import Core
public import Foundation
import SwitchyardTestSupport

/// A service account as the fake token endpoint knows it: its email, the key that signs its
/// JWTs and the key's id. Register it with `FakeGoogle.register(_:)`; write its key file with
/// `FakeGoogle.writeKeyFile(_:in:name:registering:)`.
public struct FakeServiceAccount: Sendable, Equatable {
  /// `client_email`: the JWT's `iss`, and the `updateUser.email` of what it publishes.
  public var clientEmail: String
  /// `private_key_id`: the JWT header's `kid` must equal it when it is not nil.
  public var privateKeyID: String?
  /// `project_id` in the key file, when not nil.
  public var projectID: String?
  /// `private_key`: the PEM (PKCS#8 or PKCS#1) the account signs with; the fake checks
  /// signatures with its public half.
  public var privateKeyPEM: String

  /// An account with the given key and names.
  public init(
    clientEmail: String, privateKeyID: String?, projectID: String?, privateKeyPEM: String
  ) {
    self.clientEmail = clientEmail
    self.privateKeyID = privateKeyID
    self.projectID = projectID
    self.privateKeyPEM = privateKeyPEM
  }

  /// The account of `Tests/FirebaseServicesTests/Fixtures/Crypto/service-account.json` (its
  /// email, key id and project) with the fixture key `rsa-<bits>.pkcs8.pem`: 2048 is the key
  /// that file holds; 4096 is another key, for "signed with the wrong key".
  public static func fixture(bits: Int = 2048) throws -> FakeServiceAccount {
    FakeServiceAccount(
      clientEmail: "switchyard-test@switchyard-fixtures.iam.gserviceaccount.com",
      privateKeyID: "0f1e2d3c4b5a69788796a5b4c3d2e1f00f1e2d3c", projectID: "switchyard-fixtures",
      privateKeyPEM: try SourceTree.text(
        "Tests/FirebaseServicesTests/Fixtures/Crypto/rsa-\(bits).pkcs8.pem"))
  }

  /// The key file Google issues for the account (`"type": "service_account"`, the fields
  /// google-auth reads, firebase-services.md §2.4), with `tokenURI` as its `token_uri`.
  public func keyFileJSON(tokenURI: URL) -> String {
    var file = JSONObject()
    file["type"] = "service_account"
    if let projectID { file["project_id"] = .string(projectID) }
    if let privateKeyID { file["private_key_id"] = .string(privateKeyID) }
    file["private_key"] = .string(privateKeyPEM)
    file["client_email"] = .string(clientEmail)
    file["client_id"] = "100000000000000000001"
    file["auth_uri"] = "https://accounts.google.com/o/oauth2/auth"
    file["token_uri"] = .string(tokenURI.absoluteString)
    file["universe_domain"] = "googleapis.com"
    return JSONValue.object(file).prettyJSONText + "\n"
  }
}
