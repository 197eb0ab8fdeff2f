package engine

import (
	"math/bits"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// userTime returns the process's user CPU time, which on a machine shared with other work is
// steadier than wall time.
func userTime() time.Duration {
	var u syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &u); err != nil {
		return 0
	}
	return time.Duration(u.Utime.Nano())
}

// BenchmarkSparseMex times the one-core rare/common mex alone on 1,024 heaps past 2^18 values
// of each code, with the values already known; user-ns/heap is user CPU time.
func BenchmarkSparseMex(b *testing.B) {
	for _, code := range []string{"0.6", "4!.0", "0.1777", "0.354"} {
		b.Run("code="+code, func(b *testing.B) {
			const n, heaps = 1 << 18, 1024
			o := freshOctal(code)
			if _, err := o.Values(ctx, n+heaps); err != nil {
				b.Fatal(err)
			}
			g, s, pl := o.eng.load().vals, o.eng.sp, o.plan()
			words := 64<<bits.Len(uint(o.eng.load().max)>>6)/64 + 1
			u := userTime()
			for b.Loop() {
				for h := n; h < n+heaps; h++ {
					if v := s.mex(pl, g[:h], words); v != int(g[h]) {
						b.Fatalf("G(%d) = %d, not %d", h, v, g[h])
					}
				}
			}
			b.ReportMetric(float64(userTime()-u)/float64(b.N*heaps), "user-ns/heap")
		})
	}
}

// blockValues returns G(0..n-1) computed from scratch by the block engine, in blocks of size
// heaps from heap from on, with the mask and parity bit chosen as usual (c < 0) or fixed from
// the first value on, however poor they are.
func blockValues(o *Octal, n, size, from int, mask uint16, c int) []uint16 {
	s := newSparse(o.plan(), nil)
	s.blk.size, s.blk.from = size, from
	if c >= 0 {
		s.on, s.mask, s.c = true, mask, c
		s.chooseAt, s.rareAt = 1<<62, 1<<62
	}
	g, _, _ := s.extend(o.plan(), make([]uint16, 0, n), n, 0)
	return g
}

// pairBlockValues is blockValues for the two-core engine: two goroutines in every window from
// heap from on (the engine waiting for the helper to join), three for odd sizes, in blocks of
// size heaps. It adds to helped the number of heaps the helpers computed.
func pairBlockValues(t *testing.T, o *Octal, n, size, from int, mask uint16, c int, helped *int) []uint16 {
	o = paired(t, o, from)
	o.eng.pairs.cores = 2 + size%2
	s := newSparse(o.plan(), nil)
	o.eng.sp = s
	s.blk.size, s.blk.from = size, from
	if c >= 0 {
		s.on, s.mask, s.c = true, mask, c
		s.chooseAt, s.rareAt = 1<<62, 1<<62
	}
	g, _, _ := o.eng.extendPairs(make([]uint16, 0, n), n, 0, nil)
	*helped += s.two.stats.paired
	return g
}

// TestBlocksMatchReference compares the block engine, in blocks of 16 and of 1 to 5 heaps from
// heap 2 on, and the two-core engine, in blocks of the same sizes with two goroutines from heap
// 8 on, and both scanning in planned order from 64 values on (smallPlans), with the reference
// mex: every 1- to 3-digit code whose moves leave two heaps to 2^16 values with -long (about
// two hours of CPU), a sample of them to 2^12 without.
func TestBlocksMatchReference(t *testing.T) {
	n, every := 1<<12, 7
	if raceEnabled {
		n, every = 1<<10, 31
	}
	if *long {
		n, every = 1<<16, 1
	}
	codes := shortCodes()
	sizes := []int{blockLanes, 1, 2, 3, 4, 5}
	helped := 0        // heaps computed by the two-core engine's helper
	var planned [2]int // codes computed with a plan for each class of searched values
	for k := 0; k < len(codes); k += every {
		code := codes[k]
		o := freshOctal(code)
		if o.plan().heaps != 2 {
			continue
		}
		size := sizes[k%len(sizes)]
		want := referenceValues(o, n)
		got := blockValues(o, n, size, 2, 0, -1)
		require.Equal(t, want, got, "%s in blocks of %d", code, size)
		if size != blockLanes {
			require.Equal(t, want, blockValues(o, n, blockLanes, 2, 0, -1), "%s in blocks of %d", code, blockLanes)
		}
		require.Equal(t, want, pairBlockValues(t, freshOctal(code), n, size, 8, 0, -1, &helped), "%s in pairs, blocks of %d", code, size)
		got, made := plannedValues(t, freshOctal(code), n, smallPlans, false)
		require.Equal(t, want, got, "%s in planned order", code)
		got, _ = plannedValues(t, freshOctal(code), n, smallPlans, true)
		require.Equal(t, want, got, "%s in pairs, in planned order", code)
		for c := range made {
			if made[c] > 0 {
				planned[c]++
			}
		}
	}
	assert.Positive(t, helped, "no heap computed by the helper")
	assert.Greater(t, planned[0], 10, "codes scanned in planned order")
	assert.Positive(t, planned[1], "codes with a parity bit scanned in planned order")
}

