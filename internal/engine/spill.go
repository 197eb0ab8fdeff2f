package engine

import (
	"cmp"
	"encoding/binary"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"sync"
	"sync/atomic"
)

// This file implements spilled runs: the values of a long run of a code under the rare/common
// engine go to its checkpoint file as they are computed, and only a front and a tail of them
// stay in memory.

// Once the rare heaps of a code under the rare/common engine stop, heap n reads only G(n-i)
// for the takes i, G(r) and G(n-i-r) for the rare heaps r, and in its searches G(a) and
// G(n-i-a) for small a. So with every rare heap and every search below a front F, and the
// values from n-F-t on in memory (t the largest take), the values between are never read.
// A spilled run keeps [0, front) and [floor, n) in memory, with floor at least
// front+t+period+step below the heap being computed (period and step for the period search),
// and gives the pages of [front, floor) back to the system once they are in the file.
//
// Nothing is answered from a missing value:
//   - the scans stop at the front (sparse.front); a search that this cuts short with values
//     still missing yields no value (-1), and the run doubles the front, reading it back
//     from the file, before it computes that heap again;
//   - a new rare heap r is read with G(n-i-r), which climbs one heap a heap from 0: the run
//     computes at most front heaps between two checks, so that G(n-i-r) is still in the
//     front when a check sees r beyond it, and then the run reads every value back and goes
//     on in memory (up to MaxValues), since every later heap reads values near n-r;
//   - the mask stays fixed once values are given back, since choosing another rebuilds the
//     rare list from every value.
//
// The period search looks only at periods up to spillTuning.period once values are given
// back, and reads from the file the few values below the tail that it compares.

// spillTuning holds the sizes of spilled runs, per engine so that tests can force small ones.
type spillTuning struct {
	from   int // the values computed before pages are given back
	front  int // the least front, doubled until it holds twice the last rare heap
	period int // the longest period looked for once pages are given back
	step   int // the most values of one step of Run
	most   int // the largest front before the run keeps every value in memory
	room   int // the values between two looks at the free space of the disk
}

// spill is the file and the memory of a spilled run. The engine uses it under its lock;
// readers of a snapshot call value, which is safe for concurrent use.
type spill struct {
	tune   spillTuning
	path   string
	f      *os.File
	hdr    int    // the header's length
	crc    uint32 // the checksum of the last whole record written
	whole  int    // the values in whole records in the file (a short record may follow)
	extra  int64  // the bytes of the tables of large values in those records
	bigs   int    // the entries of the side table in those records
	old    bool   // the file is of version 2, which holds no large values
	buf    []byte
	rd     []byte                         // the buffer of load, under the engine's lock
	limit  int                            // the most values of the run
	roomAt int                            // the values at which the free space of the disk is next looked at
	take   int                            // the largest take
	owns   bool                           // the values are in a reservation of their own (store_linux.go)
	free   func(dir string) (int64, bool) // the free space of a disk (Settings.FreeSpace)
	on     bool                           // pages are being given back
	falls  [2]int                         // how many times the front was doubled ([0]) and every value read back ([1]), for the tests
	front  atomic.Int64                   // values below front are in memory (math.MaxInt once every one is)
	floor  atomic.Int64                   // values from floor on are in memory; those in [front, floor) in the file only
	// unsynced counts the bytes written since the last sync began; past spillSyncEvery, write
	// has them synced in the background (syncing), so that sync, on a cancel too, has little
	// left to write however long since the last checkpoint.
	unsynced int64
	syncing  sync.WaitGroup
	cache    readCache // the block that stored read last
}

// spillSyncEvery is how many bytes write writes before it has them synced in the background.
const spillSyncEvery = 4 << 20

