import Core
public import Foundation
import HTTPTransport

/// Why no Firebase installation (or no auth token for it) could be had. No case holds a
/// token or the API key: Google's messages are kept with every secret sent removed.
public enum FirebaseInstallationsError: Error, Sendable, Equatable, CustomStringConvertible {
  /// Google refused the app's configuration (HTTP 400 or 403; 404 on registration):
  /// `suspect` is the part to check when Google's answer tells (nil: check all three), and
  /// `error.hint` says what to check. As Firebase's iOS SDK does, no request is sent for 24
  /// hours: until `retryAfter` every call fails at once with this error.
  case misconfigured(suspect: FirebaseAppConfigurationPart?, GoogleAPIError, retryAfter: Date)
  /// Google is overloaded or failing (429, or a 5xx twice in a row): no request is sent
  /// before `retryAfter` (`min(2^n s + jitter, 30 min)` after the n-th such failure).
  case unavailable(GoogleAPIError, retryAfter: Date)
  /// Google refused in a way retrying does not fix and the configuration does not explain
  /// (e.g. a second 409 for a new id); the next call tries again.
  case refused(GoogleAPIError)
  /// Firebase Installations could not be reached (or the request was refused before it left,
  /// e.g. over plain http to a host that is not loopback).
  case connectivity(String)
  /// No answer within the timeout.
  case timeout
  /// Google answered with something that is not the protocol's answer.
  case invalidResponse(String)

  /// Whether trying again later can help: not for a refused configuration.
  var isRetryable: Bool {
    switch self {
    case .misconfigured, .refused: false
    case .unavailable, .connectivity, .timeout, .invalidResponse: true
    }
  }

  /// One line for a person, e.g. `Firebase Installations API: HTTP 403 PERMISSION_DENIED:
  /// ...; check the API key: ...; no new attempt before 2026-01-02T00:00:00Z`.
  public var description: String {
    switch self {
    case .misconfigured(_, let error, let until):
      "\(error); no new attempt before \(Timestamp.format(until))"
    case .unavailable(let error, let until):
      "\(error); no new attempt before \(Timestamp.format(until))"
    case .refused(let error):
      error.description
    case .connectivity(let message):
      "cannot reach Firebase Installations: \(message)"
    case .timeout:
      "Firebase Installations did not answer within the timeout"
    case .invalidResponse(let message):
      "invalid response from Firebase Installations: \(message)"
    }
  }
}

extension FirebaseInstallationsError {
  /// The installations' vocabulary for a failed exchange.
  init(_ error: HTTPError) {
    switch error {
    case .timeout: self = .timeout
    case .cancelled: self = .connectivity("the request was cancelled")
    case .connectivity(let message): self = .connectivity(message)
    case .invalidHost(let refusal): self = .connectivity(refusal.description)
    case .secretRefused(let refusal): self = .connectivity(refusal.description)
    case .bodyTooLarge, .truncatedBody, .invalidResponse: self = .invalidResponse("\(error)")
    }
  }
}
