import Core
import Foundation
import SwitchyardTestSupport

extension FakeGoogle {
  /// The token behind the request's `Authorization: Bearer` header when the fake accepts it
  /// (issued or accepted, not expired by `now`, with a scope the Remote Config API takes:
  /// cloud-platform or firebase.remoteconfig, firebase-services.md §2.6), else the error.
  func authorize(_ request: LoopbackRequest) -> Result<IssuedAccessToken, Refused> {
    guard let header = request.header("Authorization"), header.count > 7,
      header.prefix(7).lowercased() == "bearer "
    else { return .failure(Refused(FakeGoogleErrors.unauthenticated)) }
    let value = String(header.dropFirst(7)).trimmingCharacters(in: .whitespaces)
    let token = state.withLock { state -> IssuedAccessToken? in
      guard let token = state.accessTokens[value] else { return nil }
      if let expiresAt = token.expiresAt, state.now >= expiresAt { return nil }
      return token
    }
    guard let token else { return .failure(Refused(FakeGoogleErrors.unauthenticated)) }
    guard
      token.scopes.contains(where: {
        [Self.cloudPlatformScope, Self.remoteConfigScope].contains($0)
      })
    else { return .failure(Refused(FakeGoogleErrors.insufficientScopes)) }
    return .success(token)
  }

  /// Authorizes the request and finds `project`: 401/403 first (Google checks the caller
  /// before the resource), then 404 for a project the fake does not serve, 403 for one
  /// whose access is denied.
  func authorizedProject(_ request: LoopbackRequest, _ project: String)
    -> Result<(token: IssuedAccessToken, project: FakeProject), Refused>
  {
    authorize(request).flatMap { token in
      guard let record = state.withLock({ $0.projects[project] }) else {
        return .failure(Refused(FakeGoogleErrors.notFound))
      }
      if let denial = record.denial {
        return .failure(Refused(FakeGoogleErrors.permissionDenied(denial)))
      }
      return .success((token, record))
    }
  }
}