// newSpill writes vals to path, a new spill file for code (replacing any file there, the
// header first by a rename so that path is never a file cut short in its header), for a run
// of at most limit values, and returns the spill with the values moved to a reservation of
// their own.
func newSpill(path, code string, vals []uint16, big []Big, limit, take int, tune spillTuning) (*spill, []uint16, error) {
	fail := func(reason string, err error) (*spill, []uint16, error) {
		return nil, nil, &FileError{Path: path, Reason: reason, Err: err}
	}
	tmp, err := createTemp(path)
	if err != nil {
		return fail("cannot create a temporary file", err)
	}
	defer os.Remove(tmp.Name()) // fails harmlessly once renamed
	hdr := spillHeader(code, spillVersion)
	_, err = tmp.Write(hdr)
	if err == nil {
		err = tmp.Sync()
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return fail("cannot write", err)
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		return fail("cannot rename the temporary file", err)
	}
	f, err := os.OpenFile(path, os.O_RDWR, 0)
	if err != nil {
		return fail("cannot open", err)
	}
	sc := spillScan{hdr: len(hdr), end: int64(len(hdr)), crc: crc32Tail(hdr), version: spillVersion}
	return openSpill(path, f, sc, vals, big, limit, take, tune)
}

// crc32Tail returns the checksum that ends b.
func crc32Tail(b []byte) uint32 { return binary.LittleEndian.Uint32(b[len(b)-4:]) }

// openSpill returns the spill of f, a new spill file of which sc says where a writer goes on,
// for the values vals and their side table big (all in memory), moved to a reservation of room
// for limit values.
func openSpill(path string, f *os.File, sc spillScan, vals []uint16, big []Big, limit, take int, tune spillTuning) (*spill, []uint16, error) {
	g, owns := reserve(max(limit, len(vals)))
	g = append(g, vals...)
	sp := &spill{tune: tune, path: path, f: f, hdr: sc.hdr, crc: sc.crc, whole: sc.whole, take: take, owns: owns, limit: limit}
	sp.front.Store(math.MaxInt)
	runtime.AddCleanup(sp, func(r release) { r.free() }, release{f: f, g: g, owns: owns})
	if err := sp.write(g, big, false); err != nil {
		return nil, nil, err
	}
	return sp, g, nil
}

// release is what a spill holds outside the Go heap: its file and its reservation.
type release struct {
	f    *os.File
	g    []uint16
	owns bool
}

func (r release) free() {
	r.f.Close()
	if r.owns {
		unreserve(r.g)
	}
}

func (sp *spill) fail(reason string, err error) error {
	return &FileError{Path: sp.path, Reason: reason, Err: err}
}

// write appends the whole records of g (with big, their side table) beyond those in the file,
// and with final the last values too, in a record of fewer values that the next write
// replaces.
func (sp *spill) write(g []uint16, big []Big, final bool) error {
	if sp.old && len(big) > 0 {
		return sp.fail("the file is of format 2, which holds no values above 65535: start the run afresh, with another Checkpoint", ErrFormat)
	}
	for {
		buf, crc, start, bigs, extra := sp.buf[:0], sp.crc, sp.whole, sp.bigs, sp.extra
		// in returns the entries of big for the heaps from start to end, from bigs on.
		in := func(end int) []Big {
			k := bigs
			for k < len(big) && big[k].at < end {
				k++
			}
			return big[bigs:k]
		}
		for len(buf) < 1<<20 && start+spillRecord <= len(g) {
			b := in(start + spillRecord)
			buf, crc = appendRecord(buf, crc, g[start:start+spillRecord], start, b)
			start += spillRecord
			if bigs += len(b); len(b) > 0 {
				extra += int64(4 + 12*len(b))
			}
		}
		short := final && len(buf) < 1<<20 && start < len(g)
		if short {
			buf, _ = appendRecord(buf, crc, g[start:], start, in(len(g)))
		}
		if len(buf) == 0 {
			return nil
		}
		sp.buf = buf
		if _, err := sp.f.WriteAt(buf, spillOffset(sp.hdr, sp.whole)-4+sp.extra); err != nil {
			return sp.fail("cannot write", err)
		}
		sp.whole, sp.crc, sp.bigs, sp.extra = start, crc, bigs, extra
		if sp.unsynced += int64(len(buf)); !final && sp.unsynced >= spillSyncEvery {
			sp.unsynced = 0
			sp.syncing.Wait() // one sync at a time
			f := sp.f
			sp.syncing.Go(func() { f.Sync() }) // an error shows again at sync's
		}
		if short {
			return nil
		}
	}
}

