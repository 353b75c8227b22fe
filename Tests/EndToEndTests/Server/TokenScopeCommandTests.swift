import Foundation
import Testing

/// `serve token add NAME --read-only`, and `serve token list` saying what each token may do.
@Suite struct TokenScopeCommandTests {
  @Test func aTokenMadeReadOnlyIsListedSo() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    let phone = try cli.run("serve", "token", "add", "phone")
    #expect(phone.status == 0, "\(phone.stderr)")
    let bar = try cli.run("serve", "token", "add", "waybar", "--read-only")
    #expect(bar.status == 0, "\(bar.stderr)")
    #expect(bar.stderr.contains("Read-only token 'waybar' made."), "\(bar.stderr)")
    let listed = try cli.run("serve", "token", "list")
    #expect(listed.status == 0, "\(listed.stderr)")
    let lines = listed.stdout.split(separator: "\n").map(String.init)
    #expect(lines.count == 2, "\(lines)")
    #expect(lines.first?.hasPrefix("phone  read-write  made ") == true, "\(lines)")
    #expect(lines.last?.hasPrefix("waybar  read-only  made ") == true, "\(lines)")
  }
}
