package engine

import (
	"bytes"
	"errors"
	"io"
	"testing"
)

// This file holds the fuzz targets of the file formats.

// encodeSpill writes code, vals and big, their side table, in the spill format of version
// (2 or 4), as a run writes them: whole records, then the last values in a short one.
func encodeSpill(code string, version uint32, vals []uint16, big []Big) []byte {
	b := spillHeader(code, version)
	crc := crc32Tail(b)
	for i := 0; i < len(vals); i += spillRecord {
		end := min(i+spillRecord, len(vals))
		in := bigBelow(big, end)
		b, crc = appendRecord(b, crc, vals[i:end], i, in[len(bigBelow(in, i)):])
	}
	return b
}

// scanAll reads a spill file: its code, its version, its values and their side table, and
// whether a last record cut short was left out.
func scanAll(r io.Reader) (code string, version uint32, vals []uint16, big []Big, torn bool, reason string, err error) {
	sc, reason, err := scanSpill(r, maxValue, func(v []uint16, b []Big) error {
		vals, big = append(vals, v...), append(big, b...)
		return nil
	})
	return sc.code, sc.version, vals, big, sc.torn, reason, err
}

// FuzzCheckpoint feeds arbitrary bytes to the checkpoint reader: it must return a checkpoint
// or an error wrapping ErrFormat, never panic, and what it returns must encode back to the
// same bytes.
func FuzzCheckpoint(f *testing.F) {
	var good bytes.Buffer
	if err := encodeCheckpoint(&good, "0.77", []uint16{0, 1, 2, 3, 1, 4, 3, 2}, nil); err != nil {
		f.Fatal(err)
	}
	f.Add(good.Bytes())
	var large bytes.Buffer // version 3, with a table of values above 65535
	if err := encodeCheckpoint(&large, "0.7[3]", []uint16{0, 1, 0xFFFF, 0xFFFF, 7}, []Big{{2, 70000}, {3, 1 << 40}}); err != nil {
		f.Fatal(err)
	}
	f.Add(large.Bytes())
	f.Add(good.Bytes()[:20])
	f.Add([]byte("KAYLESCP\x01\x00\x00\x00\x04\x00\x00\x000.77\xff\xff\xff\xff\xff\xff\xff\xff"))
	f.Add([]byte{})
	f.Fuzz(func(t *testing.T, data []byte) {
		code, vals, big, reason, err := decodeCheckpoint(bytes.NewReader(data), -1, maxValue)
		if err != nil {
			if !errors.Is(err, ErrFormat) {
				t.Fatalf("error %v does not wrap ErrFormat", err)
			}
			if reason == "" {
				t.Fatal("an error without a reason")
			}
			return
		}
		var b bytes.Buffer
		if err := encodeCheckpoint(&b, code, vals, big); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(b.Bytes(), data) {
			t.Fatalf("decoded %q with %d values, which encode to other bytes", code, len(vals))
		}
	})
}

// FuzzSpill checks the spill format: any bytes are read without a panic, as a file that
// encodes again to a prefix of them (a last record cut short left out) or with an error that
// wraps ErrFormat and gives a reason.
func FuzzSpill(f *testing.F) {
	vals := make([]uint16, 5000)
	for i := range vals {
		vals[i] = uint16(i * 7 % 31)
	}
	good := encodeSpill("0.6", 4, vals, nil)
	f.Add(good)
	f.Add(good[:100])
	f.Add(good[:len(good)-3])
	f.Add(encodeSpill("0.77", 2, []uint16{0, 1, 2}, nil))
	vals[4100], vals[4200], vals[4999] = 0xFFFF, 0xFFFF, 0xFFFF
	large := encodeSpill("0.7[3]", 4, vals, []Big{{4100, 70000}, {4999, 1 << 40}})
	f.Add(large)
	f.Add(large[:len(large)-5])
	f.Add([]byte{})
	f.Fuzz(func(t *testing.T, data []byte) {
		code, version, vals, big, torn, reason, err := scanAll(bytes.NewReader(data))
		if err != nil {
			if !errors.Is(err, ErrFormat) {
				t.Fatalf("error %v does not wrap ErrFormat", err)
			}
			if reason == "" {
				t.Fatal("an error without a reason")
			}
			return
		}
		b := encodeSpill(code, version, vals, big)
		if !bytes.HasPrefix(data, b) || (!torn && len(b) != len(data)) {
			t.Fatalf("read %q with %d values (torn %v), which encode to other bytes", code, len(vals), torn)
		}
	})
}
