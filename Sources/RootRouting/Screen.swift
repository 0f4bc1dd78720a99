public import Core

/// The root screen a route shows.
public enum Screen: Sendable, Hashable {
  /// Waiting for the config, the session or the profile.
  case loading
  /// The sign-in screen.
  case login
  /// A feature's screen.
  case feature(FeatureID)
  /// The maintenance screen with its message.
  case maintenance(message: String)
  /// The update screen, with the title, message and store URL to show.
  case updateRequired(ForcedUpdate)
  /// Nothing can be shown to this user; `retryable` when a retry may help (the profile
  /// failed to load) rather than the user being served by no feature.
  case unavailable(retryable: Bool)

  /// The screen's name: `loading`, `login`, `maintenance`, `updateRequired`,
  /// `unavailable`, or a feature's `FeatureID` (`elementary`, `juniorHigh`, ...).
  public var name: String {
    switch self {
    case .loading: NameWithoutFeature.loading.rawValue
    case .login: NameWithoutFeature.login.rawValue
    case .feature(let id): id.rawValue
    case .maintenance: NameWithoutFeature.maintenance.rawValue
    case .updateRequired: NameWithoutFeature.updateRequired.rawValue
    case .unavailable: NameWithoutFeature.unavailable.rawValue
    }
  }

  /// The names of the screens that belong to no feature: with the features' identities,
  /// every name a route can give (what `check` accepts).
  package static var namesWithoutFeature: [String] {
    NameWithoutFeature.allCases.map(\.rawValue)
  }

  /// The name of each screen that belongs to no feature, the one list `name` and
  /// `namesWithoutFeature` read.
  private enum NameWithoutFeature: String, CaseIterable {
    case loading, login, maintenance, updateRequired, unavailable
  }

  /// The feature shown, or nil for the screens that belong to no feature.
  public var feature: FeatureID? {
    switch self {
    case .feature(let id): id
    case .loading, .login, .maintenance, .updateRequired, .unavailable: nil
    }
  }
}

extension Screen: CustomStringConvertible {
  /// `name`: `loading`, `login`, a feature's identity, `maintenance`, `updateRequired` or
  /// `unavailable`.
  public var description: String { name }
}
