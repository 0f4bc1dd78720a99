/// The config keys one module owns, declared in one list: what the app assembles into its
/// defaults, `switchyard keys` prints and `switchyard defaults` exports.
public struct ConfigKeySet: Sendable {
  /// The owning module's name, e.g. `ElementaryFeature`.
  public let module: String
  /// The keys, in declaration order.
  public let keys: [AnyConfigKey]

  /// Declares `keys` as owned by `module`.
  public init(module: String, keys: [AnyConfigKey]) {
    self.module = module
    self.keys = keys
  }
}
