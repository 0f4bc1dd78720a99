public import RootRouting

extension RootClientBridge {
  /// The runtime's effects only the app can perform; the config's fetch is the client's.
  public struct AppEffects: Sendable {
    /// Restores the stored session: the user signed in during an earlier run, or nil.
    public var restoreSession: @Sendable () async -> UserID?
    /// Loads the profile of a signed-in user: the profile, or why it could not be loaded.
    public var loadProfile: @Sendable (UserID) async -> RootRuntime.ProfileAnswer
    /// Opens the forced update's store page.
    public var openStoreURL: @Sendable (String) async -> Void

    // swift-format-ignore: AllPublicDeclarationsHaveDocumentation
    public init(
      restoreSession: @escaping @Sendable () async -> UserID?,
      loadProfile: @escaping @Sendable (UserID) async -> RootRuntime.ProfileAnswer,
      openStoreURL: @escaping @Sendable (String) async -> Void
    ) {
      self.restoreSession = restoreSession
      self.loadProfile = loadProfile
      self.openStoreURL = openStoreURL
    }
  }
}
