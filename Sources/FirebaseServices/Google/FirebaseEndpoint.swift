import Core
import Foundation
import HTTPTransport

/// Where one of Firebase's APIs is: Google's host, or an emulator, proxy or test server
/// standing in for it. One type for the three services Switchyard calls (`Service`): the
/// Remote Config API, Firebase Installations and the Remote Config real-time stream.
///
/// `FIREBASE_REMOTE_CONFIG_URL_BASE` replaces the Remote Config base, as it does for
/// firebase-admin-node, which reads the same variable;
/// `SWITCHYARD_FIREBASE_INSTALLATIONS_URL_BASE` and `SWITCHYARD_FIREBASE_REALTIME_URL_BASE`
/// replace the other two. The paths follow the base as they do there
/// (`<base>/v1/projects/{P}/...`), so a base may carry a path prefix of its own. The project
/// id is percent-encoded as one path segment, whatever it holds, so it can never reach
/// another path or a query.
public struct FirebaseEndpoint: Sendable, Equatable {
  /// One of Firebase's APIs, with Google's base and the variable that replaces it.
  public enum Service: Sendable, Equatable {
    /// The Remote Config API (`firebaseremoteconfig.googleapis.com`): server templates, the
    /// management API and the app fetch.
    case remoteConfig
    /// Firebase Installations (`firebaseinstallations.googleapis.com`).
    case installations
    /// The Remote Config real-time stream (`firebaseremoteconfigrealtime.googleapis.com`).
    case realtime

    /// Google's base for the service.
    public var googleBase: String {
      switch self {
      case .remoteConfig: "https://firebaseremoteconfig.googleapis.com"
      case .installations: "https://firebaseinstallations.googleapis.com"
      case .realtime: "https://firebaseremoteconfigrealtime.googleapis.com"
      }
    }

    /// The environment variable that replaces Google's base.
    public var environmentVariable: String {
      switch self {
      case .remoteConfig: "FIREBASE_REMOTE_CONFIG_URL_BASE"
      case .installations: "SWITCHYARD_FIREBASE_INSTALLATIONS_URL_BASE"
      case .realtime: "SWITCHYARD_FIREBASE_REALTIME_URL_BASE"
      }
    }
  }

  /// The variable that replaces Google's Remote Config base.
  public static let environmentVariable = Service.remoteConfig.environmentVariable

  /// Google's Remote Config base, `https://firebaseremoteconfig.googleapis.com`.
  public static let google = FirebaseEndpoint(checkedBase: Service.remoteConfig.googleBase)

  /// Google's Firebase Installations base, `https://firebaseinstallations.googleapis.com`.
  public static let googleInstallations = FirebaseEndpoint(
    checkedBase: Service.installations.googleBase)

  /// Google's real-time base, `https://firebaseremoteconfigrealtime.googleapis.com`.
  public static let googleRealtime = FirebaseEndpoint(checkedBase: Service.realtime.googleBase)

  /// Google's base for `service`.
  public static func google(_ service: Service) -> FirebaseEndpoint {
    FirebaseEndpoint(checkedBase: service.googleBase)
  }

  /// The base, without a trailing slash.
  public let base: String

  private init(checkedBase: String) {
    base = checkedBase
  }

  /// An endpoint at `base`, an absolute http or https URL with a host and no query or
  /// fragment; one trailing slash is dropped.
  /// - Throws: `FirebaseEndpointError` naming the value when it is not such a URL.
  public init(base: String) throws(FirebaseEndpointError) {
    try self.init(base: base, origin: "the Remote Config URL base", example: .remoteConfig)
  }

  /// The Remote Config endpoint `environment` names: `FIREBASE_REMOTE_CONFIG_URL_BASE` when
  /// it is set and not empty (an empty value counts as unset, as in firebase-admin-node), else
  /// Google's.
  /// - Throws: `FirebaseEndpointError` naming the variable when its value is not a usable
  ///   base URL.
  public init(environment: [String: String]) throws(FirebaseEndpointError) {
    try self.init(.remoteConfig, environment: environment)
  }

  /// The endpoint of `service` that `environment` names: its variable when it is set and not
  /// empty, else Google's.
  /// - Throws: `FirebaseEndpointError` naming the variable when its value is not a usable
  ///   base URL.
  public init(_ service: Service, environment: [String: String]) throws(FirebaseEndpointError) {
    guard let value = environment[service.environmentVariable], !value.isEmpty else {
      self = .google(service)
      return
    }
    try self.init(base: value, origin: service.environmentVariable, example: service)
  }

  private init(base: String, origin: String, example: Service) throws(FirebaseEndpointError) {
    let trimmed = base.hasSuffix("/") ? String(base.dropLast()) : base
    guard let url = URL(string: trimmed), let scheme = url.scheme?.lowercased(),
      scheme == "http" || scheme == "https", (try? HTTPHost(url)) != nil,
      url.query == nil, url.fragment == nil, !trimmed.contains("?"), !trimmed.contains("#")
    else {
      throw FirebaseEndpointError(
        "\(origin) \(Excerpt.quoted(base)) is not an http or https URL with a host and no"
          + " query, such as \(example.googleBase)")
    }
    self.base = trimmed
  }

  /// `<base>/v1/projects/{project}<path>` with `query` (names and values percent-encoded);
  /// nil only if the result is not a URL, which a checked base and encoded parts rule out.
  func url(project: String, path: String, query: [(name: String, value: String)] = []) -> URL? {
    var text = base + "/v1/projects/" + Self.encodedSegment(project) + path
    if !query.isEmpty {
      text += "?"
      text += query.map { Self.encoded($0.name) + "=" + Self.encoded($0.value) }
        .joined(separator: "&")
    }
    return URL(string: text)
  }

  /// `value` with every byte but RFC 3986's unreserved characters percent-encoded.
  static func encoded(_ value: String) -> String {
    var result = ""
    for byte in value.utf8 {
      switch byte {
      case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
        UInt8(ascii: "_"), UInt8(ascii: "~"):
        result.unicodeScalars.append(Unicode.Scalar(byte))
      default:
        let hex = String(byte, radix: 16, uppercase: true)
        result += "%" + (hex.count == 1 ? "0" + hex : hex)
      }
    }
    return result
  }

  /// `value` encoded as one path segment: as `encoded`, and a segment of dots alone (`.`,
  /// `..`), which a server would read as a step in the path, has its dots encoded too.
  static func encodedSegment(_ value: String) -> String {
    let encoded = encoded(value)
    guard !encoded.isEmpty, encoded.allSatisfy({ $0 == "." }) else { return encoded }
    return String(repeating: "%2E", count: encoded.count)
  }
}
