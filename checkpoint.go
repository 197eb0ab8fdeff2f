package kayles

import (
	"bufio"
	"context"
	"encoding/binary"
	"errors"
	"hash/crc32"
	"io"
	"math/bits"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
)

// This file implements checkpoints: the values of a long computation saved to a file, read back
// only when they are intact and belong to the same rule set.

// The checkpoint format, version 1, all integers little-endian:
//
//	magic    8 bytes  "KAYLESCP"
//	version  uint32   1, or 3 with large values
//	codeLen  uint32   length of the code, at most 4·64+2
//	code     codeLen bytes, the canonical octal code
//	n        uint64   number of values, at most MaxValues
//	values   n uint16 values G(0), ..., G(n-1), 0xFFFF for each value in the table
//	k        uint64   version 3 only: the number of large values, at most n
//	table    k pairs, version 3 only: uint64 heap (ascending, below n, whose word is
//	         0xFFFF), uint64 value (above 65535, below 2^62)
//	crc      uint32   CRC-32C (Castagnoli) of every byte before it
//
// Nothing may follow the checksum. Files without values above 65535 are written as version 1,
// which older versions of the library read too.
const (
	checkpointMagic   = "KAYLESCP"
	checkpointVersion = 1
	bigVersion        = 3
	maxCodeLen        = 4*maxDigits + 2
	maxBig            = 1 << 62 // above any value that a computation reaches
)

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// encodeCheckpoint writes code, vals and big, their side table, in the checkpoint format.
func encodeCheckpoint(w io.Writer, code string, vals []uint16, big []bigValue) error {
	h := crc32.New(castagnoli)
	bw := bufio.NewWriterSize(io.MultiWriter(w, h), 1<<16)
	var hdr []byte
	hdr = append(hdr, checkpointMagic...)
	version := uint32(checkpointVersion)
	if len(big) > 0 {
		version = bigVersion
	}
	hdr = binary.LittleEndian.AppendUint32(hdr, version)
	hdr = binary.LittleEndian.AppendUint32(hdr, uint32(len(code)))
	hdr = append(hdr, code...)
	hdr = binary.LittleEndian.AppendUint64(hdr, uint64(len(vals)))
	if _, err := bw.Write(hdr); err != nil {
		return err
	}
	buf := make([]byte, 0, 1<<15)
	for i := 0; i < len(vals); {
		buf = buf[:0]
		for ; i < len(vals) && len(buf) < cap(buf); i++ {
			buf = binary.LittleEndian.AppendUint16(buf, vals[i])
		}
		if _, err := bw.Write(buf); err != nil {
			return err
		}
	}
	if len(big) > 0 {
		buf = binary.LittleEndian.AppendUint64(buf[:0], uint64(len(big)))
		for _, b := range big {
			buf = binary.LittleEndian.AppendUint64(buf, uint64(b.at))
			buf = binary.LittleEndian.AppendUint64(buf, uint64(b.v))
		}
		if _, err := bw.Write(buf); err != nil {
			return err
		}
	}
	if err := bw.Flush(); err != nil {
		return err
	}
	_, err := w.Write(binary.LittleEndian.AppendUint32(nil, h.Sum32()))
	return err
}

// headSize is the length of the head that begins every checkpoint.
const headSize = 16

// readHead reads the headSize bytes that begin every checkpoint: the magic, the format version, which
// must be one of versions (else the reason says the version and wrong), and the code's length, which
// it returns. On failure it returns a reason fit for a [CheckpointError] and ErrCheckpoint or
// an I/O error.
func readHead(r io.Reader, versions []uint32, wrong string) (head [headSize]byte, codeLen uint32, reason string, err error) {
	fail := func(why string) ([headSize]byte, uint32, string, error) { return head, 0, why, ErrCheckpoint }
	if _, err := io.ReadFull(r, head[:]); err != nil {
		if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
			return fail("not a kayles checkpoint (too short)")
		}
		return head, 0, "cannot read", err
	}
	if string(head[:8]) != checkpointMagic {
		return fail("not a kayles checkpoint")
	}
	if v := binary.LittleEndian.Uint32(head[8:]); !slices.Contains(versions, v) {
		return fail("format version " + strconv.FormatUint(uint64(v), 10) + " " + wrong)
	}
	codeLen = binary.LittleEndian.Uint32(head[12:])
	if codeLen == 0 || codeLen > maxCodeLen {
		return fail("damaged: bad code length")
	}
	return head, codeLen, "", nil
}

