public import Core

/// A forced update announced by the `force_alert_information` key: apps older than
/// `minimumVersion` show the update screen with this title and message and a button that
/// opens `storeURL`.
public struct ForcedUpdate: Sendable, Hashable {
  // swift-format-ignore: AllPublicDeclarationsHaveDocumentation
  public let title: String
  // swift-format-ignore: AllPublicDeclarationsHaveDocumentation
  public let message: String
  /// The lowest app version that may run; older versions must update.
  public let minimumVersion: SemanticVersion
  /// Where the update button leads, e.g. the App Store page.
  public let storeURL: String

  /// The title shown when the remote value gives none.
  public static let defaultTitle = "Update required"
  /// The message shown when the remote value gives none.
  public static let defaultMessage =
    "This version of the app is no longer supported. Please update to continue."

  // swift-format-ignore: AllPublicDeclarationsHaveDocumentation
  public init(
    title: String = ForcedUpdate.defaultTitle,
    message: String = ForcedUpdate.defaultMessage,
    minimumVersion: SemanticVersion,
    storeURL: String
  ) {
    self.title = title
    self.message = message
    self.minimumVersion = minimumVersion
    self.storeURL = storeURL
  }

  /// Whether an app at `version` must update.
  public func requiresUpdate(from version: SemanticVersion) -> Bool {
    version < minimumVersion
  }
}
