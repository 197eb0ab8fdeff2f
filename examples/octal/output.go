package main

import (
	"bufio"
	"context"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"hash"
	"io"
	"os"
	"strconv"
	"sync/atomic"
	"time"

	"github.com/octalgames/kayles"
)

// This file implements the outputs that read every value: -print, -bfile and -csv, the
// checksum of -json, and the files of -rare, -exceptions and -histogram.

// lineWriter writes numbers one per line through a buffer.
type lineWriter struct {
	w   io.Writer
	buf []byte // flushed once it holds more than lineBuffer-32 bytes
	err error
}

const lineBuffer = 1 << 16

func newLineWriter(w io.Writer) *lineWriter {
	return &lineWriter{w: w, buf: make([]byte, 0, lineBuffer)}
}

// lines holds the line of each value below 1024 as int writes it, its bytes from the lowest
// and their count in the top byte, so that int writes the values of most codes without a
// branch on their number of digits (which the values, mixed, make unpredictable).
var lines = func() (t [1024]uint64) {
	for v := range t {
		var b [8]byte
		line := strconv.AppendInt(b[:0], int64(v), 10)
		line = append(line, '\n')
		b[7] = byte(len(line))
		t[v] = binary.LittleEndian.Uint64(b[:])
	}
	return t
}()

func (l *lineWriter) int(v int) {
	if n := len(l.buf); uint(v) < uint(len(lines)) && n+8 <= cap(l.buf) {
		w := lines[v]
		binary.LittleEndian.PutUint64(l.buf[n:n+8], w)
		l.buf = l.buf[:n+int(w>>56)]
	} else {
		l.buf = strconv.AppendInt(l.buf, int64(v), 10)
		l.buf = append(l.buf, '\n')
	}
	if len(l.buf) > lineBuffer-32 {
		l.flush()
	}
}

// pair writes "a<sep>v".
func (l *lineWriter) pair(a, v int, sep byte) {
	l.buf = strconv.AppendInt(l.buf, int64(a), 10)
	l.buf = append(l.buf, sep)
	l.int(v)
}

// int3 writes "a b c".
func (l *lineWriter) int3(a, b, c int) {
	l.buf = strconv.AppendInt(l.buf, int64(a), 10)
	l.buf = append(l.buf, ' ')
	l.pair(b, c, ' ')
}

func (l *lineWriter) flush() error {
	if l.err == nil && len(l.buf) > 0 {
		_, l.err = l.w.Write(l.buf)
	}
	l.buf = l.buf[:0]
	return l.err
}

// writeValues writes G(0), ..., G(count-1) of o to w in format: "print" one value a line,
// "bfile" the OEIS b-file lines "n G(n)", "csv" a header and lines "n,G(n)". The values stream
// from o's cache (or its period), count is not bounded by memory.
func writeValues(ctx context.Context, o *kayles.Octal, count int, format string, w io.Writer) error {
	seq, err := o.Sequence(ctx, count)
	if err != nil {
		return err
	}
	lw := newLineWriter(w)
	switch format {
	case "print":
		for _, v := range seq {
			if lw.int(v); lw.err != nil {
				break
			}
		}
	case "bfile":
		for a, v := range seq {
			if lw.pair(a, v, ' '); lw.err != nil {
				break
			}
		}
	case "csv":
		lw.buf = append(lw.buf, "n,g\n"...)
		for a, v := range seq {
			if lw.pair(a, v, ','); lw.err != nil {
				break
			}
		}
	}
	return lw.flush()
}

// hashEvery is how often a -json run reads the values computed into the checksum of its report.
const hashEvery = 250 * time.Millisecond

// A valueHasher computes the SHA-256 of G(0), G(1), ... written as -print writes them, reading
// the values as the run computes them. It is used by one goroutine at a time.
type valueHasher struct {
	o  *kayles.Octal
	h  hash.Hash
	lw *lineWriter
	n  int // the values hashed

	hashed atomic.Int64 // n, for another goroutine
}

func newValueHasher(o *kayles.Octal) *valueHasher {
	h := sha256.New()
	return &valueHasher{o: o, h: h, lw: newLineWriter(h)}
}

