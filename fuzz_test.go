package kayles_test

import (
	"bytes"
	"errors"
	"testing"

	"github.com/octalgames/kayles"
)

// FuzzCheckpoint feeds arbitrary bytes to the checkpoint reader: it must return a checkpoint
// or an error wrapping ErrCheckpoint, never panic, and what it returns must encode back to the
// same bytes.
func FuzzCheckpoint(f *testing.F) {
	var good bytes.Buffer
	if err := kayles.EncodeCheckpoint(&good, "0.77", []uint16{0, 1, 2, 3, 1, 4, 3, 2}); err != nil {
		f.Fatal(err)
	}
	f.Add(good.Bytes())
	f.Add(good.Bytes()[:20])
	f.Add([]byte("KAYLESCP\x01\x00\x00\x00\x04\x00\x00\x000.77\xff\xff\xff\xff\xff\xff\xff\xff"))
	f.Add([]byte{})
	f.Fuzz(func(t *testing.T, data []byte) {
		code, vals, reason, err := kayles.DecodeCheckpoint(bytes.NewReader(data))
		if err != nil {
			if !errors.Is(err, kayles.ErrCheckpoint) {
				t.Fatalf("error %v does not wrap ErrCheckpoint", err)
			}
			if reason == "" {
				t.Fatal("an error without a reason")
			}
			return
		}
		var b bytes.Buffer
		if err := kayles.EncodeCheckpoint(&b, code, vals); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(b.Bytes(), data) {
			t.Fatalf("decoded %q with %d values, which encode to other bytes", code, len(vals))
		}
	})
}
