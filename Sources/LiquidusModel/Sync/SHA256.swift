/// SHA-256 (FIPS 180-4), for name-based entry ids.
///
/// Foundation on Linux has no hash functions and CryptoKit is Apple's only; swift-crypto would
/// be a dependency for 60 lines. Checked against the FIPS test vectors in `EntryIDTests`.
/// Written over unsafe buffers without closures: an import hashes every record's key, and
/// bounds checks and closure calls made that cost more than the insert in debug builds.
package enum SHA256 {
  /// The 32-byte digest of `message`.
  package static func digest(_ message: [UInt8]) -> [UInt8] {
    var hasher = Hasher()
    var digest: [UInt8] = []
    message.withUnsafeBufferPointer { hasher.digest(of: [], $0, keeping: 32, appendingTo: &digest) }
    return digest
  }

  /// Hashes message after message with the same buffers: an import hashes every record's key,
  /// and allocating the padded message, the state and the schedule for each cost as much as
  /// the hashing itself.
  package struct Hasher {
    private var message: [UInt8] = []
    private var state = [UInt32](repeating: 0, count: 8)
    private var schedule = [UInt32](repeating: 0, count: 64)

    package init() {
      message.reserveCapacity(256)
    }

    /// Appends the first `count` bytes of the digest of `prefix` followed by `body` to `output`.
    package mutating func digest(
      of prefix: [UInt8], _ body: UnsafeBufferPointer<UInt8>, keeping count: Int,
      appendingTo output: inout [UInt8]
    ) {
      message.removeAll(keepingCapacity: true)
      message.append(contentsOf: prefix)
      message.append(contentsOf: body)
      let bitLength = UInt64(message.count) &* 8
      message.append(0x80)
      while message.count % 64 != 56 { message.append(0) }
      for shift in stride(from: 56, through: 0, by: -8) {
        message.append(UInt8(truncatingIfNeeded: bitLength >> UInt64(shift)))
      }
      for index in 0..<8 { state[index] = SHA256.initial[index] }
      message.withUnsafeBufferPointer { message in
        state.withUnsafeMutableBufferPointer { hash in
          schedule.withUnsafeMutableBufferPointer { w in
            rounds.withUnsafeBufferPointer { k in
              var block = 0
              while block < message.count {
                compress(message, at: block, hash, w, k)
                block += 64
              }
            }
          }
        }
      }
      for index in 0..<count {
        output.append(
          UInt8(truncatingIfNeeded: state[index >> 2] >> (24 - 8 * UInt32(index & 3))))
      }
    }
  }

  /// One 64-byte block into `hash`.
  private static func compress(
    _ message: UnsafeBufferPointer<UInt8>, at start: Int,
    _ hash: UnsafeMutableBufferPointer<UInt32>,
    _ w: UnsafeMutableBufferPointer<UInt32>, _ k: UnsafeBufferPointer<UInt32>
  ) {
    for i in 0..<16 {
      let at = start + i * 4
      w[i] =
        UInt32(message[at]) << 24 | UInt32(message[at + 1]) << 16 | UInt32(message[at + 2]) << 8
        | UInt32(message[at + 3])
    }
    for i in 16..<64 {
      let s0 = rotr(w[i - 15], 7) ^ rotr(w[i - 15], 18) ^ (w[i - 15] >> 3)
      let s1 = rotr(w[i - 2], 17) ^ rotr(w[i - 2], 19) ^ (w[i - 2] >> 10)
      w[i] = w[i - 16] &+ s0 &+ w[i - 7] &+ s1
    }
    var (a, b, c, d) = (hash[0], hash[1], hash[2], hash[3])
    var (e, f, g, h) = (hash[4], hash[5], hash[6], hash[7])
    for i in 0..<64 {
      let s1 = rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)
      let choice = (e & f) ^ (~e & g)
      let t1 = h &+ s1 &+ choice &+ k[i] &+ w[i]
      let s0 = rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)
      let majority = (a & b) ^ (a & c) ^ (b & c)
      h = g
      g = f
      f = e
      e = d &+ t1
      d = c
      c = b
      b = a
      a = t1 &+ s0 &+ majority
    }
    hash[0] = hash[0] &+ a
    hash[1] = hash[1] &+ b
    hash[2] = hash[2] &+ c
    hash[3] = hash[3] &+ d
    hash[4] = hash[4] &+ e
    hash[5] = hash[5] &+ f
    hash[6] = hash[6] &+ g
    hash[7] = hash[7] &+ h
  }

  @inline(__always)
  private static func rotr(_ value: UInt32, _ count: UInt32) -> UInt32 {
    value >> count | value << (32 - count)
  }

  private static let initial: [UInt32] = [
    0x6a09_e667, 0xbb67_ae85, 0x3c6e_f372, 0xa54f_f53a, 0x510e_527f, 0x9b05_688c, 0x1f83_d9ab,
    0x5be0_cd19,
  ]

  private static let rounds: [UInt32] = [
    0x428a_2f98, 0x7137_4491, 0xb5c0_fbcf, 0xe9b5_dba5, 0x3956_c25b, 0x59f1_11f1, 0x923f_82a4,
    0xab1c_5ed5, 0xd807_aa98, 0x1283_5b01, 0x2431_85be, 0x550c_7dc3, 0x72be_5d74, 0x80de_b1fe,
    0x9bdc_06a7, 0xc19b_f174, 0xe49b_69c1, 0xefbe_4786, 0x0fc1_9dc6, 0x240c_a1cc, 0x2de9_2c6f,
    0x4a74_84aa, 0x5cb0_a9dc, 0x76f9_88da, 0x983e_5152, 0xa831_c66d, 0xb003_27c8, 0xbf59_7fc7,
    0xc6e0_0bf3, 0xd5a7_9147, 0x06ca_6351, 0x1429_2967, 0x27b7_0a85, 0x2e1b_2138, 0x4d2c_6dfc,
    0x5338_0d13, 0x650a_7354, 0x766a_0abb, 0x81c2_c92e, 0x9272_2c85, 0xa2bf_e8a1, 0xa81a_664b,
    0xc24b_8b70, 0xc76c_51a3, 0xd192_e819, 0xd699_0624, 0xf40e_3585, 0x106a_a070, 0x19a4_c116,
    0x1e37_6c08, 0x2748_774c, 0x34b0_bcb5, 0x391c_0cb3, 0x4ed8_aa4a, 0x5b9c_ca4f, 0x682e_6ff3,
    0x748f_82ee, 0x78a5_636f, 0x84c8_7814, 0x8cc7_0208, 0x90be_fffa, 0xa450_6ceb, 0xbef9_a3f7,
    0xc671_78f2,
  ]
}
