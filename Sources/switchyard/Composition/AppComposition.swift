import ConfigEngine
import ConfigRouting
import Core
import ElementaryFeature
import Foundation
import JuniorHighFeature
import RootRouting

/// The app the tool models: the feature modules in priority order, every module's keys
/// assembled (ownership and defaults checked), and their defaults as in-app defaults. The one
/// place that knows every module, as a composition root should: a new course is one more
/// entry in `features`.
struct AppComposition: Sendable {
  /// The courses, in the order the router considers them.
  static let features: [AppFeature] = [
    AppFeature(ElementaryFeature.descriptor, keys: ElementaryFeature.keys) { grade, values, _ in
      ElementaryFeature.home(for: grade, values: values).json
    },
    AppFeature(JuniorHighFeature.descriptor, keys: JuniorHighFeature.keys) { grade, values, now in
      JuniorHighFeature.home(for: grade, values: values, at: now).json
    },
  ]

  /// The features the router considers, in priority order.
  let descriptors: [FeatureDescriptor]
  /// Every module's keys with their owners.
  let catalog: ConfigKeyCatalog
  /// The in-app defaults: every key's declared default.
  let defaults: InAppDefaults

  /// The app with RootRouting and every entry of `features`.
  /// - Throws: `DuplicateConfigKeyError` when two modules declare the same key,
  ///   `InvalidConfigDefaultError` when a key cannot read its own default.
  static func standard() throws -> AppComposition {
    let catalog = try ConfigKeyCatalog([RootRoutingKeys.keys] + features.map(\.keys))
    return AppComposition(
      descriptors: features.map(\.descriptor), catalog: catalog,
      defaults: InAppDefaults(catalog: catalog))
  }

  /// The template-to-route pipeline over `template` for this app.
  func router(for template: CompiledTemplate) -> ConfigRouter {
    ConfigRouter(template: template, features: descriptors, defaults: defaults)
  }

  /// Every name a root screen can have with this app's features, as `route` prints them.
  var screenNames: [String] {
    Screen.namesWithoutFeature + descriptors.map(\.id.rawValue)
  }

  /// The home model of `feature` for a user in `grade`, as JSON; nil when no feature is
  /// given or the app has none by that identity.
  func home(
    of feature: FeatureID?, grade: Grade, values: any ConfigValues, now: Date
  ) -> JSONValue? {
    Self.features.first { $0.descriptor.id == feature }?.home(grade, values, now)
  }
}
