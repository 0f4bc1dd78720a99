public import Core

/// Everything route decisions need from one config, prepared once per activation: the gates
/// resolved and each registered feature's rule made. `RoutePlanner` then decides routes from
/// it without reading or parsing config values.
///
/// Two configurations are equal when they were prepared from the same values of the same
/// keys (the gate keys and every descriptor's keys) for the same features and origin: a
/// configuration is a pure function of those, so an activation that changes none of them
/// changes no route.
public struct RouteConfiguration: Sendable {
  /// One registered feature, prepared.
  struct PreparedFeature: Sendable {
    let id: FeatureID
    let orientations: FeatureOrientations
    let rule: FeatureRule
    /// Built once here so the decision path does not format it.
    let assignedReason: Reason
  }

  /// Where the config came from.
  public let origin: ConfigOrigin
  /// Whether the maintenance gate is on.
  public let isUnderMaintenance: Bool
  /// The maintenance screen's message (the key's default when the remote one is blank).
  public let maintenanceMessage: String
  /// The forced update in force, or nil for none.
  public let forcedUpdate: ForcedUpdate?
  /// Problems with the gate keys' values that were worked around (a forced-update value
  /// that does not decode, a maintenance flag that is not a Boolean, ...).
  public let diagnostics: [Reason]
  /// The registered features in order.
  let features: [PreparedFeature]
  /// The keys the configuration read, in order: RootRouting's gates, then each feature's
  /// keys in priority order. What a route depends on, and so what an explanation of a route
  /// shows.
  public let keyNames: [String]
  /// The values the configuration was prepared from, by key, for equality.
  private let sourceValues: [String: ConfigValue]

  /// Prepares a configuration from `values` for `descriptors` (in priority order).
  public init(values: any ConfigValues, descriptors: [FeatureDescriptor], origin: ConfigOrigin) {
    self.origin = origin
    var diagnostics: [Reason] = []

    let maintenance = values.resolve(RootRoutingKeys.isUnderMaintenance)
    isUnderMaintenance = maintenance.value
    if let diagnostic = maintenance.diagnostic { diagnostics.append(diagnostic) }

    // A missing value resolves to the default; only a blank remote value reads as empty.
    let message = values[RootRoutingKeys.maintenanceMessage]
    if message.isEmpty {
      maintenanceMessage = RootRoutingKeys.defaultMaintenanceMessage
      diagnostics.append(
        .diagnostic(
          "key '\(RootRoutingKeys.maintenanceMessage.name)' is blank; using the default message"))
    } else {
      maintenanceMessage = message
    }

    let forcedUpdate = values.resolve(RootRoutingKeys.forceAlertInformation)
    self.forcedUpdate = forcedUpdate.value
    if let diagnostic = forcedUpdate.diagnostic {
      diagnostics.append(.diagnostic(diagnostic.message + "; no forced update"))
    }
    self.diagnostics = diagnostics

    features = descriptors.map { descriptor in
      PreparedFeature(
        id: descriptor.id, orientations: descriptor.orientations,
        rule: descriptor.makeRule(values),
        assignedReason: .because("the backend assigned \(descriptor.id)"))
    }

    keyNames = Self.keyNames(descriptors: descriptors)
    var sourceValues: [String: ConfigValue] = [:]
    for name in keyNames {
      sourceValues[name] = values.configValue(forKey: name)
    }
    self.sourceValues = sourceValues
  }

  /// A configuration of the in-app defaults only, for when no config arrived in time.
  public static func defaults(descriptors: [FeatureDescriptor]) -> RouteConfiguration {
    RouteConfiguration(
      values: InMemoryConfigValues([:]), descriptors: descriptors, origin: .defaults)
  }

  /// The keys a configuration for `descriptors` reads, in order: RootRouting's gates, then
  /// each feature's keys in priority order. A configuration is a pure function of their
  /// values, so a caller that has them can tell when two sets of values prepare equal
  /// configurations without preparing either.
  public static func keyNames(descriptors: [FeatureDescriptor]) -> [String] {
    RootRoutingKeys.all.map(\.name) + descriptors.flatMap { $0.keys.map(\.name) }
  }

  /// The registered features' identities, in priority order.
  public var featureIDs: [FeatureID] { features.map(\.id) }

  /// Every registered feature's answer for `user`, in the order of `featureIDs`, from the
  /// rules made when the configuration was prepared: whether or not a route would get that
  /// far, so a report can show each feature's reach behind the gates too.
  public func eligibility(for user: FeatureUser) -> [FeatureEligibility] {
    features.map { $0.rule.eligibility(for: user) }
  }
}

extension RouteConfiguration: Equatable {
  /// Equal when prepared from the same values of the same keys, for the same features, with
  /// the same origin.
  public static func == (lhs: RouteConfiguration, rhs: RouteConfiguration) -> Bool {
    lhs.origin == rhs.origin && lhs.sourceValues == rhs.sourceValues
      && lhs.features.elementsEqual(rhs.features) { left, right in
        left.id == right.id && left.orientations == right.orientations
      }
  }
}