// decodeCheckpoint reads a checkpoint. It returns a reason fit for a [CheckpointError] and
// ErrCheckpoint or an I/O error. Memory grows only with the bytes actually read, so a short
// file that claims many values costs little; but when size, the reader's length in bytes, is
// exactly what the header announces, the values go straight into one array with room for n/8
// more, so that a long run resumes without copying them.
func decodeCheckpoint(r io.Reader, size int64) (code string, vals []uint16, big []bigValue, reason string, err error) {
	h := crc32.New(castagnoli)
	br := bufio.NewReaderSize(r, 1<<16)
	tr := io.TeeReader(br, h)
	bad := func(why string) (string, []uint16, []bigValue, string, error) {
		return "", nil, nil, why, ErrCheckpoint
	}
	head, codeLen, reason, err := readHead(tr, []uint32{checkpointVersion, bigVersion}, "is not supported (this library reads versions 1 and 3)")
	if err != nil {
		return "", nil, nil, reason, err
	}
	cb := make([]byte, codeLen+8)
	if _, err := io.ReadFull(tr, cb); err != nil {
		return truncated(err)
	}
	code = string(cb[:codeLen])
	n := binary.LittleEndian.Uint64(cb[codeLen:])
	if n > MaxValues {
		return bad("damaged: more values than the engine stores")
	}
	v3 := binary.LittleEndian.Uint32(head[8:]) == bigVersion
	if rest := size - headSize - int64(len(cb)) - 4; int64(n) == rest/2 || (v3 && 2*int64(n)+8 <= rest) {
		vals = make([]uint16, 0, min(n+n/8, MaxValues))
	}
	chunk := make([]byte, 1<<16)
	for left := 2 * n; left > 0; {
		c := chunk[:min(uint64(len(chunk)), left)]
		if _, err := io.ReadFull(tr, c); err != nil {
			return truncated(err)
		}
		for i := 0; i < len(c); i += 2 {
			vals = append(vals, binary.LittleEndian.Uint16(c[i:]))
		}
		left -= uint64(len(c))
	}
	if v3 {
		if big, reason = readBig(tr, vals); reason != "" {
			if reason == "truncated" {
				return truncated(io.ErrUnexpectedEOF)
			}
			return bad(reason)
		}
	}
	sum := h.Sum32()
	var tail [4]byte
	if _, err := io.ReadFull(br, tail[:]); err != nil {
		return truncated(err)
	}
	if binary.LittleEndian.Uint32(tail[:]) != sum {
		return bad("damaged: checksum mismatch")
	}
	if _, err := br.ReadByte(); err != io.EOF {
		if err != nil {
			return "", nil, nil, "cannot read", err
		}
		return bad("damaged: data after the checksum")
	}
	return code, vals, big, "", nil
}

func truncated(err error) (string, []uint16, []bigValue, string, error) {
	if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
		return "", nil, nil, "damaged: the file is truncated", ErrCheckpoint
	}
	return "", nil, nil, "cannot read", err
}

// readBig reads the table of large values of a version 3 checkpoint whose values are vals,
// and checks it (the reason "truncated" when r ends first). Its memory grows only with the
// bytes read.
func readBig(r io.Reader, vals []uint16) (big []bigValue, reason string) {
	var b [16]byte
	if _, err := io.ReadFull(r, b[:8]); err != nil {
		return nil, "truncated"
	}
	k := binary.LittleEndian.Uint64(b[:])
	if k == 0 || k > uint64(len(vals)) {
		return nil, "damaged: bad number of large values"
	}
	for range k {
		if _, err := io.ReadFull(r, b[:]); err != nil {
			return nil, "truncated"
		}
		at, v := binary.LittleEndian.Uint64(b[:]), binary.LittleEndian.Uint64(b[8:])
		if reason := checkBig(big, vals, at, v); reason != "" {
			return nil, reason
		}
		big = append(big, bigValue{int(at), int(v)})
	}
	return big, ""
}

