package table_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/octalgames/kayles"
	"github.com/octalgames/kayles/table"
)

// Benchmarks of the tables.

var ctx = context.Background()

// BenchmarkTableHint measures Hint in a won position (a full row) and in a lost one (a row
// of odd length with its middle pin down: two equal rows).
func BenchmarkTableHint(b *testing.B) {
	for _, n := range []int{table.Small, table.Large, 101, table.MaxPins - 1} {
		won, _ := table.NewKayles(table.Normal, n)
		lost, _ := table.NewKayles(table.Normal, n)
		if err := lost.Knock(n/2 + 1); err != nil {
			b.Fatal(err)
		}
		for _, c := range []struct {
			name string
			t    *table.Kayles
		}{{"won", won}, {"lost", lost}} {
			b.Run(fmt.Sprintf("%s/n=%d", c.name, n), func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					c.t.Hint(ctx)
				}
			})
		}
	}
}

// BenchmarkComputerKayles measures a move of each computer level at a lost row of 999 pins
// and at a full one: PlayKayles, and the Undo that sets the table back.
func BenchmarkComputerKayles(b *testing.B) {
	lost, _ := table.NewKayles(table.Normal, table.MaxPins-1)
	if err := lost.Knock(table.MaxPins / 2); err != nil {
		b.Fatal(err)
	}
	full, _ := table.NewKayles(table.Normal, table.MaxPins-1)
	for _, level := range []table.Level{table.Perfect, table.Symmetry, table.Random} {
		c := table.Computer{Level: level, Seed: 1}
		for name, t := range map[string]*table.Kayles{"lost": lost, "full": full} {
			b.Run(fmt.Sprintf("%v/%s/n=%d", level, name, t.Size()), func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					if _, _, err := c.PlayKayles(ctx, t); err != nil {
						b.Fatal(err)
					}
					if err := t.Undo(); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}

// BenchmarkNimTableHint measures Hint on Nim tables of 4 and 100 heaps, in misère and normal
// play, won and lost (lost: pairs of equal heaps), with small heaps (1, 1, 2, 2, ...) and with
// heaps of up to MaxNimHeap objects (1000, 1000, 999, 999, ...). A lost position's hint looks
// at every one-object move and its replies.
func BenchmarkNimTableHint(b *testing.B) {
	for _, misere := range []bool{true, false} {
		play := map[bool]string{true: "misere", false: "normal"}[misere]
		for _, size := range []string{"small", "max=1000"} {
			for _, h := range []int{4, table.MaxHeaps} {
				heaps := make([]int, h)
				for i := range heaps {
					heaps[i] = 1 + i/2
					if size != "small" {
						heaps[i] = table.MaxHeapSize - i/2
					}
				}
				lost, _ := table.NewNim(conv(misere), heaps...)
				heaps[h-1]--
				won, _ := table.NewNim(conv(misere), heaps...)
				for _, c := range []struct {
					name string
					t    *table.Nim
				}{{"won", won}, {"lost", lost}} {
					b.Run(fmt.Sprintf("%s/%s/%s/heaps=%d", play, c.name, size, h), func(b *testing.B) {
						b.ReportAllocs()
						for b.Loop() {
							c.t.Hint(ctx)
						}
					})
				}
			}
		}
	}
}

// BenchmarkComputerNim measures the perfect computer's move on a misère Nim table of 100
// heaps of up to 1000 objects, won and lost: PlayNim, and the Undo that sets the table back.
func BenchmarkComputerNim(b *testing.B) {
	heaps := make([]int, table.MaxHeaps)
	for i := range heaps {
		heaps[i] = table.MaxHeapSize - i/2
	}
	lost, _ := table.NewNim(table.Misere, heaps...)
	heaps[len(heaps)-1]--
	won, _ := table.NewNim(table.Misere, heaps...)
	c := table.Computer{Level: table.Perfect, Seed: 1}
	for _, tc := range []struct {
		name string
		t    *table.Nim
	}{{"won", won}, {"lost", lost}} {
		b.Run(tc.name+"/heaps=100", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, _, err := c.PlayNim(ctx, tc.t); err != nil {
					b.Fatal(err)
				}
				if err := tc.t.Undo(); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkTableText measures restoring a finished game of 999 pins from its text form.
func BenchmarkTableText(b *testing.B) {
	t, _ := table.NewKayles(table.Normal, table.MaxPins-1)
	for p := 1; p < table.MaxPins; p++ {
		if err := t.Knock(p); err != nil {
			b.Fatal(err)
		}
	}
	text, _ := t.MarshalText()
	b.ReportAllocs()
	for b.Loop() {
		var back table.Kayles
		if err := back.UnmarshalText(text); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkGeneralHint measures Table.Hint for rule sets on rows and heaps, in a won
// position (a full row) and a lost one (two equal rows, or heaps of nim-sum 0).
func BenchmarkGeneralHint(b *testing.B) {
	for _, bc := range []struct {
		name string
		s    table.Setup
	}{
		{"kayles/won/n=999", table.Setup{Start: []int{999}}},
		{"kayles/lost/n=2x499", table.Setup{Start: []int{499, 499}}},
		{"dawsons/lost/n=2x100", table.Setup{Rules: kayles.DawsonsKayles, Start: []int{100, 100}}},
		{"nim/lost/heaps=100", table.Setup{Rules: kayles.Nim, Layout: table.Heaps, Start: nimHeaps(100)}},
	} {
		b.Run(bc.name, func(b *testing.B) {
			tb, err := table.New(bc.s)
			if err != nil {
				b.Fatal(err)
			}
			b.ReportAllocs()
			for b.Loop() {
				if _, _, err := tb.Hint(ctx); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// nimHeaps returns n heaps of nim-sum 0: pairs of equal heaps.
func nimHeaps(n int) []int {
	hs := make([]int, n)
	for i := range hs {
		hs[i] = 1 + i/2%1000
	}
	return hs
}

// BenchmarkComputerPlay measures a whole game of 13+13 pins of Kayles between two
// computers of a level, through Computer.Play.
func BenchmarkComputerPlay(b *testing.B) {
	for _, l := range []table.Level{table.Random, table.Fair, table.Perfect} {
		b.Run("level="+l.String(), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				tb, _ := table.New(table.Setup{Start: []int{13, 13}})
				c := table.Computer{Level: l, Seed: 1}
				for {
					if _, _, err := c.Play(ctx, tb); err != nil {
						break
					}
				}
			}
		})
	}
}

// BenchmarkComputerPastLimit measures the first move of a Perfect seat on a row of misère
// Dawson's Kayles (0.07) that no search solves, 1000 pins: a search for a winning move that
// reaches its limit, then the moves' outcomes within their share and the best move found.
func BenchmarkComputerPastLimit(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		tb, err := table.New(pastLimitSetup(table.MaxPins))
		if err != nil {
			b.Fatal(err)
		}
		if _, v, err := tb.PlayComputer(ctx); err != nil || v != table.Unproven {
			b.Fatal(v, err)
		}
	}
}
