import ConfigClient
import Core
import ElementaryFeature
import JuniorHighFeature
import RootRouting

/// The app the tool models: the two real feature modules in priority order, every module's
/// keys assembled (ownership enforced), and their defaults as in-app defaults. The one
/// place that knows every module, as a composition root should.
struct AppComposition: Sendable {
  /// The features the router considers, in priority order.
  let descriptors: [FeatureDescriptor]
  /// Every module's keys with their owners.
  let catalog: ConfigKeyCatalog
  /// The in-app defaults: every key's declared default.
  let defaults: InAppDefaults

  /// The app with RootRouting, ElementaryFeature and JuniorHighFeature.
  /// - Throws: `DuplicateConfigKeyError` when two modules declare the same key.
  static func standard() throws -> AppComposition {
    let catalog = try ConfigKeyCatalog([
      RootRoutingKeys.keySet, ElementaryFeature.keys, JuniorHighFeature.keys,
    ])
    return AppComposition(
      descriptors: [ElementaryFeature.descriptor, JuniorHighFeature.descriptor],
      catalog: catalog, defaults: InAppDefaults(catalog.defaults))
  }
}
