public import ConfigEngine
public import Core
import Foundation
import HTTPTransport

/// Reads, validates, publishes and rolls back a Firebase project's Remote Config template, and
/// lists its versions, through the management REST API: what firebase-admin's
/// `getTemplate`, `validateTemplate`, `publishTemplate`, `listVersions` and `rollback` do, for
/// the client template (`firebase`) or the server template (`firebase-server`).
///
/// ```swift
/// let management = FirebaseManagementClient(
///   projectID: "my-app-1a2b3", namespace: .server, credentials: credentials)
/// var template = try await management.template().template  // carries its etag
/// template.version?.description = "Raise the rollout to 50 %"
/// let published = try await management.publish(template)   // If-Match: the etag
/// let line = "version \(published.versionNumber ?? 0), etag \(published.etag)"
/// ```
///
/// Every template call answers a `RemoteConfigTemplate`: Google's JSON as sent, the template
/// read from it carrying the `ETag` response header as `etag` (so it can be published back),
/// and warnings for what Switchyard could not read or evaluate in it. Google's answer is never
/// refused for its content (an expression such as firebase-admin's test `exp` is text it
/// keeps): only an answer that is not a JSON object, or has no `ETag`, is an error, and after a
/// publish or rollback Google accepted that error says the change was made
/// (`.acceptedButUnreadable`), so nobody repeats it into a stale etag.
///
/// Publishing sends the etag as `If-Match` and fails with `.staleETag` when someone published
/// in between (or sends `If-Match: *` with `force`). What is published is the template as
/// read plus the edits made to it (`TemplateWriter`'s `.publishing` purpose): every member
/// Switchyard does not model (rollout, personalization and experiment values, parameter
/// groups, descriptions, tag colours, unknown fields) goes back unchanged; of `version` only
/// `description` is sent, as firebase-admin-node does. A template `TemplateValidator` finds
/// errors in is refused before anything is sent.
public struct FirebaseManagementClient: Sendable {
  /// The largest page `listVersions` serves (and firebase-admin-node allows).
  public static let maximumPageSize = 300

  /// The project whose template is managed.
  public let projectID: String
  /// Which of its templates.
  public let namespace: RemoteConfigNamespace
  /// How long one call may take.
  public let timeout: Duration
  /// The largest answer accepted, in bytes.
  public let maximumBodyBytes: Int
  let api: RemoteConfigAPI

  /// Where the API is.
  public var endpoint: FirebaseEndpoint { api.endpoint }

  /// A client for `projectID`'s template in `namespace`.
  /// - Parameters:
  ///   - credentials: where access tokens come from (and the quota project, if any).
  ///   - endpoint: Google's, or `FirebaseEndpoint(environment:)` to honour
  ///     `FIREBASE_REMOTE_CONFIG_URL_BASE`.
  ///   - timeout: how long one call may take (default 60 s).
  ///   - maximumBodyBytes: the largest answer accepted (default 10 MB; Firebase's limit on a
  ///     template is 1,000,000 bytes).
  ///   - timeSource: the clock for the timeout (the system clock unless given).
  public init(
    projectID: String, namespace: RemoteConfigNamespace = .client,
    credentials: any AccessTokenProvider, endpoint: FirebaseEndpoint = .google,
    timeout: Duration = .seconds(60), maximumBodyBytes: Int = 10_000_000,
    timeSource: any TimeSource = SystemTimeSource()
  ) {
    self.projectID = projectID
    self.namespace = namespace
    self.timeout = timeout
    self.maximumBodyBytes = max(0, maximumBodyBytes)
    self.api = RemoteConfigAPI(
      projectID: projectID, endpoint: endpoint, credentials: credentials, time: timeSource)
  }

