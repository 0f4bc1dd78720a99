public import ConfigEngine
public import Core
public import Foundation
public import RootRouting

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
///
/// A router is an immutable value: share one across tasks. To route many users in a loop (a
/// simulation, a comparison of two templates, a report over a population), give each task a
/// `Batch` of its own, which prepares a configuration once per distinct set of values instead
/// of once per user.
public struct ConfigRouter: Sendable {
  /// The template every route is evaluated from.
  public let template: CompiledTemplate
  /// The features the router considers, in priority order.
  public let features: [FeatureDescriptor]
  /// The in-app defaults: the values of keys the template does not set.
  public let defaults: InAppDefaults
  /// The template's parameters a configuration reads (indices in `template.keys`): a
  /// configuration is a pure function of their values, the other keys' being the defaults.
  let routedParameters: [Int]

  /// A router over `template` for `features` (in priority order) with the app's `defaults`,
  /// usually `InAppDefaults(catalog:)` of every module's keys.
  public init(template: CompiledTemplate, features: [FeatureDescriptor], defaults: InAppDefaults) {
    self.template = template
    self.features = features
    self.defaults = defaults
    let read = Set(RouteConfiguration.keyNames(descriptors: features))
    routedParameters = template.keys.enumerated().filter { read.contains($0.element) }.map(\.offset)
  }

  /// The route for `input`: the template evaluated for `context` completed with the app's
  /// signals (`AppSignals.completing`) at `context.now`, or `now` when the context gives no
  /// time; the configuration prepared from those values; the route planned from it.
  public func route(
    _ input: RouteInput, context: EvaluationContext = EvaluationContext(), now: Date
  ) -> ConfigRoute {
    route(input, context: context, now: now) { values in
      RouteConfiguration(values: values, descriptors: features, origin: .activated)
    }
  }

  /// The route for `input` with the configuration `prepare` gives for the values: the one
  /// pipeline behind `route(_:context:now:)` and `Batch`, which differ only in whether a
  /// configuration is made or reused.
  func route(
    _ input: RouteInput, context: EvaluationContext, now: Date,
    prepare: (EvaluatedConfig) -> RouteConfiguration
  ) -> ConfigRoute {
    let context = AppSignals.completing(context, for: input)
    let values = template.evaluate(context, defaults: defaults, now: now)
    let configuration = prepare(values)
    return ConfigRoute(
      route: RoutePlanner.route(input, configuration: configuration), context: context,
      now: now, values: values, configuration: configuration)
  }

  /// The route while no config is available at all (none fetched, none cached, no template
  /// to evaluate): `loading` with the platform's default orientations. What an app shows
  /// before its first activation; a server, which routes from a template it holds, never
  /// needs it.
  public static func routeWithoutConfig(_ input: RouteInput) -> Route {
    RoutePlanner.route(input, configuration: nil)
  }

  /// The value of every key `route` depended on (`RouteConfiguration.keyNames`), each with
  /// the template's reasons for it: why the user got that screen, for a person. Every
  /// condition is evaluated once for all the keys.
  public func explain(_ route: ConfigRoute) -> [Explained<ConfigValue>] {
    explain(keys: route.configuration.keyNames, route)
  }

  /// The values of `keys` for the user `route` routed (its context and time), each with the
  /// template's reasons: for keys besides the routing's own, such as a feature's.
  public func explain(keys: [String], _ route: ConfigRoute) -> [Explained<ConfigValue>] {
    template.explain(keys: keys, route.context, defaults: defaults, now: route.now)
  }
}
