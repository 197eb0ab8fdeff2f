package kayles

import (
	"bufio"
	"context"
	"encoding/binary"
	"errors"
	"hash/crc32"
	"io"
	"os"
	"path/filepath"
	"strconv"
)

// This file implements checkpoints: the values of a long computation saved to a file, read back
// only when they are intact and belong to the same rule set.

// The checkpoint format, version 1, all integers little-endian:
//
//	magic    8 bytes  "KAYLESCP"
//	version  uint32   1
//	codeLen  uint32   length of the code, at most 4·64+2
//	code     codeLen bytes, the canonical octal code
//	n        uint64   number of values, at most MaxValues
//	values   n uint16 values G(0), ..., G(n-1)
//	crc      uint32   CRC-32C (Castagnoli) of every byte before it
//
// Nothing may follow the checksum.
const (
	checkpointMagic   = "KAYLESCP"
	checkpointVersion = 1
	maxCodeLen        = 4*maxDigits + 2
)

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// encodeCheckpoint writes code and vals in the checkpoint format.
func encodeCheckpoint(w io.Writer, code string, vals []uint16) error {
	h := crc32.New(castagnoli)
	bw := bufio.NewWriterSize(io.MultiWriter(w, h), 1<<16)
	var hdr []byte
	hdr = append(hdr, checkpointMagic...)
	hdr = binary.LittleEndian.AppendUint32(hdr, checkpointVersion)
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
	if err := bw.Flush(); err != nil {
		return err
	}
	_, err := w.Write(binary.LittleEndian.AppendUint32(nil, h.Sum32()))
	return err
}

// decodeCheckpoint reads a checkpoint. It returns a reason fit for a [CheckpointError] and
// ErrCheckpoint or an I/O error. Memory grows only with the bytes actually read, so a short
// file that claims many values costs little; but when size, the reader's length in bytes, is
// exactly what the header announces, the values go straight into one array with room for n/8
// more, so that a long run resumes without copying them.
func decodeCheckpoint(r io.Reader, size int64) (code string, vals []uint16, reason string, err error) {
	h := crc32.New(castagnoli)
	br := bufio.NewReaderSize(r, 1<<16)
	tr := io.TeeReader(br, h)
	bad := func(why string) (string, []uint16, string, error) { return "", nil, why, ErrCheckpoint }
	var head [16]byte
	if _, err := io.ReadFull(tr, head[:]); err != nil {
		if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
			return bad("not a kayles checkpoint (too short)")
		}
		return "", nil, "cannot read", err
	}
	if string(head[:8]) != checkpointMagic {
		return bad("not a kayles checkpoint")
	}
	if v := binary.LittleEndian.Uint32(head[8:]); v != checkpointVersion {
		return bad("format version " + strconv.FormatUint(uint64(v), 10) + " is not supported (this library reads version 1)")
	}
	codeLen := binary.LittleEndian.Uint32(head[12:])
	if codeLen == 0 || codeLen > maxCodeLen {
		return bad("damaged: bad code length")
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
	if int64(n) == (size-int64(len(head))-int64(len(cb))-4)/2 {
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
			return "", nil, "cannot read", err
		}
		return bad("damaged: data after the checksum")
	}
	return code, vals, "", nil
}

func truncated(err error) (string, []uint16, string, error) {
	if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
		return "", nil, "damaged: the file is truncated", ErrCheckpoint
	}
	return "", nil, "cannot read", err
}

// writeCheckpoint writes code and vals to path atomically: to a temporary file in the same
// folder, synced, then renamed over path, so that path always holds a whole checkpoint.
func writeCheckpoint(path, code string, vals []uint16) error {
	fail := func(reason string, err error) error {
		return &CheckpointError{Path: path, Reason: reason, Err: err}
	}
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".tmp*")
	if err != nil {
		return fail("cannot create a temporary file", err)
	}
	tmp := f.Name()
	defer os.Remove(tmp) // fails harmlessly once renamed
	if err := encodeCheckpoint(f, code, vals); err != nil {
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
// last one against the rules), so that a file forged with a valid checksum is refused too.
func (o *plan) readCheckpoint(ctx context.Context, path string) ([]uint16, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, &CheckpointError{Path: path, Reason: "cannot open", Err: err}
	}
	defer f.Close()
	var size int64 = -1
	if st, err := f.Stat(); err == nil && st.Mode().IsRegular() {
		size = st.Size()
	}
	code, vals, reason, err := decodeCheckpoint(f, size)
	if err != nil {
		return nil, &CheckpointError{Path: path, Reason: reason, Err: err}
	}
	if code != o.code {
		return nil, &CheckpointError{Path: path, Reason: "written for " + strconv.Quote(code) + ", not for " + o.code, Err: ErrCheckpoint}
	}
	i, err := o.firstWrong(ctx, vals)
	if err != nil {
		return nil, err
	}
	if i >= 0 {
		return nil, &CheckpointError{Path: path, Reason: "damaged: G(" + strconv.Itoa(i) + ") does not follow the rules of " + o.code, Err: ErrCheckpoint}
	}
	return vals, nil
}

// firstWrong returns the index of a value of vals that the reference mex contradicts, checking
// the first 2048 values and the last one, or -1. It costs O(2048²·t + n·t). With flag 8 (O(n²)
// per value) it checks only the first 256 values, and the general engine only as many as
// 2^24 steps check. It returns ctx's error when ctx is done first.
func (o *plan) firstWrong(ctx context.Context, vals []uint16) (int, error) {
	seen := make([]uint64, 1<<16/64+2)
	head, last := 2048, true
	if !o.plain || o.heaps >= 3 {
		head, last = 256, false
	}
	b := newBudget(ctx, 1<<24, "steps", func() string { return "checking a checkpoint" })
	for i := range min(len(vals), head) {
		if i%64 == 0 && b.done() {
			return -1, ctx.Err()
		}
		v := o.mex(vals, i, seen, b)
		if v < 0 {
			break // the general engine's check is spent: the rest is trusted to the checksum
		}
		if v != int(vals[i]) {
			return i, nil
		}
	}
	if err := ctx.Err(); err != nil {
		return -1, err
	}
	if i := len(vals) - 1; last && i >= head && o.mex(vals, i, seen, nil) != int(vals[i]) {
		return i, nil
	}
	return -1, nil
}
