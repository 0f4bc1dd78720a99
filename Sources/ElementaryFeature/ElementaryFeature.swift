public import Core

/// The elementary-school course, built by its own team. Imports Core only.
///
/// What the app needs from the module: its identity (`id`), the keys it owns (`keys`, for
/// the app's defaults and `switchyard keys`), how the router decides whom it serves
/// (`descriptor`), and its home screen's model (`home(for:values:)`).
public enum ElementaryFeature {
  /// The feature's identity, also its screen's name in routes.
  public static let id: FeatureID = .elementary

  /// The module's name, as key listings and diagnostics print it.
  public static let module = "ElementaryFeature"

  /// Every config key the module owns, in one list: what the app assembles into its
  /// defaults (with `ConfigKeyCatalog`, which rejects a key another module also declares).
  public static let keys = ConfigKeySet(module: module, keys: ElementaryFeatureKeys.all)
}

extension FeatureID {
  /// The elementary-school course, declared by its own module so Core names no feature.
  public static let elementary: FeatureID = "elementary"
}
