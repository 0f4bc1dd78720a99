/// What `fetchAndActivate()` did: the fetch's outcome and the keys the activation changed.
public struct FetchAndActivateResult: Sendable, Equatable {
  /// What the fetch did (served from cache, not modified, or a new template).
  public var fetch: FetchResult
  /// The keys whose evaluated value changed on activation (empty when nothing changed).
  public var updatedKeys: Set<String>

  // swift-format-ignore: AllPublicDeclarationsHaveDocumentation
  public init(fetch: FetchResult, updatedKeys: Set<String>) {
    self.fetch = fetch
    self.updatedKeys = updatedKeys
  }
}