// checkBig returns why the entry of heap at with value v cannot follow the table big of the
// values vals, or "".
func checkBig(big []bigValue, vals []uint16, at, v uint64) string {
	switch {
	case at >= uint64(len(vals)) || (len(big) > 0 && at <= uint64(big[len(big)-1].at)):
		return "damaged: bad heap in the table of large values"
	case vals[at] != bigWord || v <= uint64(direct) || v >= maxBig:
		return "damaged: bad value in the table of large values"
	}
	return ""
}

// checkWritable returns a [*CheckpointError] when no checkpoint can be written to path: when it
// is a folder, or no temporary file can be created there (it creates and removes one with
// createTemp, as writeCheckpoint would). Run calls it before it computes, so a bad path is not
// found only at the first checkpoint.
func checkWritable(path string) error {
	if fi, err := os.Stat(path); err == nil && fi.IsDir() {
		return &CheckpointError{Path: path, Reason: "is a folder, not a file"}
	}
	f, err := createTemp(path)
	if err != nil {
		return &CheckpointError{Path: path, Reason: "cannot create a temporary file", Err: err}
	}
	f.Close()
	os.Remove(f.Name())
	return nil
}

// createTemp creates the temporary file, hidden in path's folder, that a checkpoint or a spill
// file is written to before it is renamed over path.
func createTemp(path string) (*os.File, error) {
	return os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".tmp*")
}

// writeCheckpoint writes code and vals to path atomically: to a temporary file in the same
// folder, synced, then renamed over path, so that path always holds a whole checkpoint.
func writeCheckpoint(path, code string, vals []uint16, big []bigValue) error {
	fail := func(reason string, err error) error {
		return &CheckpointError{Path: path, Reason: reason, Err: err}
	}
	f, err := createTemp(path)
	if err != nil {
		return fail("cannot create a temporary file", err)
	}
	tmp := f.Name()
	defer os.Remove(tmp) // fails harmlessly once renamed
	if err := encodeCheckpoint(f, code, vals, big); err != nil {
		f.Close()
		return fail("cannot write", err)
	}
	if err := f.Sync(); err != nil {
		f.Close()
		return fail("cannot sync", err)
	}
	if err := f.Close(); err != nil {
		return fail("cannot write", err)
	}
	if err := os.Rename(tmp, path); err != nil {
		return fail("cannot rename the temporary file", err)
	}
	return nil
}

// readCheckpoint reads the checkpoint at path for o and checks it: the format, the checksum,
// the code, and the values themselves (the first 2048 against the reference engine, and the
// last one against the rules), so that a file forged with a valid checksum is refused too. It
// returns the values and their side table.
func (o *plan) readCheckpoint(ctx context.Context, path string) ([]uint16, []bigValue, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, nil, &CheckpointError{Path: path, Reason: "cannot open", Err: err}
	}
	defer f.Close()
	var size int64 = -1
	if st, err := f.Stat(); err == nil && st.Mode().IsRegular() {
		size = st.Size()
	}
	var head [12]byte
	if _, err := io.ReadFull(f, head[:]); err == nil && string(head[:8]) == checkpointMagic &&
		slices.Contains(spillVersions, binary.LittleEndian.Uint32(head[8:])) {
		return o.readSpillAll(ctx, path, f)
	}
	if _, err := f.Seek(0, io.SeekStart); err != nil {
		return nil, nil, &CheckpointError{Path: path, Reason: "cannot read", Err: err}
	}
	code, vals, big, reason, err := decodeCheckpoint(f, size)
	if err != nil {
		return nil, nil, &CheckpointError{Path: path, Reason: reason, Err: err}
	}
	return o.checkRead(ctx, path, code, vals, big)
}

