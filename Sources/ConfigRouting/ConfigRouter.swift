import ConfigClient
import Core
import Foundation
import RootRouting

/// The template-to-route pipeline: evaluates a template for one user with the signals the
/// app sets (`AppSignals`), prepares the route configuration from the values, and plans the
/// root screen. What an app does on every activation and a server per request, in one call,
/// so a server routes exactly as the app would.
///
/// Features arrive as `FeatureDescriptor`s, so this module imports no feature, and RootRouting
/// and the features still never import ConfigClient: this is the one module that joins them.
///
/// ```swift
/// let router = ConfigRouter(
///   template: CompiledTemplate(try Template(json: templateJSON)),
///   features: [ElementaryFeature.descriptor, JuniorHighFeature.descriptor],
///   defaults: InAppDefaults(catalog: catalog))
/// let screen = router.route(input, context: EvaluationContext(randomizationID: userID), now: Date())
///   .route.screen
/// ```
public struct ConfigRouter: Sendable {
  /// The template every route is evaluated from.
  public let template: CompiledTemplate
  /// The features the router considers, in priority order.
  public let features: [FeatureDescriptor]
  /// The in-app defaults: the values of keys the template does not set.
  public let defaults: InAppDefaults

  /// A router over `template` for `features` (in priority order) with the app's `defaults`,
  /// usually `InAppDefaults(catalog:)` of every module's keys.
  public init(template: CompiledTemplate, features: [FeatureDescriptor], defaults: InAppDefaults) {
    self.template = template
    self.features = features
    self.defaults = defaults
  }

  /// The route for `input`: the template evaluated for `context` completed with the app's
  /// signals (`AppSignals.completing`) at `context.now`, or `now` when the context gives no
  /// time; the configuration prepared from those values; the route planned from it.
  public func route(
    _ input: RouteInput, context: EvaluationContext = EvaluationContext(), now: Date
  ) -> ConfigRoute {
    let context = AppSignals.completing(context, for: input)
    let values = template.evaluate(context, defaults: defaults, now: now)
    let configuration = RouteConfiguration(
      values: values, descriptors: features, origin: .activated)
    return ConfigRoute(
      route: RoutePlanner.route(input, configuration: configuration), context: context,
      now: now, values: values, configuration: configuration)
  }

  /// The value of every key `route` depended on (`RouteConfiguration.keyNames`), each with
  /// the template's reasons for it: why the user got that screen, for a person. Every
  /// condition is evaluated once for all the keys.
  public func explain(_ route: ConfigRoute) -> [Explained<ConfigValue>] {
    template.explain(
      keys: route.configuration.keyNames, route.context, defaults: defaults, now: route.now)
  }
}
