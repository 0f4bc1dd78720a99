import ConfigClient
import ConfigEngine
import Core
import FlagEvaluation
import Foundation
import HTTPServer
import OFREP

extension ToolCommand {
  /// `switchyard serve`: answers OpenFeature's Remote Evaluation Protocol (OFREP) and routing
  /// over HTTP from a template it keeps current, until SIGTERM or SIGINT.
  static let serve = makeServe(environment: .live)

  /// The `serve` command on `environment`'s clock, randomness and variables, stopping when
  /// `stopSignal` returns (tests return it themselves instead of sending a signal).
  static func makeServe(
    environment: NetworkCommandEnvironment,
    stopSignal: @escaping @Sendable () async -> Void = TerminationSignals.wait
  ) -> ToolCommand {
    ToolCommand(
      name: "serve",
      summary: "Answer OFREP, routing, health and metrics over HTTP from a template kept current.",
      synopsis:
        "switchyard serve [--template FILE | --url URL | --firebase-server [--project P]]"
        + " [--defaults FILE] [--cache DIR] [--every S] [--host 127.0.0.1] [--port 8013]"
        + " [--api-key-file FILE] [--allow-origin ORIGIN ...] [--access-log]",
      options: [
        .value(
          "--template", "FILE",
          "The template to serve, reloaded when the file changes; default: the built-in sample."),
        CachedRemoteConfig.templateURLOption,
        CachedRemoteConfig.firebaseServerOption,
        FirebaseProject.projectOption,
        .value("--defaults", "FILE", "A flat JSON object of in-app defaults."),
        .value(
          "--cache", "DIR",
          "With --url or --firebase-server: where the last template is kept across restarts."),
        .value(
          "--every", "SECONDS",
          "With --url or --firebase-server: fetch again on this period (default: 60)."),
        .value("--host", "HOST", "The address to listen on (default: 127.0.0.1)."),
        .value("--port", "PORT", "The port to listen on; 0 takes a free one (default: 8013)."),
        .value(
          "--api-key-file", "FILE",
          "Require one of the API keys in FILE (one per line) as Authorization: Bearer or X-API-Key."
        ),
        .value(
          "--allow-origin", "ORIGIN",
          "Let web pages on ORIGIN (https://app.example.com, or * for any) call from a browser"
            + " (CORS); repeat for more."),
        .flag(
          "--access-log",
          "Log each request on standard error: method, path, status, bytes, time, address."),
        CachedRemoteConfig.timeoutOption,
      ]
    ) { arguments, io in
      try await ServeRun.open(arguments, io: io, environment: environment).run(
        until: stopSignal)
    }
  }
}