// checkRead returns vals and big, the values read from the checkpoint at path, written for
// code, or a [*CheckpointError] when they are another code's or break o's rules (firstWrong).
func (o *plan) checkRead(ctx context.Context, path, code string, vals []uint16, big []bigValue) ([]uint16, []bigValue, error) {
	if code != o.code {
		return nil, nil, &CheckpointError{Path: path, Reason: "written for " + strconv.Quote(code) + ", not for " + o.code, Err: ErrCheckpoint}
	}
	i, err := o.firstWrong(ctx, vals, big)
	if err != nil {
		return nil, nil, err
	}
	if i >= 0 {
		return nil, nil, &CheckpointError{Path: path, Reason: "damaged: G(" + strconv.Itoa(i) + ") does not follow the rules of " + o.code, Err: ErrCheckpoint}
	}
	return vals, big, nil
}

// readSpillAll reads every value of the spill file f at path into memory and checks them as
// readCheckpoint does: a run without Spill may resume from a spilled run's file of up to
// MaxValues values.
func (o *plan) readSpillAll(ctx context.Context, path string, f *os.File) ([]uint16, []bigValue, error) {
	if _, err := f.Seek(0, io.SeekStart); err != nil {
		return nil, nil, &CheckpointError{Path: path, Reason: "cannot read", Err: err}
	}
	var vals []uint16
	var big []bigValue
	sc, reason, err := scanSpill(f, func(v []uint16, b []bigValue) error {
		if len(vals)+len(v) > MaxValues {
			return &LimitError{Question: "the values of " + path, Limit: MaxValues, Unit: "values",
				Advice: "resume a run this long with Spill"}
		}
		vals, big = append(vals, v...), append(big, b...)
		return nil
	})
	if err != nil {
		if reason == "" {
			return nil, nil, err
		}
		return nil, nil, &CheckpointError{Path: path, Reason: reason, Err: err}
	}
	return o.checkRead(ctx, path, sc.code, vals, big)
}

// firstWrong returns the index of a value of vals (with big, their side table) that the
// reference mex contradicts, checking the first 2048 values and the last one, or -1. It costs
// O(2048²·t + n·t). With flag 8 (O(n²) per value) it checks only the first 256 values, and the
// general engine (every code, with large values) only as many as 2^24 steps check; it stops
// at a value above 2^24, trusting the rest to the checksum. It returns ctx's error when ctx is
// done first.
func (o *plan) firstWrong(ctx context.Context, vals []uint16, big []bigValue) (int, error) {
	head, last := 2048, true
	if !o.plain || o.heaps >= 3 {
		head, last = 256, false
	}
	b := newBudget(ctx, 1<<24, "steps", func() string { return "checking a checkpoint" })
	mex := func(i int, seen []uint64, b *budget) int {
		if len(big) > 0 {
			return o.mexGeneral(vals, big, i, seen, b, generalWeight)
		}
		return o.mex(vals, i, seen, b)
	}
	// seen covers the options of heap i when every value below i is below 2^bits.Len(top).
	const most = 1 << 24
	top := 0
	seen := make([]uint64, 1<<16/64+2)
	for i := range min(len(vals), head) {
		if i%64 == 0 && b.done() {
			return -1, ctx.Err()
		}
		if w := (1<<bits.Len(uint(top)))/64 + 2; w > len(seen) {
			seen = make([]uint64, w)
		}
		v := mex(i, seen, b)
		if v < 0 {
			break // the general engine's check is spent: the rest is trusted to the checksum
		}
		if v != valueOf(big, i, vals[i]) {
			return i, nil
		}
		if top = max(top, v); top >= most {
			return -1, nil
		}
	}
	if err := ctx.Err(); err != nil {
		return -1, err
	}
	if i := len(vals) - 1; last && i >= head {
		for _, e := range big {
			top = max(top, e.v)
		}
		if top >= most {
			return -1, nil
		}
		if w := (1<<bits.Len(uint(top)))/64 + 2; w > len(seen) {
			seen = make([]uint64, w)
		}
		if mex(i, seen, nil) != valueOf(big, i, vals[i]) {
			return i, nil
		}
	}
	return -1, nil
}

