import Core
import HTTPTransport

extension FirebaseManagementClient {
  /// The template's versions, newest first, up to `limit`: `listVersions` page by page,
  /// following `nextPageToken` until the limit is reached or no page follows.
  ///
  /// The walk also ends on a page with no versions or a token already followed, so a server
  /// that keeps answering with tokens cannot hold it for ever. Firebase keeps the last 300
  /// versions.
  /// - Parameters:
  ///   - limit: the most versions returned (1 or more).
  ///   - pageSize: the versions asked for per page (1...300); a page never asks for more than
  ///     the limit still needs.
  /// - Throws: `FirebaseManagementError`; `.invalidArgument` for a limit or page size out of
  ///   range, with nothing sent.
  public func versions(limit: Int = maximumPageSize, pageSize: Int = 100)
    async throws(FirebaseManagementError) -> [RemoteConfigVersion]
  {
    guard limit >= 1 else { throw .invalidArgument("a limit is 1 or more, not \(limit)") }
    guard (1...Self.maximumPageSize).contains(pageSize) else {
      throw .invalidArgument(
        "a page size is between 1 and \(Self.maximumPageSize), not \(pageSize)")
    }
    var versions: [RemoteConfigVersion] = []
    var pageToken: String?
    var followed: Set<String> = []
    while versions.count < limit {
      var query = [(name: "pageSize", value: String(min(pageSize, limit - versions.count)))]
      if let pageToken { query.append((name: "pageToken", value: pageToken)) }
      let page = try Self.versionPage(try await call("GET", suffix: ":listVersions", query: query))
      versions += page.versions.prefix(limit - versions.count)
      guard let next = page.nextPageToken, !next.isEmpty, !page.versions.isEmpty,
        followed.insert(next).inserted
      else { break }
      pageToken = next
    }
    return versions
  }

  /// One `listVersions` answer: `{"versions": [...], "nextPageToken": "..."}`, either member
  /// absent when empty.
  private static func versionPage(
    _ reply: RemoteConfigAPI.Reply
  ) throws(FirebaseManagementError) -> (versions: [RemoteConfigVersion], nextPageToken: String?) {
    let document: JSONValue
    do {
      document = try JSONParser().parse(reply.response.body)
    } catch {
      throw .invalidResponse("the version list is not JSON: \(error)")
    }
    guard case .object(let object) = document else {
      throw .invalidResponse("the version list is \(document.kindDescription), not an object")
    }
    var versions: [RemoteConfigVersion] = []
    if let list = object["versions"] {
      guard let entries = list.arrayValue else {
        throw .invalidResponse("'versions' is \(list.kindDescription), not an array")
      }
      for entry in entries {
        guard let version = RemoteConfigVersion(json: entry) else {
          throw .invalidResponse("a version is \(entry.kindDescription), not an object")
        }
        versions.append(version)
      }
    }
    return (versions, object["nextPageToken"]?.stringValue)
  }
}