// advance hashes the values up to G(upto-1), which are computed, and returns early, having
// hashed a prefix, once ctx is done.
func (v *valueHasher) advance(ctx context.Context, upto int) error {
	read := context.WithoutCancel(ctx) // the values are computed: Grundy reads them from the cache
	for ; v.n < upto; v.n++ {
		if v.n%(1<<16) == 0 && ctx.Err() != nil {
			v.hashed.Store(int64(v.n))
			return ctx.Err()
		}
		g, err := v.o.Grundy(read, v.n)
		if err != nil {
			return err
		}
		v.lw.int(g)
		if v.n%(1<<16) == 0 {
			v.hashed.Store(int64(v.n))
		}
	}
	v.hashed.Store(int64(v.n))
	return nil
}

// sum returns the SHA-256, in hexadecimal, of G(0), ..., G(count-1), reading those not hashed
// yet.
func (v *valueHasher) sum(ctx context.Context, count int) (string, error) {
	if v.n > count {
		return valuesChecksum(ctx, v.o, count)
	}
	if err := v.advance(ctx, count); err != nil {
		return "", err
	}
	v.lw.flush()
	return hex.EncodeToString(v.h.Sum(nil)), nil
}

// valuesChecksum returns the SHA-256, in hexadecimal, of G(0), ..., G(count-1) written as
// -print writes them.
func valuesChecksum(ctx context.Context, o *kayles.Octal, count int) (string, error) {
	h := sha256.New()
	if err := writeValues(ctx, o, count, "print", h); err != nil {
		return "", err
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

// writeFile writes a file through write, and reports the first error of either.
func writeFile(path string, write func(io.Writer) error) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	bw := bufio.NewWriterSize(f, 1<<16)
	err = write(bw)
	if ferr := bw.Flush(); err == nil {
		err = ferr
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

// writeRare writes the rare heaps a >= 1 of the report's split, "heap value" a line, after a
// comment line that names the split.
func writeRare(ctx context.Context, o *kayles.Octal, r kayles.Report, w io.Writer) error {
	if !r.Sparse {
		_, err := fmt.Fprintf(w, "# %s: no rare/common split, the code is outside the sparse-space engine\n", r.Code)
		return err
	}
	fmt.Fprintf(w, "# %s: heaps a in 1..%d with popcount(G(a)&%#x) + %d*(a-%d) even: %d heaps\n",
		r.Code, r.Values-1, r.Mask, r.Parity, r.ParityFrom, r.RareCount)
	seq, err := o.Sequence(ctx, r.Values)
	if err != nil {
		return err
	}
	lw := newLineWriter(w)
	for a, v := range seq {
		if r.IsRare(a, v) {
			lw.pair(a, v, ' ')
		}
	}
	return lw.flush()
}

// writeExceptions writes the heaps below the proven preperiod n0 whose value differs from the
// periodic continuation: G(a) != G(a+k·p) - k·s, k the least with a+k·p >= n0. Each line is
// "heap value periodic_value".
func writeExceptions(ctx context.Context, o *kayles.Octal, r kayles.Report, w io.Writer) error {
	p := r.Period
	if p.Period == 0 {
		_, err := fmt.Fprintf(w, "# %s: no period proven within %d values, so no exceptions to list\n", r.Code, r.Values)
		return err
	}
	fmt.Fprintf(w, "# %s: %s; heaps below %d whose value differs from the period's\n", r.Code, p, p.Preperiod)
	lw := newLineWriter(w)
	for a := range p.Preperiod {
		k := (p.Preperiod - a + p.Period - 1) / p.Period
		v, err := o.Grundy(ctx, a)
		if err != nil {
			return err
		}
		c, err := o.Grundy(ctx, a+k*p.Period)
		if err != nil {
			return err
		}
		if c -= k * p.Saltus; v != c {
			lw.int3(a, v, c)
		}
	}
	return lw.flush()
}

// writeHistograms writes, at every power of two n up to count and at count itself, how many
// heaps below n have each value: "n value count" for each value that occurs.
func writeHistograms(ctx context.Context, o *kayles.Octal, count int, w io.Writer) error {
	seq, err := o.Sequence(ctx, count)
	if err != nil {
		return err
	}
	var hist []int
	top := -1
	lw := newLineWriter(w)
	dump := func(n int) {
		for v := 0; v <= top; v++ {
			if hist[v] > 0 {
				lw.int3(n, v, hist[v])
			}
		}
	}
	for a, v := range seq {
		if v >= len(hist) {
			hist = append(hist, make([]int, v+1-len(hist))...)
		}
		hist[v]++
		top = max(top, v)
		if n := a + 1; n&(n-1) == 0 || n == count {
			dump(n)
		}
	}
	return lw.flush()
}