// The spill format, version 4 (version 2 without large values), of a run that keeps only part
// of its values in memory ([RunOptions].Spill). The file grows as the values are computed, so
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
func appendRecord(buf []byte, crc uint32, vals []uint16, base int, big []bigValue) ([]byte, uint32) {
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
// damage gets a reason fit for a [CheckpointError] and ErrCheckpoint. It reads r once, in
// blocks.
func scanSpill(r io.Reader, each func(vals []uint16, big []bigValue) error) (sc spillScan, reason string, err error) {
	br := bufio.NewReaderSize(r, 1<<16)
	bad := func(why string) (spillScan, string, error) { return sc, why, ErrCheckpoint }
	head, codeLen, reason, err := readHead(br, spillVersions, "is not a spill file")
	if err != nil {
		return sc, reason, err
	}
	rest := make([]byte, codeLen+4)
	if _, err := io.ReadFull(br, rest); err != nil {
		return bad("damaged: the file is truncated")
	}
	crc := crc32.Update(crc32.Checksum(head[:], castagnoli), castagnoli, rest[:codeLen])
	if binary.LittleEndian.Uint32(rest[codeLen:]) != crc {
		return bad("damaged: checksum mismatch in the header")
	}
	sc.code, sc.hdr, sc.crc = string(rest[:codeLen]), len(head)+len(rest), crc
	sc.version = binary.LittleEndian.Uint32(head[8:])
	sc.end = int64(sc.hdr)
	rec := make([]byte, 8+2*spillRecord+4+12*spillRecord)
	vals := make([]uint16, spillRecord)
	var big []bigValue
	// torn reads a record's next bytes, and says whether the file ended within them.
	read := func(b []byte) (bool, error) {
		if _, err := io.ReadFull(br, b); err != nil {
			if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
				return true, nil
			}
			return false, err
		}
		return false, nil
	}
	for {
		k, err := io.ReadFull(br, rec[:4])
		if k == 0 && err == io.EOF {
			return sc, "", nil
		}
		if err != nil {
			if errors.Is(err, io.ErrUnexpectedEOF) {
				sc.torn = true
				return sc, "", nil
			}
			return sc, "cannot read", err
		}
		word := binary.LittleEndian.Uint32(rec)
		table := word&spillHasTable != 0 && sc.version == spillVersion
		count := int(word &^ spillHasTable)
		if !table {
			count = int(word)
		}
		if count == 0 || count > spillRecord || sc.n > sc.whole {
			return bad("damaged: bad record at value " + strconv.Itoa(sc.n))
		}
		body := rec[:4+2*count]
		if torn, err := read(body[4:]); torn || err != nil {
			sc.torn = torn
			return sc, cond(err != nil, "cannot read"), err
		}
		k = 0
		if table {
			body = rec[:len(body)+4]
			if torn, err := read(body[len(body)-4:]); torn || err != nil {
				sc.torn = torn
				return sc, cond(err != nil, "cannot read"), err
			}
			if k = int(binary.LittleEndian.Uint32(body[len(body)-4:])); k == 0 || k > count {
				return bad("damaged: bad record at value " + strconv.Itoa(sc.n))
			}
			body = rec[:len(body)+12*k]
			if torn, err := read(body[len(body)-12*k:]); torn || err != nil {
				sc.torn = torn
				return sc, cond(err != nil, "cannot read"), err
			}
		}
		body = rec[:len(body)+4]
		if torn, err := read(body[len(body)-4:]); torn || err != nil {
			sc.torn = torn
			return sc, cond(err != nil, "cannot read"), err
		}
		c := crc32.Update(sc.crc, castagnoli, body[:len(body)-4])
		if binary.LittleEndian.Uint32(body[len(body)-4:]) != c {
			if _, err := br.Peek(1); err == io.EOF {
				sc.torn = true // the last record, written in part over a shorter one
				return sc, "", nil
			}
			return bad("damaged: checksum mismatch at value " + strconv.Itoa(sc.n))
		}
		if uint64(sc.n)+uint64(count) > MaxSpilledValues {
			return bad("damaged: more values than the engine stores")
		}
		for i := range count {
			vals[i] = binary.LittleEndian.Uint16(body[4+2*i:])
		}
		big = big[:0]
		for j := range k {
			e := body[4+2*count+4+12*j:]
			at, v := uint64(binary.LittleEndian.Uint32(e)), binary.LittleEndian.Uint64(e[4:])
			if at >= uint64(count) || (j > 0 && int(at) <= big[j-1].at) || vals[at] != bigWord || v <= uint64(direct) || v >= maxBig {
				return bad("damaged: bad table at value " + strconv.Itoa(sc.n))
			}
			big = append(big, bigValue{int(at), int(v)})
		}
		for j := range big {
			big[j].at += sc.n
		}
		if err := each(vals[:count], big); err != nil {
			return sc, "", err
		}
		sc.n += count
		if count == spillRecord {
			sc.whole, sc.end, sc.crc = sc.n, sc.end+int64(len(body)), c
			if k > 0 {
				sc.extra += int64(4 + 12*k)
			}
		}
	}
}

