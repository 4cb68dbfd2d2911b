import Splatting
import Testing

/// `.spz` gzip bombs: the inflate is bounded by the header's splat count and by the compressed size, so the
/// memory a file can make the reader take is what its valid part needs.
@Suite struct SPZBombTests {
    @Test func theBombIsAValidGzipStreamOfItsSize() throws {
        // The construction, checked in full at 4 MiB (CRC and size included): the header, then zeros.
        let small = try GzipBomb.spz(count: 1, mebibytes: 4)
        let data = try Gzip.inflate(small, limit: 5 << 20)
        #expect(data.count == 4 << 20)
        #expect(Array(data[..<16]) == [0x4E, 0x47, 0x53, 0x50, 2, 0, 0, 0, 1, 0, 0, 0, 0, 12, 0, 0])
        #expect(data[16...].allSatisfy { $0 == 0 })
        // At 4 GiB: about 1 KiB per MiB, and more than any limit below it.
        let bomb = try GzipBomb.spz(count: 1, mebibytes: 4096)
        #expect(bomb.count > 1000 * 4096 && bomb.count < 8 << 20)
        #expect(throws: Gzip.Failure.tooLarge(64 << 20)) { try Gzip.inflate(bomb, limit: 64 << 20) }
    }

    @Test func aSpzThatInflatesToFourGigabytesStopsAtItsHeadersCount() throws {
        let bomb = try GzipBomb.spz(count: 1, mebibytes: 4096)
        // One v2 splat of degree 0 takes 9 + 1 + 3 + 3 + 3 = 19 bytes after the 16-byte header.
        #expect(throws: SplatError("bomb.spz: count: the data inflates to more than the 35 bytes the header's splat count takes; wrong count")) {
            try SPZReader.decode(bomb, name: "bomb.spz")
        }
    }

    @Test func aHeaderClaimingMoreThanTheCompressedSizeCanHoldIsRejectedBeforeInflating() throws {
        let bomb = try GzipBomb.spz(count: UInt32.max, mebibytes: 64)
        let ceiling = 16 * bomb.count + (16 << 20)
        #expect(throws: SplatError("bomb.spz: count: the header's 4294967295 splats take \(16 + 19 * Int(UInt32.max)) bytes, more than this file's \(bomb.count) compressed bytes can hold (at most 16 × compressed + 16 MiB = \(ceiling) bytes)")) {
            try SPZReader.decode(bomb, name: "bomb.spz")
        }
    }

    @Test func dataBeyondTheCountIsAWrongCountWhateverItsSize() throws {
        let bomb = try GzipBomb.spz(count: 1000, mebibytes: 1)
        #expect(throws: SplatError("bomb.spz: count: the data inflates to more than the \(16 + 19 * 1000) bytes the header's splat count takes; wrong count")) {
            try SPZReader.decode(bomb, name: "bomb.spz")
        }
    }
}