// TestBlocksAnyMask checks that the block engine and the two-core engine (two goroutines from
// heap 2 on) give exact values under every mask and parity bit, however poor, in blocks of
// every size up to 16 from heap 2 on.
func TestBlocksAnyMask(t *testing.T) {
	codes := []string{"0.6", "0.77", "0.16", "0.1777", "0.354", "0.376", "4.7", "0.4", "0.06", "0.64", "4.44", "0.446",
		"4!.0", "4?.7", "0.4!6", "0.6=4", "4=.1"}
	masks := []uint16{0, 1, 3, 6, 0x55, 0xff, 0x1ee, 0xffff}
	const n = 900
	helped := 0 // heaps computed by the two-core engine's helper
	for _, code := range codes {
		o := freshOctal(code)
		if o.plan().heaps != 2 {
			continue
		}
		want := referenceValues(o, n)
		if len(o.plan().unequal) > 0 || len(o.plan().equal) > 0 {
			want = generalValues(o, n)
		}
		canParity := newSparse(o.plan(), nil).canParity
		for k, mask := range masks {
			for c := range 2 {
				if c == 1 && !canParity {
					continue
				}
				size := 1 + (k*2+c)%blockLanes
				require.Equal(t, want, blockValues(o, n, size, 2, mask, c), "%s mask %#x c %d blocks of %d", code, mask, c, size)
				require.Equal(t, want, blockValues(o, n, blockLanes, 2, mask, c), "%s mask %#x c %d", code, mask, c)
				require.Equal(t, want, pairBlockValues(t, freshOctal(code), n, size, 2, mask, c, &helped),
					"%s in pairs, mask %#x c %d blocks of %d", code, mask, c, size)
			}
		}
	}
	assert.Positive(t, helped, "no heap computed by the helper")
}

// TestMirror checks the mirror of the recent values against the values themselves as they
// grow by steps of every size, far behind included.
func TestMirror(t *testing.T) {
	g := make([]uint16, 5*mirrorWindow)
	for i := range g {
		g[i] = uint16(i*2654435761>>7) ^ uint16(i)
	}
	var m mirror
	steps := []int{1, 3, 1, mirrorWindow - 5, 7, 1, 2*mirrorWindow + 1, 1, 100, mirrorWindow / 2}
	n := 0
	for i := 0; n < len(g); i++ {
		n = min(len(g), n+steps[i%len(steps)])
		m.sync(g[:n], 0)
		for _, k := range []int{n - 1, n - 2, n / 2} {
			lo := 1 + i%5
			if k <= lo {
				continue
			}
			y, end := m.parts(k, lo, k)
			require.LessOrEqual(t, end, k)
			require.Len(t, y, max(0, end-lo))
			for j, v := range y {
				require.Equal(t, g[k-lo-j], v, "n %d k %d a %d", n, k, lo+j)
			}
			if k-lo >= 0 && k-lo < n && k-lo >= n-mirrorWindow {
				require.Greater(t, end, lo, "n %d k %d: the last values are held", n, k)
			}
		}
	}
}

// BenchmarkSparseValues computes 98,304 values of each code from scratch on one core; under
// valgrind --tool=callgrind --toggle-collect='*sparseValues*' it counts the instructions.
func BenchmarkSparseValues(b *testing.B) {
	for _, code := range []string{"0.6", "4!.0", "0.1777", "0.354", "0.376", "0.16"} {
		b.Run("code="+code, func(b *testing.B) {
			u := userTime()
			for b.Loop() {
				sparseValues(b, code, 1<<16+1<<15)
			}
			b.ReportMetric(float64(userTime()-u)/float64(b.N*(1<<16+1<<15)), "user-ns/value")
		})
	}
}

//go:noinline
func sparseValues(b *testing.B, code string, n int) {
	o := freshOctal(code)
	o.eng.pairs.from = MaxValues + 1 // one core
	if _, err := o.Values(ctx, n); err != nil {
		b.Fatal(err)
	}
}

// BenchmarkMarkLanes times the block engine's bulk marking alone on Officers' values and rare
// heaps past 2^18 values: user-ns/pair is user CPU time a pair (r, m-r) marked.
func BenchmarkMarkLanes(b *testing.B) {
	const n = 1 << 18
	o := freshOctal("0.6")
	o.eng.pairs.from = MaxValues + 1 // one core: the rare heaps are in o.eng.sp
	if _, err := o.Values(ctx, n); err != nil {
		b.Fatal(err)
	}
	g, rare := o.eng.load().vals, o.eng.sp.rare
	rare = rare[:rareBelow(rare, n-blockLanes)]
	lanes := new([blockLanes][markSize]uint8)
	u, pairs := userTime(), 0
	for b.Loop() {
		for m0 := n - 64; m0 < n-blockLanes; m0 += 7 {
			k := rareBelow(rare, m0)
			markLanes(lanes, g, m0, rare[:k], uint8(m0))
			pairs += blockLanes * k
		}
	}
	b.ReportMetric(float64(userTime()-u)/float64(pairs), "user-ns/pair")
}
