package engine

import (
	"bufio"
	"encoding/binary"
	"errors"
	"hash/crc32"
	"io"
	"os"
	"strconv"
)

// This file implements the spill format: the file of a run that keeps only part of its values
// in memory, written as they are computed, a record at a time.

// The spill format, version 4 (version 2 without large values), of a run that keeps only part
// of its values in memory (a run with the root's RunOptions.Spill). The file grows as the values are computed, so
// that it always holds a whole prefix of them, then at most one record cut short by a crash.
// All integers are little-endian:
//
//	magic    8 bytes  "KAYLESCP"
//	version  uint32   4 (or 2)
//	codeLen  uint32   length of the code, at most 4·64+2
//	code     codeLen bytes, the canonical octal code
//	crc      uint32   CRC-32C of every byte before it
//	records, each:
//	  count  uint32   the values in the record: spillRecord, fewer only in the last record;
//	                  plus 2^31 when a table follows the values (version 4 only)
//	  values count uint16 values, continuing G(0), G(1), ..., 0xFFFF for a large one
//	  table  with 2^31 in count: uint32 k >= 1, then k pairs of uint32 index in the record
//	         (ascending, of a value 0xFFFF) and uint64 value (above 65535, below 2^62)
//	  crc    uint32   CRC-32C of count, values and table, continued from the crc before
//
// Chaining the checksums makes the records a sequence: none can be dropped, swapped or
// repeated without a mismatch. Value i is at a fixed offset (see spillOffset) up to the first
// record with a table; the values after it are never read back by offset, since a run with
// large values keeps every value in memory.
const (
	spillVersion  = 4
	spillRecord   = 1 << 12
	spillHasTable = 1 << 31
)

// spillVersions are the spill formats read.
var spillVersions = []uint32{2, spillVersion}

// spillHeader returns the header of a spill file of version for code.
func spillHeader(code string, version uint32) []byte {
	var hdr []byte
	hdr = append(hdr, checkpointMagic...)
	hdr = binary.LittleEndian.AppendUint32(hdr, version)
	hdr = binary.LittleEndian.AppendUint32(hdr, uint32(len(code)))
	hdr = append(hdr, code...)
	return binary.LittleEndian.AppendUint32(hdr, crc32.Checksum(hdr, castagnoli))
}

// spillOffset returns the offset of value i in a spill file whose header takes hdr bytes, with
// no record with a table before i.
func spillOffset(hdr, i int) int64 {
	return int64(hdr) + int64(i/spillRecord)*(8+2*spillRecord) + 4 + 2*int64(i%spillRecord)
}

// appendRecord appends the record of vals (at most spillRecord of them) to buf, with big the
// entries of their side table (heaps from base, the heap of vals[0]), its checksum continued
// from crc, and returns buf and the record's checksum.
func appendRecord(buf []byte, crc uint32, vals []uint16, base int, big []Big) ([]byte, uint32) {
	start := len(buf)
	count := uint32(len(vals))
	if len(big) > 0 {
		count |= spillHasTable
	}
	buf = binary.LittleEndian.AppendUint32(buf, count)
	for _, v := range vals {
		buf = binary.LittleEndian.AppendUint16(buf, v)
	}
	if len(big) > 0 {
		buf = binary.LittleEndian.AppendUint32(buf, uint32(len(big)))
		for _, b := range big {
			buf = binary.LittleEndian.AppendUint32(buf, uint32(b.at-base))
			buf = binary.LittleEndian.AppendUint64(buf, uint64(b.v))
		}
	}
	crc = crc32.Update(crc, castagnoli, buf[start:])
	return binary.LittleEndian.AppendUint32(buf, crc), crc
}

// spillScan is what scanSpill found: the values, and where a writer that continues the file
// starts: after the last whole record, whose checksum it continues.
type spillScan struct {
	code    string
	version uint32
	n       int    // the values in the file, the last record's included
	whole   int    // the values in whole records
	end     int64  // the offset after the last whole record
	crc     uint32 // the checksum of the last whole record (the header's when there is none)
	hdr     int    // the header's length
	extra   int64  // the bytes of the tables in whole records
	torn    bool   // a last record cut short was left out
}

// scanSpill reads a spill file from r, calling each with the values of every record in order
// and the entries of their side table (each may keep no reference to them), and returns what
// it found. A last record cut short (a crash while it was written) is left out; any other
// damage gets a reason fit for a [FileError] and ErrFormat. It reads r once, in
// blocks.
func scanSpill(r io.Reader, direct int, each func(vals []uint16, big []Big) error) (sc spillScan, reason string, err error) {
	br := bufio.NewReaderSize(r, 1<<16)
	if reason, err := sc.header(br); err != nil {
		return sc, reason, err
	}
	rec := make([]byte, 8+2*spillRecord+4+12*spillRecord)
	vals := make([]uint16, spillRecord)
	var big []Big
	for {
		body, count, k, crc, reason, err := sc.record(br, rec)
		if body == nil {
			return sc, reason, err // the end, a record cut short, or damage
		}
		if big, reason = decodeRecord(body, count, k, sc.n, direct, vals, big[:0]); reason != "" {
			return sc, reason, ErrFormat
		}
		if err := each(vals[:count], big); err != nil {
			return sc, "", err
		}
		sc.n += count
		if count == spillRecord {
			sc.whole, sc.end, sc.crc = sc.n, sc.end+int64(len(body)), crc
			if k > 0 {
				sc.extra += int64(4 + 12*k)
			}
		}
	}
}

