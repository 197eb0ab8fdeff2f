package engine

import (
	"bufio"
	"context"
	"encoding/binary"
	"errors"
	"hash/crc32"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
)

// This file implements the checkpoint format: the values of a long computation saved to a
// file, written atomically, read back only when they are intact.

// The checkpoint format, version 1, all integers little-endian:
//
//	magic    8 bytes  "KAYLESCP"
//	version  uint32   1, or 3 with large values
//	codeLen  uint32   length of the code, at most 4·64+2
//	code     codeLen bytes, the canonical octal code
//	n        uint64   number of values, at most MaxValues
//	values   n uint16 values G(0), ..., G(n-1), 0xFFFF for each value in the table
//	k        uint64   version 3 only: the number of large values, at most n
//	table    k pairs, version 3 only: uint64 heap (ascending, below n, whose value is
//	         0xFFFF), uint64 value (above 65535, below 2^62)
//	crc      uint32   CRC-32C (Castagnoli) of every byte before it
//
// Nothing may follow the checksum. Files without values above 65535 are written as version 1,
// which older versions of the library read too.
const (
	checkpointMagic   = "KAYLESCP"
	checkpointVersion = 1
	bigVersion        = 3
	maxCodeLen        = 4*64 + 2 // 64 digits of up to four characters, and "0."
	maxBig            = 1 << 62  // above any value that a computation reaches
)

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// encodeCheckpoint writes code, vals and big, their side table, in the checkpoint format.
func encodeCheckpoint(w io.Writer, code string, vals []uint16, big []Big) error {
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
// it returns. On failure it returns a reason fit for a [FileError] and ErrFormat or
// an I/O error.
func readHead(r io.Reader, versions []uint32, wrong string) (head [headSize]byte, codeLen uint32, reason string, err error) {
	fail := func(why string) ([headSize]byte, uint32, string, error) { return head, 0, why, ErrFormat }
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

// decodeCheckpoint reads a checkpoint. It returns a reason fit for a [FileError] and
// ErrFormat or an I/O error. Memory grows only with the bytes actually read, so a short
// file that claims many values costs little; but when size, the reader's length in bytes, is
// exactly what the header announces, the values go straight into one array with room for n/8
// more, so that a long run resumes without copying them.
func decodeCheckpoint(r io.Reader, size int64, direct int) (code string, vals []uint16, big []Big, reason string, err error) {
	h := crc32.New(castagnoli)
	br := bufio.NewReaderSize(r, 1<<16)
	tr := io.TeeReader(br, h)
	bad := func(why string) (string, []uint16, []Big, string, error) {
		return "", nil, nil, why, ErrFormat
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
		if big, reason = readBig(tr, vals, direct); reason != "" {
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

func truncated(err error) (string, []uint16, []Big, string, error) {
	if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
		return "", nil, nil, "damaged: the file is truncated", ErrFormat
	}
	return "", nil, nil, "cannot read", err
}

// readBig reads the table of large values of a version 3 checkpoint whose values are vals,
// and checks it (the reason "truncated" when r ends first). Its memory grows only with the
// bytes read.
func readBig(r io.Reader, vals []uint16, direct int) (big []Big, reason string) {
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
		if reason := checkBig(big, vals, at, v, direct); reason != "" {
			return nil, reason
		}
		big = append(big, Big{int(at), int(v)})
	}
	return big, ""
}

// checkBig returns why the entry of heap at with value v cannot follow the table big of the
// values vals, or "".
func checkBig(big []Big, vals []uint16, at, v uint64, direct int) string {
	switch {
	case at >= uint64(len(vals)) || (len(big) > 0 && at <= uint64(big[len(big)-1].at)):
		return "damaged: bad heap in the table of large values"
	case vals[at] != bigStored || v <= uint64(direct) || v >= maxBig:
		return "damaged: bad value in the table of large values"
	}
	return ""
}

// checkWritable returns a [*FileError] when no checkpoint can be written to path: when it
// is a folder, or no temporary file can be created there (it creates and removes one with
// createTemp, as writeCheckpoint would). Run calls it before it computes, so a bad path is not
// found only at the first checkpoint.
func checkWritable(path string) error {
	if fi, err := os.Stat(path); err == nil && fi.IsDir() {
		return &FileError{Path: path, Reason: "is a folder, not a file"}
	}
	f, err := createTemp(path)
	if err != nil {
		return &FileError{Path: path, Reason: "cannot create a temporary file", Err: err}
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
func writeCheckpoint(path, code string, vals []uint16, big []Big) error {
	fail := func(reason string, err error) error {
		return &FileError{Path: path, Reason: reason, Err: err}
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

// ReadFile reads the values of the checkpoint or spill file at path, and the code it was
// written for, checking the format and the checksums; direct is the largest value that the
// values hold themselves (65535 but in tests). The caller checks the code and the values
// against the rules. A spill file of more than MaxValues values gets a [*LimitError]; any
// other failure a [*FileError]. Memory grows with the bytes read, not with what the header
// claims.
func ReadFile(ctx context.Context, path string, direct int) (string, []uint16, []Big, error) {
	f, err := os.Open(path)
	if err != nil {
		return "", nil, nil, &FileError{Path: path, Reason: "cannot open", Err: err}
	}
	defer f.Close()
	var size int64 = -1
	if st, err := f.Stat(); err == nil && st.Mode().IsRegular() {
		size = st.Size()
	}
	var head [12]byte
	if _, err := io.ReadFull(f, head[:]); err == nil && string(head[:8]) == checkpointMagic &&
		slices.Contains(spillVersions, binary.LittleEndian.Uint32(head[8:])) {
		return readSpillAll(ctx, path, f, direct)
	}
	if _, err := f.Seek(0, io.SeekStart); err != nil {
		return "", nil, nil, &FileError{Path: path, Reason: "cannot read", Err: err}
	}
	code, vals, big, reason, err := decodeCheckpoint(f, size, direct)
	if err != nil {
		return "", nil, nil, &FileError{Path: path, Reason: reason, Err: err}
	}
	return code, vals, big, nil
}

// readSpillAll reads every value of the spill file f at path into memory: a run without Spill
// may resume from a spilled run's file of up to MaxValues values.
func readSpillAll(ctx context.Context, path string, f *os.File, direct int) (string, []uint16, []Big, error) {
	if _, err := f.Seek(0, io.SeekStart); err != nil {
		return "", nil, nil, &FileError{Path: path, Reason: "cannot read", Err: err}
	}
	var vals []uint16
	var big []Big
	sc, reason, err := scanSpill(f, direct, func(v []uint16, b []Big) error {
		if len(vals)+len(v) > MaxValues {
			return &LimitError{Question: "the values of " + path, Limit: MaxValues, Unit: "values",
				Advice: "resume a run this long with Spill"}
		}
		vals, big = append(vals, v...), append(big, b...)
		return ctx.Err()
	})
	if err != nil {
		if reason == "" {
			return "", nil, nil, err
		}
		return "", nil, nil, &FileError{Path: path, Reason: reason, Err: err}
	}
	return sc.code, vals, big, nil
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
func (w *checkpointWriter) commit(vals []uint16, big []Big) error {
	fail := func(reason string, err error) error {
		w.close()
		return &FileError{Path: w.path, Reason: reason, Err: err}
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
		return &FileError{Path: w.path, Reason: "cannot write", Err: err}
	}
	if err := os.Rename(f.Name(), w.path); err != nil {
		os.Remove(f.Name())
		return &FileError{Path: w.path, Reason: "cannot rename the temporary file", Err: err}
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

// WriteCheckpoint writes the values of s, of e's code, to path atomically: to a temporary file
// in the same folder, synced, then renamed over path, so that path always holds a whole
// checkpoint. A failure gets a [*FileError].
func (e *Engine) WriteCheckpoint(path string, s *Snapshot) error {
	return writeCheckpoint(path, e.pl.code, s.vals, s.big)
}

// WriteFile writes the values vals of code, with big their side table, to path as a
// checkpoint, atomically as [Engine.WriteCheckpoint] does.
func WriteFile(path, code string, vals []uint16, big []Big) error {
	return writeCheckpoint(path, code, vals, big)
}

// ReadFile reads the values of the checkpoint or spill file at path and the code it was
// written for, as [ReadFile] does, with e's largest value held in 16 bits.
func (e *Engine) ReadFile(ctx context.Context, path string) (string, []uint16, []Big, error) {
	return ReadFile(ctx, path, e.direct)
}

// Install makes vals, with big their side table, e's values, unless e has as many already or
// a proven period; the caller has checked them against the rules. The engines' state is
// rebuilt from them by the next extension. It returns ctx's error when ctx is done before e's
// lock is free.
func (e *Engine) Install(ctx context.Context, vals []uint16, big []Big) error {
	if err := e.acquire(ctx); err != nil {
		return err
	}
	defer e.release()
	s := e.load()
	if len(vals) <= len(s.vals) || s.period.Period > 0 {
		return nil
	}
	top := 0
	for i, w := range vals {
		top = max(top, valueOf(big, i, w))
	}
	e.sp, e.tri, e.ref = nil, nil, false // rebuilt from the new values by the next extension
	e.snap.Store(&Snapshot{vals: vals, big: big, max: top})
	return nil
}

// A Writer writes the checkpoints of one run of an engine ahead of time (see
// checkpointWriter): Add between the run's steps, Commit to save. It is used by one goroutine
// at a time.
type Writer struct{ w checkpointWriter }

// NewWriter returns the writer of e's checkpoints to path, removing first the temporary files
// that runs killed before left there.
func (e *Engine) NewWriter(path string) *Writer {
	removeTemps(path)
	return &Writer{w: checkpointWriter{path: path, code: e.pl.code}}
}

// Add appends the values of s beyond those written, looking at ctx between blocks and
// returning early once it is done. After an error the writer writes nothing more.
func (w *Writer) Add(ctx context.Context, s *Snapshot) error { return w.w.add(ctx, s.vals) }

// Commit saves the checkpoint of s to the writer's path, as [Engine.WriteCheckpoint] does, in
// little more than the time to write the values since the last Add. A failure gets a
// [*FileError].
func (w *Writer) Commit(s *Snapshot) error { return w.w.commit(s.vals, s.big) }

// Close removes the temporary file, if any.
func (w *Writer) Close() { w.w.close() }

// CheckWritable returns a [*FileError] when no checkpoint can be written to path: when it is
// a folder, or no temporary file can be created there (it creates and removes one).
func CheckWritable(path string) error { return checkWritable(path) }
