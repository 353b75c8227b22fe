import AsyncHTTPClient
import Foundation
import LiquidusPush
import NIOCore
import NIOHTTP1
import NIOSSL

/// One try of one message: the HTTP exchange with the push service, at the address the endpoint
/// check allowed.
struct PushDelivery: Sendable {
  /// Extra certificate authorities to trust besides the system's (tests, a private service).
  var authorities: [NIOSSLCertificate]
  var connectTimeout: Duration
  var requestTimeout: Duration
  /// Bytes of an answer's body read at most; the rest is left unread.
  var answerLimit: Int

  /// Posts `request` to `checked.address`, with the endpoint's host name still in the `Host`
  /// header, TLS's server name and the certificate's check.
  ///
  /// A client per message: AsyncHTTPClient takes a DNS override only for a whole client, and
  /// this one holds the single checked address. Push services see a message an hour at most per
  /// phone, so nothing is lost by not keeping connections.
  func send(_ request: PushRequest, to checked: PushEndpointCheck.Checked) async throws
    -> PushAnswer
  {
    var tls = TLSConfiguration.makeClientConfiguration()
    tls.minimumTLSVersion = .tlsv12
    if !authorities.isEmpty { tls.additionalTrustRoots = [.certificates(authorities)] }
    var configuration = HTTPClient.Configuration()
    configuration.tlsConfiguration = tls
    // A redirect would lead to a host nobody checked.
    configuration.redirectConfiguration = .disallow
    configuration.timeout = .init(
      connect: .nanoseconds(connectTimeout.nanoseconds),
      read: .nanoseconds(requestTimeout.nanoseconds))
    configuration.dnsOverride = [checked.host: checked.address]
    let client = HTTPClient(
      eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
    do {
      let answer = try await exchange(request, over: client)
      // An answer left unread past its limit is cut off here; the answer stands.
      try? await client.shutdown()
      return answer
    } catch {
      try? await client.shutdown()
      throw error
    }
  }

  private func exchange(_ request: PushRequest, over client: HTTPClient) async throws
    -> PushAnswer
  {
    var outgoing = HTTPClientRequest(url: request.url.absoluteString)
    outgoing.method = .POST
    for (name, value) in request.headers.sorted(by: { $0.key < $1.key }) {
      outgoing.headers.add(name: name, value: value)
    }
    outgoing.body = .bytes(ByteBuffer(bytes: request.body))
    let response = try await client.execute(
      outgoing, deadline: .now() + .nanoseconds(requestTimeout.nanoseconds))
    var body: [UInt8] = []
    for try await chunk in response.body {
      body += chunk.readableBytesView.prefix(answerLimit - body.count)
      // Whatever else it says is not read: a service cannot make the server hold more.
      if body.count >= answerLimit { break }
    }
    return PushAnswer(
      status: Int(response.status.code),
      retryAfter: PushAnswer.retryAfter(response.headers.first(name: "Retry-After"), now: Date()),
      reason: PushAnswer.reason(from: body))
  }
}
