//go:build linux

package engine

import (
	"syscall"
	"unsafe"
)

// This file implements the storage of a spilled run's values on Linux: one reservation of
// address space, whose pages the system lends only as values are written, and whose middle
// is given back once it is on disk.

// reserve returns an empty slice with room for n values in pages of their own, and true; or
// a plain allocation of room for at most MaxValues and false when the system refuses the
// reservation.
func reserve(n int) ([]uint16, bool) {
	b, err := syscall.Mmap(-1, 0, 2*n, syscall.PROT_READ|syscall.PROT_WRITE,
		syscall.MAP_PRIVATE|syscall.MAP_ANON|syscall.MAP_NORESERVE)
	if err != nil || n == 0 {
		return make([]uint16, 0, min(n, MaxValues)), false
	}
	return unsafe.Slice((*uint16)(unsafe.Pointer(unsafe.SliceData(b))), n)[:0], true
}

// forget gives the whole pages of g[lo:hi] back to the system: reading them afterwards gives
// zeros, so the caller reads those values from the file instead. g must come from a reservation
// (reserve's true).
func forget(g []uint16, lo, hi int) {
	const page = 1 << 12 // values per two pages of 4 KiB: the least unit that is whole pages on any page size up to 8 KiB
	lo = (lo + page - 1) / page * page
	hi = hi / page * page
	if hi <= lo {
		return
	}
	b := unsafe.Slice((*byte)(unsafe.Pointer(&g[:hi][lo])), 2*(hi-lo))
	_ = syscall.Madvise(b, syscall.MADV_DONTNEED) // a refusal only keeps the pages
}

// unreserve gives back a reservation that reserve made.
func unreserve(g []uint16) {
	if cap(g) > 0 {
		g = g[:cap(g)]
		_ = syscall.Munmap(unsafe.Slice((*byte)(unsafe.Pointer(&g[0])), 2*len(g)))
	}
}

// diskFree returns the bytes free for this user on the file system of dir, and true, or false
// when the system does not say.
func diskFree(dir string) (int64, bool) {
	var st syscall.Statfs_t
	if err := syscall.Statfs(dir, &st); err != nil {
		return 0, false
	}
	unit := int64(st.Frsize) // the unit of Bavail; 0 on old kernels, which count in Bsize
	if unit == 0 {
		unit = int64(st.Bsize)
	}
	return int64(st.Bavail) * unit, true
}
