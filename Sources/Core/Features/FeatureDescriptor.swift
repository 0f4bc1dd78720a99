/// What a feature module tells the router about itself: its identity, the config keys it
/// owns, the orientations it wants, and how to decide which signed-in users it serves.
///
/// Descriptors live in Core so that RootRouting never imports a feature module: each
/// feature module (importing Core only) exports its descriptor, and the app hands the
/// router an ordered list of them.
///
/// Deciding has two phases. `makeRule` runs once per activated config: it reads the
/// feature's keys (decoding JSON, keeping diagnostics) and returns a `FeatureRule` whose
/// per-user decision is cheap, because route decisions happen far more often than
/// activations.
///
/// ```swift
/// let descriptor = FeatureDescriptor(
///   id: .elementary, module: "ElementaryFeature", keys: [isOpen.erased],
///   orientations: FeatureOrientations(phone: .portrait, pad: .landscape)
/// ) { values in
///   let open = values[isOpen]
///   return FeatureRule { user in
///     guard open else { return .declines(because: "elementary is closed") }
///     return user.grade.stage == .elementary
///       ? .serves(because: "elementary serves elementary grades")
///       : .declines(because: "elementary serves elementary grades only")
///   }
/// }
/// ```
public struct FeatureDescriptor: Sendable {
  /// The feature's identity; also the name of its screen in routes.
  public let id: FeatureID
  /// The module that owns the feature, e.g. `ElementaryFeature`, for key listings.
  public let module: String
  /// The config keys the feature owns and reads in `makeRule`.
  public let keys: [AnyConfigKey]
  /// The orientations the feature wants on each kind of device.
  public let orientations: FeatureOrientations
  /// Reads the feature's keys from one activated config and returns its per-user rule.
  public let makeRule: @Sendable (any ConfigValues) -> FeatureRule

  // swift-format-ignore: AllPublicDeclarationsHaveDocumentation
  public init(
    id: FeatureID,
    module: String,
    keys: [AnyConfigKey],
    orientations: FeatureOrientations,
    makeRule: @escaping @Sendable (any ConfigValues) -> FeatureRule
  ) {
    self.id = id
    self.module = module
    self.keys = keys
    self.orientations = orientations
    self.makeRule = makeRule
  }
}
