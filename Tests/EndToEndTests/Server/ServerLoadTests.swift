import Foundation
import GRDB
import Synchronization
import Testing

/// Phones retry, the command line writes, an import holds the lock in batches: every drink the
/// server acknowledged is in the database exactly once, and nobody sees "database is locked".
@Suite(.serialized) struct ServerLoadTests {
  func liveCLI() throws -> CLI {
    var cli = try CLI()
    cli.environment["LIQUIDUS_NOW"] = nil
    return cli
  }

  func uidCounts(_ cli: CLI) throws -> [String: Int] {
    try DatabaseQueue(path: cli.databasePath).read { db in
      Dictionary(
        uniqueKeysWithValues: try Row.fetchAll(
          db, sql: "SELECT \(ImportSupport.uidText("uid")), COUNT(*) FROM drink GROUP BY uid"
        ).map { ($0[0] as String, $0[1] as Int) })
    }
  }

  /// A CSV of `rows` drinks in 2025, for an import running beside the clients.
  func importFile(_ cli: CLI, rows: Int) throws -> URL {
    var text = "date,drink,amount,unit\n"
    for row in 0..<rows {
      text +=
        "2025-03-\(String(format: "%02d", row % 28 + 1))T\(String(format: "%02d", row % 24)):"
        + "\(String(format: "%02d", row % 60)):00Z,Water,\(100 + row % 400),ml\n"
    }
    let url = cli.folder.appendingPathComponent("beside.csv")
    try text.write(to: url, atomically: true, encoding: .utf8)
    return url
  }

  @Test func sixteenRetryingClientsBesideTheCommandLineAndAnImportLoseAndDoubleNothing()
    async throws
  {
    let cli = try liveCLI()
    defer { cli.cleanUp() }
    let server = try RunningServer(cli: cli)
    let clients = 16
    let drinksEach = 200
    let csv = try importFile(cli, rows: 30_000)
    let loggers = try cli.launch(
      "for i in $(seq 60); do \"$LIQUIDUS\" log water 1ml --note cli || echo FAILED; done")
    let importer = try cli.launch("\"$LIQUIDUS\" import --quiet '\(csv.path)' || echo FAILED")
    let failures = Failures()
    let acknowledged = try await withThrowingTaskGroup(of: [String].self) { group in
      for client in 0..<clients {
        group.addTask {
          var uids: [String] = []
          for index in 0..<drinksEach {
            let key = "client-\(client)-drink-\(index)"
            let body = #"{"drink":"water","amountMl":\#(index + 1)}"#
            // Every other request is sent twice, as a phone does after a dropped answer.
            let tries = index % 2 == 0 ? 1 : 2
            var seen: Set<String> = []
            for _ in 0..<tries {
              let answer = try await server.send(
                "POST", "/api/drinks", json: body, headers: ["Idempotency-Key": key])
              guard answer.status == 201,
                let uid = (try answer.json()["entry"] as? [String: Any])?["uid"] as? String
              else {
                failures.lines.withLock { $0.append("\(key): \(answer.status) \(answer.text)") }
                continue
              }
              seen.insert(uid)
            }
            if seen.count > 1 {
              failures.lines.withLock { $0.append("\(key): two entries \(seen)") }
            }
            uids += seen
          }
          return uids
        }
      }
      var all: [String] = []
      for try await uids in group { all += uids }
      return all
    }
    let logged = loggers.finish()
    let imported = importer.finish()
    #expect(failures.lines.withLock { $0 }.isEmpty, "\(failures.lines.withLock { $0.prefix(5) })")
    #expect(acknowledged.count == clients * drinksEach)
    let counts = try uidCounts(cli)
    for uid in acknowledged {
      #expect(counts[uid] == 1, "\(uid) is there \(counts[uid] ?? 0) times")
    }
    #expect(
      !logged.stdout.contains("FAILED") && !logged.stderr.contains("locked"), "\(logged.stderr)")
    #expect(!imported.stdout.contains("FAILED"), "\(imported.stderr)")
    #expect(counts.count == clients * drinksEach + 60 + 30_000)
    #expect(!server.log.contains("error"), "\(server.log.suffix(2_000))")
  }

  @Test func sigtermInTheMiddleLosesNoAcknowledgedDrink() async throws {
    let cli = try liveCLI()
    defer { cli.cleanUp() }
    let server = try RunningServer(cli: cli)
    // In the middle: once the clients have had 200 drinks acknowledged (a bounded wait, not a
    // guessed pause), while they keep posting.
    let answered = Counter()
    let stopped = Task {
      let deadline = ContinuousClock.now + .seconds(120)
      while answered.value.load(ordering: .relaxed) < 200 && ContinuousClock.now < deadline {
        try await Task.sleep(for: .milliseconds(5))
      }
      let reached = answered.value.load(ordering: .relaxed)
      #expect(reached >= 200, "only \(reached) drinks were acknowledged in two minutes")
      return server.stop(SIGTERM)
    }
    let acknowledged = await withTaskGroup(of: [String].self) { group in
      for client in 0..<8 {
        group.addTask {
          var uids: [String] = []
          for index in 0..<10_000 {
            guard
              let answer = try? await server.send(
                "POST", "/api/drinks", json: #"{"drink":"water","amountMl":5}"#,
                headers: ["Idempotency-Key": "c\(client)-\(index)"])
            else { break }
            if answer.status == 201,
              let uid = (try? answer.json()["entry"] as? [String: Any])?["uid"] as? String
            {
              uids.append(uid)
              answered.value.add(1, ordering: .relaxed)
            }
          }
          return uids
        }
      }
      var all: [String] = []
      for await uids in group { all += uids }
      return all
    }
    let status = try await stopped.value
    #expect(status == 0, "the server did not exit cleanly: \(server.log)")
    #expect(acknowledged.count > 0)
    let counts = try uidCounts(cli)
    for uid in acknowledged { #expect(counts[uid] == 1) }
    let check = try await DatabaseQueue(path: cli.databasePath).read { db in
      try String.fetchAll(db, sql: "PRAGMA integrity_check")
    }
    #expect(check == ["ok"])
  }
}

/// A count shared by the clients' tasks.
final class Counter: Sendable {
  let value = Atomic(0)
}

/// What went wrong for the clients, gathered across their tasks.
final class Failures: Sendable {
  let lines = Mutex<[String]>([])
}