// sync writes every value of g (with big, their side table), the last ones in a short record,
// and flushes the file to the disk.
func (sp *spill) sync(g []uint16, big []Big) error {
	if err := sp.write(g, big, true); err != nil {
		return err
	}
	sp.syncing.Wait()
	sp.unsynced = 0
	if err := sp.f.Sync(); err != nil {
		return sp.fail("cannot sync", err)
	}
	return nil
}

// stored returns the stored value of G(n) for n below len(g), from memory or from the file.
func (sp *spill) stored(g []uint16, n int) (uint16, bool) {
	if n < int(sp.front.Load()) {
		return g[n], true
	}
	if f := int(sp.floor.Load()); n >= f {
		v := g[n]
		if n >= int(sp.floor.Load()) { // the pages were not given back while v was read
			return v, true
		}
	}
	return sp.cache.at(sp, g, n)
}

// A readCache is the spillReader of stored, under a mutex so that stored is safe for
// concurrent use: values read in order cost one read of the file a block (spillRecord values)
// rather than one a value.
type readCache struct {
	mu    sync.Mutex
	r     *spillReader // nil until the first read, and after a read fails
	reads int          // the blocks read, for Stats
}

// at returns the stored value of G(n), n below len(g), from memory or the file.
func (c *readCache) at(sp *spill, g []uint16, n int) (uint16, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.r == nil {
		c.r = sp.reader(g)
	}
	c.r.g = g // the values in memory now: the reader keeps only the file's blocks
	before := c.r.reads
	v := c.r.at(n)
	c.reads += c.r.reads - before
	if c.r.err != nil {
		c.r = nil // its block is not the file's: the next read starts afresh
		return 0, false
	}
	return v, true
}

// load reads dst, the values from lo on, from the file, under the engine's lock.
func (sp *spill) load(dst []uint16, lo int) error {
	if sp.rd == nil {
		sp.rd = make([]byte, 2*spillRecord)
	}
	return sp.loadWith(sp.rd, dst, lo)
}

// loadWith is load with b, of 2·spillRecord bytes, as its buffer; it is safe for concurrent
// use with distinct buffers.
func (sp *spill) loadWith(b []byte, dst []uint16, lo int) error {
	for j := 0; j < len(dst); {
		i := lo + j
		k := min(len(dst)-j, (i/spillRecord+1)*spillRecord-i)
		c := b[:2*k]
		if _, err := sp.f.ReadAt(c, spillOffset(sp.hdr, i)); err != nil {
			return sp.fail("cannot read back values", err)
		}
		for x := range k {
			dst[j+x] = binary.LittleEndian.Uint16(c[2*x:])
		}
		j += k
	}
	return nil
}

// spillReader reads the values of a spilled run in any order, from memory or from blocks of
// the file. It keeps the two blocks it read last, so that a walk of two heaps in step (the
// period searches compare G(i) with G(i+p)) reads each block once. It is used by one
// goroutine.
type spillReader struct {
	sp    *spill
	g     []uint16
	from  [2]int      // the first value of each block held
	buf   [2][]uint16 // the blocks of the file, buf[last] the one read last
	raw   []byte      // the bytes of a block, as read
	last  int
	err   error
	reads int // the blocks read, for the tests
}

func (sp *spill) reader(g []uint16) *spillReader {
	r := &spillReader{sp: sp, g: g, raw: make([]byte, 2*spillRecord)}
	for k := range r.buf {
		r.buf[k] = make([]uint16, 0, spillRecord)
	}
	return r
}

