/// Every module's keys assembled in one place, each key owned by exactly one module, each
/// default readable by its own key.
///
/// Assembling is where ownership is enforced: two modules (or one module twice) declaring
/// the same key is an error naming both, never a silent overwrite of one default by another.
/// It is also where defaults are checked, once for every module: a default its own key
/// cannot decode (a typo in a JSON literal, say) is an error naming the key and its module,
/// not a value every reader would silently replace.
public struct ConfigKeyCatalog: Sendable {
  /// One key with its owner.
  public struct Entry: Sendable {
    /// The module that declared the key.
    public let module: String
    // swift-format-ignore: AllPublicDeclarationsHaveDocumentation
    public let key: AnyConfigKey
  }

  /// Every key with its owner, in the order the sets and their keys were given.
  public let entries: [Entry]
  private let ownerByName: [String: String]

  /// Assembles the key sets of every module.
  /// - Throws: `DuplicateConfigKeyError` naming the key and both declaring modules;
  ///   `InvalidConfigDefaultError` naming the key and its module when the key cannot decode
  ///   its own default.
  public init(_ sets: [ConfigKeySet]) throws {
    var entries: [Entry] = []
    var owners: [String: String] = [:]
    for set in sets {
      for key in set.keys {
        if let first = owners[key.name] {
          throw DuplicateConfigKeyError(key: key.name, firstModule: first, secondModule: set.module)
        }
        do {
          try key.validate(
            ConfigValue(key: key.name, rawValue: key.defaultRawValue, source: .default))
        } catch {
          throw InvalidConfigDefaultError(module: set.module, error: error)
        }
        owners[key.name] = set.module
        entries.append(Entry(module: set.module, key: key))
      }
    }
    self.entries = entries
    self.ownerByName = owners
  }

  /// Every key's default as a template string, by key name: the app's in-app defaults.
  public var defaults: [String: String] {
    Dictionary(uniqueKeysWithValues: entries.map { ($0.key.name, $0.key.defaultRawValue) })
  }

  /// The module that owns `key`, or nil when no module declares it.
  public func owner(of key: String) -> String? {
    ownerByName[key]
  }

  /// The modules in the order they were given, each once.
  public var modules: [String] {
    var seen: Set<String> = []
    return entries.map(\.module).filter { seen.insert($0).inserted }
  }
}

/// Two declarations of one key.
public struct DuplicateConfigKeyError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The key declared twice.
  public let key: String
  /// The module whose declaration came first.
  public let firstModule: String
  /// The module that declared it again.
  public let secondModule: String

  // swift-format-ignore: AllPublicDeclarationsHaveDocumentation
  public init(key: String, firstModule: String, secondModule: String) {
    self.key = key
    self.firstModule = firstModule
    self.secondModule = secondModule
  }

  /// For example `config key 'theme' is declared by both ElementaryFeature and JuniorHighFeature`.
  public var description: String {
    firstModule == secondModule
      ? "config key '\(key)' is declared twice by \(firstModule)"
      : "config key '\(key)' is declared by both \(firstModule) and \(secondModule)"
  }
}

/// A key whose declared default its own type cannot decode: a defect in the declaring module,
/// reported when the app assembles its catalog rather than on every read.
public struct InvalidConfigDefaultError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The module that declared the key.
  public let module: String
  /// Why the default does not decode; its `key` names the key.
  public let error: ConfigValueError

  /// The error for a key of `module` whose default its decoder rejected with `error`.
  public init(module: String, error: ConfigValueError) {
    self.module = module
    self.error = error
  }

  /// For example `ElementaryFeature declares a default its key cannot read: key
  /// 'elementary_supported_grades': "[1," is not JSON for Array<Int> (...)`.
  public var description: String {
    "\(module) declares a default its key cannot read: \(error)"
  }
}
