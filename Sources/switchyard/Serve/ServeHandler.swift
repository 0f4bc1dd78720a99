import Core
import Foundation
import HTTPServer
import OFREP

/// Answers `switchyard serve`'s requests: OFREP through `OFREPResponder`, its event stream,
/// routing, health, readiness and metrics; 404 for any other path and 405 for another method.
/// Nothing a request carries is logged here.
struct ServeHandler: Sendable {
  /// The path of the event stream bulk answers advertise (OFREP's ADR 0008).
  static let eventsPath = "/ofrep/v1/events"

  let responder: OFREPResponder
  let config: ServedConfigCell
  let metrics: ServeMetrics
  let events: ServeEventStreams
  /// The server's open connections, for `/metrics`.
  let connections: @Sendable () -> Int
  /// Which web pages may call from a browser.
  let crossOrigin: CrossOriginPolicy

  /// The answer to `request` (counted, with the server's own answers, by `ServeAccessLog`).
  func respond(to request: HTTPServerRequest) async -> HTTPServerResponse {
    let endpoint = ServedEndpoint(path: request.path)
    if endpoint != .other, let preflight = crossOrigin.preflight(request) { return preflight }
    return crossOrigin.decorate(await answer(request, endpoint), for: request)
  }

  private func answer(_ request: HTTPServerRequest, _ endpoint: ServedEndpoint) async
    -> HTTPServerResponse
  {
    switch endpoint {
    case .healthz:
      return only("GET", request) { Self.text(200, "ok\n") }
    case .readyz:
      return only("GET", request) {
        config.config.isReady
          ? Self.text(200, "ready\n") : Self.text(503, "no template or in-app defaults yet\n")
      }
    case .metrics:
      return only("GET", request) {
        HTTPServerResponse(
          status: 200, headers: [("Content-Type", "text/plain; version=0.0.4; charset=utf-8")],
          body: .bytes(
            Array(
              metrics.render(
                now: config.timeSource.now,
                gauges: ServeMetrics.Gauges(
                  templateVersion: config.config.versionNumber,
                  connections: connections(), listeners: events.count)
              ).utf8)))
      }
    case .route:
      return only("POST", request) {
        guard responder.apiKeys.accepts(ofrep(request)) else {
          return Self.response(OFREPResponder.unauthorized)
        }
        guard let planner = config.config.planner else {
          return Self.json(503, #"{"error":"no template is active yet"}"#)
        }
        let (status, body) = RouteEndpoint.answer(request.body, planner: planner)
        return HTTPServerResponse(
          status: status, headers: [("Content-Type", "application/json")], body: .bytes(body))
      }
    case .ofrepOther where request.path == Self.eventsPath:
      return only("GET", request) {
        guard responder.apiKeys.accepts(ofrep(request)) else {
          return Self.response(OFREPResponder.unauthorized)
        }
        return HTTPServerResponse(
          status: 200, headers: OFREPEventStream.responseHeaders,
          body: .stream(events.makeStream()))
      }
    case .ofrepFlag, .ofrepBulk, .ofrepOther:
      return Self.response(await responder.respond(to: ofrep(request)))
    case .other:
      return Self.json(404, #"{"errorCode":"GENERAL","errorDetails":"no such endpoint"}"#)
    }
  }

  /// `answer()` for `method`; 405 with `Allow` for any other.
  private func only(
    _ method: String, _ request: HTTPServerRequest, _ answer: () -> HTTPServerResponse
  ) -> HTTPServerResponse {
    guard request.method == method else {
      var response = Self.json(
        405, #"{"errorCode":"GENERAL","errorDetails":"this endpoint takes \#(method) only"}"#)
      response.headers.append(("Allow", method))
      return response
    }
    return answer()
  }

  private func ofrep(_ request: HTTPServerRequest) -> OFREPRequest {
    OFREPRequest(
      method: request.method, path: request.path, query: request.query,
      headers: request.headers, body: request.body)
  }

  private static func response(_ response: OFREPResponse) -> HTTPServerResponse {
    HTTPServerResponse(
      status: response.status, headers: response.headers, body: .bytes(response.body))
  }

  private static func json(_ status: Int, _ text: String) -> HTTPServerResponse {
    HTTPServerResponse(
      status: status, headers: [("Content-Type", "application/json")],
      body: .bytes(Array(text.utf8)))
  }

  private static func text(_ status: Int, _ text: String) -> HTTPServerResponse {
    HTTPServerResponse(
      status: status, headers: [("Content-Type", "text/plain; charset=utf-8")],
      body: .bytes(Array(text.utf8)))
  }
}