// at returns G(i), for i below len(g).
func (r *spillReader) at(i int) uint16 {
	sp := r.sp
	if i < int(sp.front.Load()) {
		return r.g[i]
	}
	if i >= int(sp.floor.Load()) {
		v := r.g[i]
		if i >= int(sp.floor.Load()) {
			return v
		}
	}
	for _, k := range [2]int{r.last, 1 - r.last} {
		if i >= r.from[k] && i < r.from[k]+len(r.buf[k]) {
			r.last = k
			return r.buf[k][i-r.from[k]]
		}
	}
	k := 1 - r.last // the block read less recently makes room
	r.from[k] = i / spillRecord * spillRecord
	r.buf[k] = r.buf[k][:min(spillRecord, len(r.g)-r.from[k])]
	r.reads++
	if err := sp.loadWith(r.raw, r.buf[k], r.from[k]); err != nil {
		r.err = cmp.Or(r.err, err)
		clear(r.buf[k])
	}
	r.last = k
	return r.buf[k][i-r.from[k]]
}

// reach is how far below the heap being computed the values must stay in memory: the front
// (the searches' larger parts), the largest take, and the period search's look-back and one
// step. The block engine's mirrors of the recent values copy nothing below sparse.low.
func (sp *spill) reach(front int) int {
	return front + sp.take + sp.tune.period + sp.tune.step + 1
}

// settle prepares e for its next values, g being those computed: it writes the values to the
// file, falls back to memory when a rare heap passed the front, and gives back the pages that
// no heap will read. It returns the most values that may be computed before the next settle:
// at most front once pages are given back, so that a rare heap found in between is seen here
// before any heap reads a value beyond the front with it.
func (e *Engine) settle(snap *Snapshot) (int, error) {
	sp, g := e.spl, snap.vals
	if err := sp.write(g, snap.big, false); err != nil {
		return 0, err
	}
	if err := sp.room(len(g)); err != nil {
		return 0, err
	}
	s := e.sp
	front := int(sp.front.Load())
	if !sp.on {
		if len(g) < sp.tune.from {
			return sp.tune.from - len(g), nil
		}
		if !sp.owns || !e.pl.plain || e.pl.heaps != 2 || len(e.pl.leave2) == 0 || e.ref || snap.max > e.direct {
			return math.MaxInt, nil // not the rare/common engine, or no pages of its own
		}
		if s == nil || !s.on {
			return spillRecord, nil // look again soon: a mask may be chosen yet
		}
		front = sp.tune.front
		for len(s.rare) > 0 && int(s.rare[len(s.rare)-1]) >= front/2 {
			front *= 2
		}
		if front > sp.tune.most {
			return math.MaxInt, nil // too many rare heaps to give any page back
		}
		sp.on = true
		sp.floor.Store(int64(front))
		sp.front.Store(int64(front))
		s.front, s.chooseAt, s.rareAt = front, math.MaxInt, math.MaxInt
	}
	if front == math.MaxInt {
		return math.MaxInt, nil // every value stays in memory
	}
	if len(s.rare) > 0 && int(s.rare[len(s.rare)-1]) >= front {
		return e.unspill(g, "heap "+strconv.Itoa(int(s.rare[len(s.rare)-1]))+" is rare beyond the front")
	}
	floor := int(sp.floor.Load())
	if f := min(len(g)-sp.reach(front), sp.whole) / spillRecord * spillRecord; f > floor {
		sp.floor.Store(int64(f))
		s.low = f // before the pages go: the mirrors of the recent values copy nothing below
		forget(g, max(floor, front), f)
	}
	return min(front, spillBatch), nil
}

// spillSize returns the bytes of a spill file of n values whose header takes hdr bytes,
// without tables of large values.
func spillSize(hdr, n int) int64 {
	return int64(hdr) + int64((n+spillRecord-1)/spillRecord)*(8+2*spillRecord)
}

// room returns a [*LimitError] when the disk of sp's file has too little space for the rest of
// the run, n values being computed. It looks every tune.room values (a system call).
func (sp *spill) room(n int) error {
	if n < sp.roomAt {
		return nil
	}
	sp.roomAt = n + sp.tune.room
	end := spillOffset(sp.hdr, sp.whole) - 4 + sp.extra // where the next record goes
	return checkRoom(sp.free, sp.path, "", spillSize(sp.hdr, sp.limit)+sp.extra-end, 0, sp.limit, sp.whole)
}

