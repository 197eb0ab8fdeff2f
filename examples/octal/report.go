package main

import (
	"fmt"
	"runtime"
	"runtime/debug"
	"strconv"

	"github.com/octalgames/kayles"
)

// This file implements the report of a run: as text, and as JSON with the build that
// computed it.

// jsonReport is the report as JSON: period, preperiod and saltus are null when no period is
// proven; saltus is 0 for a periodic game and s for an arithmetic-periodic one, G(n+p) = G(n)+s.
// The fields of the rare/common split (mask to last_rare) are absent for a code outside it
// (sparse false); apparent is null unless the values show a period that is not proven.
// values_sha256 is the SHA-256 of G(0), ..., G(values-1) written as -print writes them, one
// decimal value a line: octal -code C -n V -print | sha256sum gives it for a run of V values.
// max_value and max_at are over the values computed; with a positive saltus the values past
// them grow without bound. last_new is the last heap whose value no smaller heap has: any
// period of saltus 0 has preperiod + period > last_new (see kayles.Report.LastNew).
// printed_values and printed_sha256, present with -print, -bfile or -csv, are the count and
// the SHA-256 of the bytes written to standard output.
type jsonReport struct {
	Code           string            `json:"code"`
	Values         int               `json:"values"`
	Preperiod      *int              `json:"preperiod"`
	Period         *int              `json:"period"`
	Saltus         *int              `json:"saltus"`
	Apparent       *jsonPeriod       `json:"apparent"`
	Sparse         bool              `json:"sparse"`
	Mask           *uint16           `json:"mask,omitempty"`
	Parity         *int              `json:"parity,omitempty"`
	ParityFrom     *int              `json:"parity_from,omitempty"`
	RareCount      *int              `json:"rare_count,omitempty"`
	LastRare       *int              `json:"last_rare,omitempty"`
	MaxValue       int               `json:"max_value"`
	MaxAt          int               `json:"max_at"`
	LastNew        int               `json:"last_new"`
	ElapsedSeconds float64           `json:"elapsed_seconds"`
	ValuesSHA256   string            `json:"values_sha256"`
	PrintedValues  *int              `json:"printed_values,omitempty"`
	PrintedSHA256  string            `json:"printed_sha256,omitempty"`
	Args           []string          `json:"args"`   // the command's arguments, as given
	Params         map[string]string `json:"params"` // every flag's value, defaults included
	Build          buildInfo         `json:"build"`
}

// jsonPeriod is an apparent period: it fits the values computed, and no theorem proves it.
type jsonPeriod struct {
	Preperiod int `json:"preperiod"`
	Period    int `json:"period"`
	Saltus    int `json:"saltus"`
}

// buildInfo names the build of the library that computed a report, from the binary's build
// information: the module's version ("(devel)" in a build from a work tree), and the VCS
// revision and whether the tree was modified when the build records them, the Go version, and
// the code that runs the engine's scans on this CPU (kayles.VectorScan).
type buildInfo struct {
	Module   string `json:"module"`
	Version  string `json:"version"`
	Revision string `json:"revision,omitempty"`
	Modified bool   `json:"modified,omitempty"`
	Go       string `json:"go"`
	Scan     string `json:"scan"` // the code of the engine's scans here: avx512, avx2, neon or go
}

const modulePath = "github.com/octalgames/kayles"

// readBuild returns the build information of the kayles module in this binary.
func readBuild() buildInfo {
	b := buildInfo{Module: modulePath, Version: "unknown", Go: runtime.Version(), Scan: kayles.VectorScan()}
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return b
	}
	if bi.Main.Path == modulePath {
		b.Version = bi.Main.Version
		for _, st := range bi.Settings {
			switch st.Key {
			case "vcs.revision":
				b.Revision = st.Value
			case "vcs.modified":
				b.Modified = st.Value == "true"
			}
		}
		return b
	}
	for _, d := range bi.Deps {
		if d.Path == modulePath {
			if d.Replace != nil {
				d = d.Replace
			}
			b.Version = d.Version
		}
	}
	return b
}

func toJSON(r kayles.Report) jsonReport {
	j := jsonReport{Code: r.Code, Values: r.Values, Sparse: r.Sparse, MaxValue: r.MaxValue, MaxAt: r.MaxAt,
		LastNew: r.LastNew, ElapsedSeconds: r.Elapsed.Seconds()}
	if r.Sparse {
		m, c, from, rc, lr := r.Mask, r.Parity, r.ParityFrom, r.RareCount, r.LastRare
		j.Mask, j.Parity, j.ParityFrom, j.RareCount, j.LastRare = &m, &c, &from, &rc, &lr
	}
	if r.Period.Period > 0 {
		n0, p, st := r.Period.Preperiod, r.Period.Period, r.Period.Saltus
		j.Preperiod, j.Period, j.Saltus = &n0, &p, &st
	} else if a := r.Apparent; a.Period > 0 {
		j.Apparent = &jsonPeriod{Preperiod: a.Preperiod, Period: a.Period, Saltus: a.Saltus}
	}
	return j
}

func text(r kayles.Report) string {
	s := fmt.Sprintf("code %s: %s in %.3fs; ", r.Code, plural(r.Values, "value"), r.Elapsed.Seconds())
	switch {
	case r.Period.Period > 0:
		s += "proven " + r.Period.String()
	case r.Apparent.Period > 0:
		s += "no period proven; the values show " + r.Apparent.String()
	default:
		s += "no period proven"
	}
	s += "\n"
	if r.Values == 0 {
		return s // no values: nothing more to describe
	}
	switch {
	case !r.Sparse:
		s += "no rare/common split: the code is outside the sparse-space engine\n"
	case r.RareCount == 0:
		s += fmt.Sprintf("mask %#x parity %d (from %d): no rare heaps\n", r.Mask, r.Parity, r.ParityFrom)
	default:
		s += fmt.Sprintf("mask %#x parity %d (from %d): %s, the last at %d\n",
			r.Mask, r.Parity, r.ParityFrom, plural(r.RareCount, "rare heap"), r.LastRare)
	}
	if p := r.Period; p.Period > 0 && p.Saltus > 0 {
		// A closed form or an arithmetic period proven early: the largest value computed says
		// nothing of the values past them, which grow without bound.
		return s + fmt.Sprintf("the values grow without bound, by %d every %s from heap %d; the largest of the %s computed is %d, first at heap %d\n",
			p.Saltus, plural(p.Period, "heap"), p.Preperiod, plural(r.Values, "value"), r.MaxValue, r.MaxAt)
	}
	s += fmt.Sprintf("largest value %d, first at heap %d\n", r.MaxValue, r.MaxAt)
	if r.Period.Period == 0 && r.Apparent.Saltus == 0 && r.LastNew > 0 {
		s += fmt.Sprintf("a value first seen at heap %d: a period of saltus 0, if any, has preperiod + period > %d\n", r.LastNew, r.LastNew)
	}
	return s
}

// plural returns n and the noun, with an s unless n is 1.
func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return strconv.Itoa(n) + " " + noun + "s"
}
