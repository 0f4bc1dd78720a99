public import Core

/// Everything a route decision depends on besides the prepared config: the part that
/// changes from one decision to the next.
public struct RouteInput: Sendable, Hashable {
  /// Whether someone is signed in, signed out, or not known yet (being restored).
  public var session: SessionStatus
  /// The signed-in user's profile; ignored unless `session` is `signedIn`.
  public var profile: ProfileStatus
  /// The running app's version, compared with the forced-update minimum.
  public var appVersion: SemanticVersion
  /// The device, for the feature's rule and the orientations.
  public var idiom: DeviceIdiom

  // swift-format-ignore: AllPublicDeclarationsHaveDocumentation
  public init(
    session: SessionStatus, profile: ProfileStatus = .notLoaded,
    appVersion: SemanticVersion, idiom: DeviceIdiom
  ) {
    self.session = session
    self.profile = profile
    self.appVersion = appVersion
    self.idiom = idiom
  }
}