// checkRoom returns a [*LimitError] when the file system of path, as freeSpace tells, has
// fewer than need bytes free, of which fixed are not records, for a spilled run of limit
// values with n of them in the file (its code, when not empty, for the message).
func checkRoom(freeSpace func(string) (int64, bool), path, code string, need, fixed int64, limit, n int) error {
	free, ok := freeSpace(filepath.Dir(path))
	if !ok || need <= free {
		return nil
	}
	fits := n + int(max(free-fixed, 0)/(8+2*spillRecord))*spillRecord
	q := strconv.Itoa(limit) + " values"
	if code != "" {
		q += " of " + code
	}
	return &LimitError{Question: q + " spilled to " + path, Limit: int64(fits), Unit: "values, for the free space of its disk",
		Advice: "the file needs " + strconv.FormatInt(need, 10) + " more bytes and the disk has " + strconv.FormatInt(free, 10) +
			" free: free some space, give a Checkpoint on a larger disk, or lower Limit"}
}

// spillBatch is the most values between two settles, so that the file is never far behind the
// values computed (at most front are allowed, see settle).
const spillBatch = 1 << 14

// widen doubles the front of e, g being the values computed, after a search cut short by it:
// it reads the new front back from the file, and the tail that it needs, or falls back to
// memory when the front would pass spillTuning.most.
func (e *Engine) widen(g []uint16) error {
	sp := e.spl
	front := int(sp.front.Load())
	if 2*front > sp.tune.most {
		_, err := e.unspill(g, "a search passed "+strconv.Itoa(front)+" heaps")
		return err
	}
	floor := int(sp.floor.Load())
	nf := min(len(g)-sp.reach(2*front), floor) / spillRecord * spillRecord
	if err := sp.load(g[front:min(2*front, floor)], front); err != nil {
		return err
	}
	if lo := max(nf, 2*front); lo < floor {
		if err := sp.load(g[lo:floor], lo); err != nil {
			return err
		}
		sp.floor.Store(int64(max(nf, 2*front)))
	}
	sp.front.Store(int64(2 * front))
	e.sp.front = 2 * front
	sp.falls[0]++
	return nil
}

// unspill reads every value of g back from the file, so that the run goes on in memory, or
// returns a [*LimitError] when there are more than MaxValues.
func (e *Engine) unspill(g []uint16, why string) (int, error) {
	sp := e.spl
	if len(g) > MaxValues {
		return 0, &LimitError{Question: strconv.Itoa(len(g)) + " values of " + e.pl.code + " in memory", Limit: MaxValues, Unit: "values",
			Advice: why + ", so the run needs every value in memory"}
	}
	// front may be beyond the values after a resume of a short file.
	front := min(int(sp.front.Load()), len(g))
	floor := min(max(int(sp.floor.Load()), front), len(g))
	if err := sp.load(g[front:floor], front); err != nil {
		return 0, err
	}
	sp.front.Store(math.MaxInt)
	sp.falls[1]++
	s := e.sp
	s.front, s.chooseAt = 0, len(g)+1 // and a mask chosen afresh from every value
	if s.on {
		s.rareAt = max(2*len(s.rare), 64)
	}
	return math.MaxInt, nil
}

// extendSpilled is extendLocked for a spilled run: it computes the values in batches, settling
// before each, and widens the front when a search is cut short by it.
func (e *Engine) extendSpilled(n, most int, b *Budget) (*Snapshot, error) {
	for {
		s := e.load()
		if n <= len(s.vals) || s.period.Period > 0 {
			return s, nil
		}
		if n > cap(s.vals) {
			return s, &LimitError{Question: strconv.Itoa(n) + " values of " + e.pl.code, Limit: int64(cap(s.vals)), Unit: "values",
				Advice: "a run that spills its values to a file computes at most its Limit; start a new run with a larger one"}
		}
		batch, err := e.settle(s)
		if err != nil {
			return s, err
		}
		next := n
		if batch < n-len(s.vals) {
			next = len(s.vals) + batch
		}
		s, err = e.extendCore(next, most, b)
		if e.cut {
			e.cut = false
			if err := e.widen(s.vals); err != nil {
				return s, err
			}
			continue
		}
		if err != nil || len(s.vals) < next {
			return s, err
		}
	}
}
