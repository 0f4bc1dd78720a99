/// Where loading the signed-in user's profile stands.
public enum ProfileStatus: Sendable, Hashable {
  /// Not loaded yet (or being loaded).
  case notLoaded
  /// Loaded: the profile, with the user's grade and any feature the backend assigned.
  case loaded(UserProfile)
  /// Loading failed, for the reason given; it is retried when the app becomes active.
  case failed(reason: String)
}
