package kayles

import "io"

// This file exposes internals to the tests of package kayles.

// referenceValues returns G(0..n-1) computed from scratch by the reference engine (the
// quadratic mex that lists every option), without touching o's cache.
func referenceValues(o *Octal, n int) []uint16 {
	g := make([]uint16, 0, n)
	seen := make([]uint64, 1<<16/64+1)
	for len(g) < n {
		v := o.mex(g, len(g), seen)
		if v > maxValue {
			break
		}
		g = append(g, uint16(v))
	}
	return g
}

// fixedMaskValues returns G(0..n-1) computed by the rare/common engine with the mask and
// parity bit fixed from the first value on, however poor they are.
func fixedMaskValues(o *Octal, n int, mask uint16, c int) []uint16 {
	s := newSparse(o, nil)
	s.on, s.mask, s.c = true, mask, c
	s.chooseAt, s.rareAt = 1<<62, 1<<62
	g := make([]uint16, 0, n)
	top := 0
	for len(g) < n {
		v := s.next(o, g, top)
		if v > maxValue {
			break
		}
		g = append(g, uint16(v))
		top = max(top, v)
	}
	return g
}

// sparseState reports the rare/common engine's mask, parity bit, whether it is in use and how
// many times it was chosen, for o's cache.
func sparseState(o *Octal) (mask uint16, c int, on bool, choices int) {
	o.eng.mu.Lock()
	defer o.eng.mu.Unlock()
	if s := o.eng.sp; s != nil {
		return s.mask, s.c, s.on, s.choices
	}
	return 0, 0, false, 0
}

// DecodeCheckpoint and EncodeCheckpoint expose the checkpoint format to the fuzz tests.
func DecodeCheckpoint(r io.Reader) (code string, vals []uint16, reason string, err error) {
	return decodeCheckpoint(r, -1)
}

func EncodeCheckpoint(w io.Writer, code string, vals []uint16) error {
	return encodeCheckpoint(w, code, vals)
}
