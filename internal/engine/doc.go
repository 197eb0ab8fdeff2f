// Package engine computes the nim-values of one take-and-break rule set: the mex of each
// heap's options, by the rare/common ("sparse space") engine for codes whose moves leave at
// most two heaps, the three-heap engine for plain codes with flag 8, and a reference mex the
// root supplies for every other code; the incremental search for a period that the
// periodicity theorem proves; and the storage of the values, in memory, in checkpoint files
// and, for long runs, spilled to a file.
//
// The root package works out the [Rules] of a code once, makes an [Engine] with [New], and
// crosses into it once per extension: [Engine.Extend], [Engine.Prove] and [Engine.Step]
// compute, and every value is read from an immutable [Snapshot] without a lock.
//
// # Boundary
//
// The engine knows nothing of the public API: it reads take lists, not codes, and returns its
// own [LimitError] and [FileError], which the root turns into its own errors. Its work is
// counted by a [Budget]: one step per option of the reference mex, charged before the plain
// engines compute (see [Engine.Cost]), or as the root's Mex lists them.
//
// # Files
//
// engine.go holds the Engine and its extension; sparse*.go the rare/common engine (its blocks,
// its two goroutines, its scan plans and its AVX-512 scans in sparse_vector_amd64.s);
// threeheap.go the three-heap engine; large.go the values above 65535; period.go the period
// search; checkpoint.go and spillfile.go the file formats; spill*.go and store_*.go the runs
// whose values go to a file.
package engine
