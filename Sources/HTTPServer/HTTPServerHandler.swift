/// Answers one request. Called as a Swift task of its own per request, so a slow handler
/// holds up only its own connection (whose later pipelined requests wait, as HTTP/1.1
/// requires answers in order). The task is cancelled when the server's grace period ends.
package typealias HTTPServerHandler = @Sendable (HTTPServerRequest) async -> HTTPServerResponse
