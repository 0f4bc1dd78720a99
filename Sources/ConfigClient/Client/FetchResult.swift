/// What a successful `fetch()` did.
public enum FetchResult: Sendable, Equatable {
  /// The minimum fetch interval has not elapsed: no network call was made.
  case servedFromCache
  /// The source answered 304 to the stored ETag: the fetched template is still current.
  case notModified
  /// A new template was fetched, validated and stored as the fetched layer (not yet active
  /// unless `autoActivate` is on). Its `version.versionNumber`, when it has one.
  case newTemplate(versionNumber: Int?)
}