// header reads the header of a spill file from br into sc, or returns a reason and error.
func (sc *spillScan) header(br *bufio.Reader) (string, error) {
	head, codeLen, reason, err := readHead(br, spillVersions, "is not a spill file")
	if err != nil {
		return reason, err
	}
	rest := make([]byte, codeLen+4)
	if _, err := io.ReadFull(br, rest); err != nil {
		return "damaged: the file is truncated", ErrFormat
	}
	crc := crc32.Update(crc32.Checksum(head[:], castagnoli), castagnoli, rest[:codeLen])
	if binary.LittleEndian.Uint32(rest[codeLen:]) != crc {
		return "damaged: checksum mismatch in the header", ErrFormat
	}
	sc.code, sc.hdr, sc.crc = string(rest[:codeLen]), len(head)+len(rest), crc
	sc.version = binary.LittleEndian.Uint32(head[8:])
	sc.end = int64(sc.hdr)
	return "", nil
}

// record reads the next record from br into rec, checks its count and checksum, and returns
// its bytes (count, values, table and checksum), its count of values, its table's entries and
// its checksum. At the end of the file, for a record cut short (sc.torn set) and for damage
// (with a reason and an error) it returns a nil body.
func (sc *spillScan) record(br *bufio.Reader, rec []byte) (body []byte, count, k int, crc uint32, reason string, err error) {
	stop := func(torn bool, reason string, err error) ([]byte, int, int, uint32, string, error) {
		sc.torn = sc.torn || torn
		return nil, 0, 0, 0, reason, err
	}
	// read reads a record's next bytes, and says whether the file ended within them.
	read := func(b []byte) (bool, error) {
		if _, err := io.ReadFull(br, b); err != nil {
			if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
				return true, nil
			}
			return false, err
		}
		return false, nil
	}
	n, err := io.ReadFull(br, rec[:4])
	if n == 0 && err == io.EOF {
		return stop(false, "", nil)
	}
	if err != nil {
		if errors.Is(err, io.ErrUnexpectedEOF) {
			return stop(true, "", nil)
		}
		return stop(false, "cannot read", err)
	}
	head := binary.LittleEndian.Uint32(rec)
	table := head&spillHasTable != 0 && sc.version == spillVersion
	count = int(head &^ spillHasTable)
	if !table {
		count = int(head)
	}
	if count == 0 || count > spillRecord || sc.n > sc.whole {
		return stop(false, "damaged: bad record at value "+strconv.Itoa(sc.n), ErrFormat)
	}
	body = rec[:4+2*count]
	if torn, err := read(body[4:]); torn || err != nil {
		return stop(torn, cond(err != nil, "cannot read"), err)
	}
	if table {
		body = rec[:len(body)+4]
		if torn, err := read(body[len(body)-4:]); torn || err != nil {
			return stop(torn, cond(err != nil, "cannot read"), err)
		}
		if k = int(binary.LittleEndian.Uint32(body[len(body)-4:])); k == 0 || k > count {
			return stop(false, "damaged: bad record at value "+strconv.Itoa(sc.n), ErrFormat)
		}
		body = rec[:len(body)+12*k]
		if torn, err := read(body[len(body)-12*k:]); torn || err != nil {
			return stop(torn, cond(err != nil, "cannot read"), err)
		}
	}
	body = rec[:len(body)+4]
	if torn, err := read(body[len(body)-4:]); torn || err != nil {
		return stop(torn, cond(err != nil, "cannot read"), err)
	}
	crc = crc32.Update(sc.crc, castagnoli, body[:len(body)-4])
	if binary.LittleEndian.Uint32(body[len(body)-4:]) != crc {
		if _, err := br.Peek(1); err == io.EOF {
			return stop(true, "", nil) // the last record, written in part over a shorter one
		}
		return stop(false, "damaged: checksum mismatch at value "+strconv.Itoa(sc.n), ErrFormat)
	}
	if uint64(sc.n)+uint64(count) > MaxSpilledValues {
		return stop(false, "damaged: more values than the engine stores", ErrFormat)
	}
	return body, count, k, crc, "", nil
}

// decodeRecord decodes the count values of a record's body into vals and its k table entries,
// for the heaps from base, onto big, or returns why the table is bad.
func decodeRecord(body []byte, count, k, base, direct int, vals []uint16, big []Big) ([]Big, string) {
	for i := range count {
		vals[i] = binary.LittleEndian.Uint16(body[4+2*i:])
	}
	for j := range k {
		e := body[4+2*count+4+12*j:]
		at, v := uint64(binary.LittleEndian.Uint32(e)), binary.LittleEndian.Uint64(e[4:])
		if at >= uint64(count) || (j > 0 && int(at) <= big[j-1].at-base) || vals[at] != bigStored || v <= uint64(direct) || v >= maxBig {
			return big, "damaged: bad table at value " + strconv.Itoa(base)
		}
		big = append(big, Big{base + int(at), int(v)})
	}
	return big, ""
}

// cond returns s when ok, else "".
func cond(ok bool, s string) string {
	if ok {
		return s
	}
	return ""
}

// FileVersion returns the format version of the checkpoint at path.
func FileVersion(path string) (uint32, error) {
	f, err := os.Open(path)
	if err != nil {
		return 0, &FileError{Path: path, Reason: "cannot open", Err: err}
	}
	defer f.Close()
	var head [12]byte
	if _, err := io.ReadFull(f, head[:]); err != nil || string(head[:8]) != checkpointMagic {
		return 0, &FileError{Path: path, Reason: "not a kayles checkpoint", Err: ErrFormat}
	}
	return binary.LittleEndian.Uint32(head[8:]), nil
}

// SpillVersion is the format version of the spill files that runs write.
const SpillVersion = spillVersion