// cond returns s when ok, else "".
func cond(ok bool, s string) string {
	if ok {
		return s
	}
	return ""
}

// A checkpointWriter writes the checkpoints of one run to path ahead of time: between the
// run's steps it appends the new values to a temporary file beside path (add), so that a
// checkpoint, on a cancel too, writes only the values since the last step, the side table,
// the header and the checksum, then syncs the file and renames it over path (commit). The
// file it writes is byte for byte the one writeCheckpoint writes; until it is renamed, the
// temporary file is no checkpoint, so a crash at any moment leaves path as it was. A commit
// uses up the temporary file: the next add begins another. The zero checkpointWriter is not
// usable; it is used by one goroutine at a time.
type checkpointWriter struct {
	path, code string
	f          *os.File // the temporary file: the header (its count not yet set), then n values
	n          int
	crc        uint32 // the CRC-32C of the n values' bytes
	unsynced   int64  // bytes written since the last sync began
	syncing    sync.WaitGroup
	buf        []byte
}

// checkpointSyncEvery is how many bytes add writes before it has them synced, in the
// background, so that a commit's sync has little left to write.
const checkpointSyncEvery = 4 << 20

// header returns the checkpoint's header for n values, of version.
func (w *checkpointWriter) header(version uint32, n int) []byte {
	var hdr []byte
	hdr = append(hdr, checkpointMagic...)
	hdr = binary.LittleEndian.AppendUint32(hdr, version)
	hdr = binary.LittleEndian.AppendUint32(hdr, uint32(len(w.code)))
	hdr = append(hdr, w.code...)
	return binary.LittleEndian.AppendUint64(hdr, uint64(n))
}

// add appends the values of vals beyond those in the temporary file, creating it if need be.
// It looks at ctx between blocks of 2^15 values, and returns early, with a prefix written,
// once ctx is done. On an error the temporary file is removed.
func (w *checkpointWriter) add(ctx context.Context, vals []uint16) error {
	if w.f == nil {
		f, err := createTemp(w.path)
		if err != nil {
			return err
		}
		w.f, w.n, w.crc, w.unsynced = f, 0, 0, 0
		if _, err := f.Write(w.header(checkpointVersion, 0)); err != nil {
			w.close()
			return err
		}
	}
	for w.n < len(vals) {
		if ctx != nil && ctx.Err() != nil {
			return nil
		}
		k := min(len(vals)-w.n, 1<<15)
		w.buf = w.buf[:0]
		for _, v := range vals[w.n : w.n+k] {
			w.buf = binary.LittleEndian.AppendUint16(w.buf, v)
		}
		if _, err := w.f.Write(w.buf); err != nil {
			w.close()
			return err
		}
		w.crc = crc32.Update(w.crc, castagnoli, w.buf)
		w.n += k
		if w.unsynced += int64(len(w.buf)); w.unsynced >= checkpointSyncEvery {
			w.unsynced = 0
			w.syncing.Wait() // one sync at a time
			f := w.f
			w.syncing.Go(func() { f.Sync() }) // an error shows again at the commit's sync
		}
	}
	return nil
}