  /// The template as it is now, or as it was at `versionNumber`, with its etag.
  /// - Throws: `FirebaseManagementError`; a version Firebase no longer keeps is `.service`
  ///   with status 404; an answer that is not a JSON object or has no `ETag` is
  ///   `.invalidResponse`.
  public func template(versionNumber: Int? = nil) async throws(FirebaseManagementError)
    -> RemoteConfigTemplate
  {
    var query: [(name: String, value: String)] = []
    if let versionNumber {
      try Self.check(versionNumber: versionNumber)
      query.append((name: "versionNumber", value: String(versionNumber)))
    }
    let reply = try await call(
      "GET", query: query, notFoundHint: versionNumber.map(Self.versionNotFoundHint))
    return try Self.template(in: reply, etag: reply.etag, changed: false)
  }

  /// Has Firebase validate `template` without publishing it (`validate_only=true`).
  ///
  /// Google answers a valid template with an etag ending in `-0`, which names no version; the
  /// template returned keeps the etag it was sent with, as firebase-admin-node does, so it can
  /// still be published.
  /// - Parameter force: send `If-Match: *` instead of the template's etag.
  /// - Returns: Google's answer, with the etag sent (or, with `force` and no etag, Google's).
  /// - Throws: `FirebaseManagementError`: `.missingETag` without an etag or `force`,
  ///   `.invalidTemplate` for local errors, `.staleETag`, Google's `[VALIDATION_ERROR]`s as
  ///   `.service`, `.invalidResponse` for an answer that is not a JSON object.
  public func validate(_ template: Template, force: Bool = false)
    async throws(FirebaseManagementError) -> RemoteConfigTemplate
  {
    let reply = try await put(template, force: force, validateOnly: true)
    // Google's own etag must be there, as firebase-admin-node checks; the one sent is kept.
    let sent = template.etag.flatMap { $0.isEmpty ? nil : $0 }
    return try Self.template(in: reply, etag: reply.etag.map { sent ?? $0 }, changed: false)
  }

  /// Publishes `template` as the new current version: `If-Match` is the template's etag, so a
  /// template changed on Firebase since it was pulled is refused (`.staleETag`), or `*` with
  /// `force`.
  /// - Returns: the published template as Google answered it, with its new version and etag,
  ///   whatever Switchyard could not read in it (`warnings`).
  /// - Throws: `FirebaseManagementError`: `.missingETag` without an etag or `force`,
  ///   `.invalidTemplate` for local errors (nothing sent), `.staleETag`, `.service`; after
  ///   Google's 200, only `.acceptedButUnreadable` (published, answer not a JSON object or
  ///   without an `ETag`).
  public func publish(_ template: Template, force: Bool = false)
    async throws(FirebaseManagementError) -> RemoteConfigTemplate
  {
    let reply = try await put(template, force: force, validateOnly: false)
    return try Self.template(in: reply, etag: reply.etag, changed: true)
  }

  /// Makes the template of `versionNumber` current again, as a new version.
  /// - Returns: the template now current as Google answered it, with its new version and etag.
  /// - Throws: `FirebaseManagementError`; a version Firebase no longer keeps is `.service`
  ///   with status 404; after Google's 200, only `.acceptedButUnreadable`.
  public func rollback(to versionNumber: Int) async throws(FirebaseManagementError)
    -> RemoteConfigTemplate
  {
    try Self.check(versionNumber: versionNumber)
    let body = JSONValue.object(JSONObject([("versionNumber", .string(String(versionNumber)))]))
    let reply = try await call(
      "POST", suffix: ":rollback", body: Array(body.jsonText.utf8),
      notFoundHint: Self.versionNotFoundHint(versionNumber))
    return try Self.template(in: reply, etag: reply.etag, changed: true)
  }

  // MARK: Calls

