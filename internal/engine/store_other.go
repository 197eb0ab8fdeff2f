//go:build !linux

package engine

// This file implements the storage of a spilled run's values on systems other than Linux: a
// plain allocation that keeps every value (the file still holds them all).

// reserve returns an empty slice with room for n values, at most MaxValues, and false: it is a
// plain allocation.
func reserve(n int) ([]uint16, bool) { return make([]uint16, 0, min(n, MaxValues)), false }

// forget keeps the values: without a way to give pages back they stay in memory.
func forget(g []uint16, lo, hi int) {}

// unreserve does nothing: the collector frees a plain allocation.
func unreserve(g []uint16) {}

// diskFree returns false: the free space of a disk is looked up only on Linux.
func diskFree(dir string) (int64, bool) { return 0, false }