// commit writes the checkpoint of vals, with big their side table, to path, as writeCheckpoint
// does: it adds the values not yet in the temporary file, the table and the checksum, sets
// the header, syncs the file and renames it over path.
func (w *checkpointWriter) commit(vals []uint16, big []bigValue) error {
	fail := func(reason string, err error) error {
		w.close()
		return &CheckpointError{Path: w.path, Reason: reason, Err: err}
	}
	if err := w.add(context.Background(), vals); err != nil {
		return fail("cannot write", err)
	}
	version := uint32(checkpointVersion)
	var tail []byte
	if len(big) > 0 {
		version = bigVersion
		tail = binary.LittleEndian.AppendUint64(tail, uint64(len(big)))
		for _, b := range big {
			tail = binary.LittleEndian.AppendUint64(tail, uint64(b.at))
			tail = binary.LittleEndian.AppendUint64(tail, uint64(b.v))
		}
	}
	body := crc32.Update(w.crc, castagnoli, tail)
	hdr := w.header(version, len(vals))
	sum := crc32Combine(crc32.Checksum(hdr, castagnoli), body, 2*int64(len(vals))+int64(len(tail)))
	tail = binary.LittleEndian.AppendUint32(tail, sum)
	if _, err := w.f.Write(tail); err != nil {
		return fail("cannot write", err)
	}
	if _, err := w.f.WriteAt(hdr, 0); err != nil {
		return fail("cannot write", err)
	}
	w.syncing.Wait()
	if err := w.f.Sync(); err != nil {
		return fail("cannot sync", err)
	}
	f := w.f
	w.f = nil
	if err := f.Close(); err != nil {
		os.Remove(f.Name())
		return &CheckpointError{Path: w.path, Reason: "cannot write", Err: err}
	}
	if err := os.Rename(f.Name(), w.path); err != nil {
		os.Remove(f.Name())
		return &CheckpointError{Path: w.path, Reason: "cannot rename the temporary file", Err: err}
	}
	return nil
}

// removeTemps removes the temporary files of checkpoints of path that a run killed (kill -9,
// a crash) left behind, which would otherwise pile up, each as large as a checkpoint, one a
// kill. Two runs writing the same checkpoint at once would spoil it anyway.
func removeTemps(path string) {
	dir, prefix := filepath.Dir(path), "."+filepath.Base(path)+".tmp" // as createTemp names them
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if strings.HasPrefix(e.Name(), prefix) && e.Type().IsRegular() {
			os.Remove(filepath.Join(dir, e.Name()))
		}
	}
}

// close removes the temporary file, if any.
func (w *checkpointWriter) close() {
	if w.f != nil {
		w.syncing.Wait()
		w.f.Close()
		os.Remove(w.f.Name())
		w.f = nil
	}
}

// crc32Combine returns the CRC-32C of a followed by b from crcA and crcB, theirs, and lenB,
// the length of b (zlib's crc32_combine): the checksum of a checkpoint, whose header is known
// only at the end, from the values' checksum computed as they were written.
func crc32Combine(crcA, crcB uint32, lenB int64) uint32 {
	return multModP(x2nModP(lenB, 3), crcA) ^ crcB
}

// castagnoliPoly is the reversed polynomial of CRC-32C.
const castagnoliPoly = 0x82f63b78

// multModP returns a·b modulo the polynomial, bit-reversed as the CRC holds them.
func multModP(a, b uint32) uint32 {
	p := uint32(0)
	for m := uint32(1) << 31; m != 0; m >>= 1 {
		if a&m != 0 {
			p ^= b
		}
		if b&1 != 0 {
			b = b>>1 ^ castagnoliPoly
		} else {
			b >>= 1
		}
	}
	return p
}

// x2nModP returns x^(n·2^k) modulo the polynomial.
func x2nModP(n int64, k uint) uint32 {
	p := uint32(1) << 31 // x^0
	x := uint32(1) << 30 // x^(2^0)
	for range k {
		x = multModP(x, x)
	}
	for ; n != 0; n >>= 1 {
		if n&1 != 0 {
			p = multModP(x, p)
		}
		x = multModP(x, x)
	}
	return p
}