  /// The PUT of a publish or a validation.
  private func put(
    _ template: Template, force: Bool, validateOnly: Bool
  ) async throws(FirebaseManagementError) -> RemoteConfigAPI.Reply {
    let ifMatch: String
    if force {
      ifMatch = "*"
    } else if let etag = template.etag, !etag.isEmpty {
      ifMatch = etag
    } else {
      throw .missingETag
    }
    let body: String
    do {
      body = try TemplateWriter(purpose: .publishing).document(template).jsonText
    } catch {
      throw .unwritableTemplate(error)
    }
    let checked = TemplateValidator().read(utf8: Array(body.utf8))
    let errors = checked.problems.filter { $0.severity == .error }
    if !errors.isEmpty {
      throw .invalidTemplate(
        TemplateError(problems: errors + checked.problems.filter { $0.severity == .warning }))
    }
    // firebase-admin-node's spelling of the query; the REST reference's is validateOnly.
    return try await call(
      "PUT", query: validateOnly ? [(name: "validate_only", value: "true")] : [],
      headers: [(name: "If-Match", value: ifMatch)], body: Array(body.utf8))
  }

  /// One call to the namespace's template resource (`suffix` such as `:listVersions`
  /// follows it); a status other than 200 is thrown as Google's error (with `notFoundHint`
  /// for a 404 when given), a stale etag on a PUT as `.staleETag`.
  func call(
    _ method: String, suffix: String = "", query: [(name: String, value: String)] = [],
    headers: [(name: String, value: String)] = [], body: [UInt8]? = nil,
    notFoundHint: String? = nil
  ) async throws(FirebaseManagementError) -> RemoteConfigAPI.Reply {
    let reply: RemoteConfigAPI.Reply
    do {
      reply = try await api.call(
        method, path: namespace.remoteConfigPath + suffix, query: query, headers: headers,
        body: body, timeout: timeout, maximumBodyBytes: maximumBodyBytes)
    } catch {
      throw Self.failure(error)
    }
    guard reply.response.status == 200 else {
      var error = reply.error
      if method == "PUT", error.isVersionMismatch { throw .staleETag(error) }
      if error.httpStatus == 404, let notFoundHint { error.hint = notFoundHint }
      throw .service(error)
    }
    return reply
  }

  // MARK: Reading answers

  /// The template in a 200 answer, with `etag`. An answer that is not a JSON object or has
  /// no etag is `.invalidResponse`, or `.acceptedButUnreadable` when the call `changed` the
  /// template (Google's 200 means the change was made).
  private static func template(
    in reply: RemoteConfigAPI.Reply, etag: String?, changed: Bool
  ) throws(FirebaseManagementError) -> RemoteConfigTemplate {
    func unreadable(_ reason: String) -> FirebaseManagementError {
      changed ? .acceptedButUnreadable(reason) : .invalidResponse(reason)
    }
    guard let etag else { throw unreadable(RemoteConfigAPI.missingETag) }
    guard let template = RemoteConfigTemplate(answer: reply.response.body, etag: etag) else {
      throw unreadable(
        "the answer is not a template object: "
          + Excerpt.quoted(String(decoding: reply.response.body.prefix(200), as: UTF8.self)))
    }
    return template
  }

  /// What to check when a call naming a version finds nothing.
  private static func versionNotFoundHint(_ versionNumber: Int) -> String {
    "check the project id and the version number \(versionNumber): Firebase keeps the last"
      + " 300 versions and deletes those older than 90 days that are not current"
  }

  private static func check(versionNumber: Int) throws(FirebaseManagementError) {
    guard versionNumber >= 1 else {
      throw .invalidArgument("a version number is 1 or more, not \(versionNumber)")
    }
  }

  private static func failure(_ error: RemoteConfigAPI.Failure) -> FirebaseManagementError {
    switch error {
    case .credentials(let error): .credentials(error)
    case .transport(.timeout): .timeout
    case .transport(.cancelled): .connectivity("the request was cancelled")
    case .transport(.connectivity(let message)): .connectivity(message)
    case .transport(.invalidHost(let refusal)): .connectivity(refusal.description)
    case .transport(let other): .invalidResponse(other.description)
    }
  }
}
