import Core
import Foundation
import SwitchyardTestSupport

extension FakeGoogle {
  /// `POST /token`: form-encoded, `grant_type` the JWT-bearer grant (service accounts,
  /// firebase-services.md §2.4) or `refresh_token` (authorized users, §2.3). Success is
  /// `{"access_token":"ya29.fake-<n>","expires_in":<tokenLifetime>,"token_type":"Bearer"}`.
  func answerToken(_ request: LoopbackRequest) -> LoopbackResponse {
    switch grant(request) {
    case .success(let grant):
      let (token, lifetime) = state.withLock { state in
        (
          state.issueToken(
            email: grant.email, scopes: grant.scopes, lifetime: state.tokenLifetime),
          state.tokenLifetime
        )
      }
      return .json([
        "access_token": .string(token), "expires_in": .number(JSONNumber(lifetime)),
        "token_type": "Bearer",
      ])
    case .failure(let refusal):
      return refusal.response
    }
  }

  private func grant(_ request: LoopbackRequest) -> Result<FakeJWTVerifier.Grant, OAuthRefusal> {
    guard request.method == "POST" else {
      return .failure(.invalidRequest("The token endpoint takes POST, not \(request.method)."))
    }
    let contentType = request.header("Content-Type")?.lowercased() ?? ""
    guard contentType.hasPrefix("application/x-www-form-urlencoded") else {
      return .failure(.invalidRequest("The body must be application/x-www-form-urlencoded."))
    }
    guard let form = FormBody.decode(request.body) else {
      return .failure(.invalidRequest("The body is not valid form encoding."))
    }
    func required(_ name: String) -> Result<String, OAuthRefusal> {
      guard let value = form[name], !value.isEmpty else {
        return .failure(.invalidRequest("Missing required parameter: \(name)"))
      }
      return .success(value)
    }
    switch form["grant_type"] {
    case "urn:ietf:params:oauth:grant-type:jwt-bearer":
      return required("assertion").flatMap { assertion in
        let verifier = state.withLock { state in
          FakeJWTVerifier(
            accounts: state.serviceAccounts, audience: tokenURL.absoluteString, now: state.now,
            allowedClockSkew: state.allowedClockSkew)
        }
        return verifier.verify(assertion)
      }
    case "refresh_token":
      return required("refresh_token").flatMap { refreshToken in
        required("client_id").flatMap { clientID in
          required("client_secret").flatMap { clientSecret in
            refreshGrant(refreshToken, clientID: clientID, clientSecret: clientSecret)
          }
        }
      }
    case nil, "":
      return .failure(.invalidRequest("Missing required parameter: grant_type"))
    case let other?:
      return .failure(
        OAuthRefusal(
          status: 400, error: "unsupported_grant_type", description: "Invalid grant_type: \(other)")
      )
    }
  }

  /// The person's grant: their tokens carry the scopes `gcloud auth application-default
  /// login` asks for, cloud-platform among them (no scope is sent, §2.3).
  private func refreshGrant(_ refreshToken: String, clientID: String, clientSecret: String)
    -> Result<FakeJWTVerifier.Grant, OAuthRefusal>
  {
    guard let user = state.withLock({ $0.authorizedUsers[refreshToken] }) else {
      return .failure(.revokedRefreshToken)
    }
    guard user.clientID == clientID, user.clientSecret == clientSecret else {
      return .failure(.unauthorizedClient)
    }
    return .success(
      FakeJWTVerifier.Grant(email: user.email, scopes: [Self.cloudPlatformScope]))
  }
}
